// The one rule of what the public sees and buyers may order (issue 37): a product is buyable when it
// is active, published (its publication time has come) and its category and every category above it
// are active. The product page, GET /api/products/{id}, the cart, the quick order, the reorder and
// the placing of an order all ask this SQL, so none can drift from the others.
import { type SQL, sql } from 'drizzle-orm';

/** Deeper chains (or a loop of parents) are not shown: the category index stops at the same depth. */
const MAX_DEPTH = 32;

/**
 * The rule as SQL text over the products row called `p` (an alias, or "products"): true or false,
 * never null. Categories are walked up in the statement itself, so no cache can be stale.
 */
export function buyableSqlText(p: string): string {
  return `(${p}.is_active and ${p}.published_at <= now() and not exists (
    with recursive up(id, parent_id, is_active, depth) as (
      select c.id, c.parent_id, c.is_active, 0 from categories c where c.id = ${p}.category_id
      union all
      select c.id, c.parent_id, c.is_active, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < ${MAX_DEPTH}
    )
    select 1 from up where not up.is_active or up.depth >= ${MAX_DEPTH}))`;
}

/** The rule for Drizzle queries that read the `products` table under its own name. */
export function buyable(): SQL<boolean> {
  return sql<boolean>`${sql.raw(buyableSqlText('"products"'))}`;
}
