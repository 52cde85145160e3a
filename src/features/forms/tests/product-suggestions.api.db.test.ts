// The complaint form's product-name suggestions: GET /api/complaints/product-suggestions?q= answers
// public catalogue products matching the text (name and catalogue number, at most 8, in the
// requested language), nothing for under two characters, and never a hidden product.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPageCache } from '~/core/server/page-cache.server';
import { products } from '~/features/catalog/catalog.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

async function suggest(q: string, locale = 'pl') {
  const res = await t.app.inject({ method: 'GET', url: `/api/complaints/product-suggestions?q=${encodeURIComponent(q)}`, headers: { 'x-locale': locale } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string; name: string }[] }).items;
}

describe('GET /api/complaints/product-suggestions', () => {
  it('finds a product by its catalogue number and names it with the number', async () => {
    const items = await suggest('CN-U6-305-G');
    expect(items).toHaveLength(1);
    expect(items[0].name).toBe('Kabel U/UTP kat. 6 PVC 4x2x23AWG (CN-U6-305-G)');
  });

  it('finds products by a part of the name, accent-insensitive, at most 8', async () => {
    const items = await suggest('kabel');
    expect(items.length).toBe(8);
    for (const i of items) expect(i.name.toLowerCase()).toContain('kabel');
  });

  it('names the products in the requested language', async () => {
    const [item] = await suggest('CN-U6-305-G', 'en');
    expect(item.name).toBe('U/UTP category 6 cable, PVC, 4x2x23AWG (CN-U6-305-G)');
  });

  it('answers nothing for fewer than two characters', async () => {
    expect(await suggest('k')).toEqual([]);
    expect(await suggest(' ')).toEqual([]);
  });

  it('never suggests a product hidden from the catalogue', async () => {
    const before = await suggest('CN-U6-305-G');
    expect(before).toHaveLength(1);
    await t.database.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, Number(before[0].id)));
    // What an admin save does: the catalogue caches are dropped and rebuilt from the database.
    clearPageCache();
    // Without the exact match the search falls back to similar cables; the hidden one is not among them.
    const after = await suggest('CN-U6-305-G');
    expect(after.map((i) => i.id)).not.toContain(before[0].id);
    expect(after.map((i) => i.name).join()).not.toContain('(CN-U6-305-G)');
  });
});
