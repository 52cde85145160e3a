import { describe, expect, it } from 'vitest';
import { dependencyTable, featureCycles, featureEdges, reasonsOf, TABLE_END, TABLE_START, withTable } from '../../scripts/check-layers.mjs';

const mod = (source: string, ...resolved: string[]) => ({ source, dependencies: resolved.map((r) => ({ resolved: r })) });

describe('the feature-level layering check (scripts/check-layers.mjs)', () => {
  it('finds a cycle between features through any files, tests aside', () => {
    const edges = featureEdges([
      mod('src/features/accounts/admin/users.server.ts', 'src/features/customers/customers.server.ts', 'src/core/db/db.server.ts'),
      mod('src/features/customers/customers.schema.ts', 'src/features/accounts/accounts.schema.ts'),
      mod('src/features/shop/cart.server.ts', 'src/features/customers/customers.schema.ts'),
      mod('src/features/shop/tests/fixtures.ts', 'src/features/pricing/pricing.schema.ts'),
      mod('src/features/pricing/pricing.server.test.ts', 'src/features/shop/cart.server.ts'),
    ]);
    expect([...edges.keys()].sort()).toEqual(['accounts -> customers', 'customers -> accounts', 'shop -> customers']);
    expect(featureCycles(edges.keys())).toEqual([['accounts', 'customers']]);
  });

  it('finds a cycle of three features and none in a one-way graph', () => {
    expect(featureCycles(['a -> b', 'b -> c', 'c -> a', 'd -> a'])).toEqual([['a', 'b', 'c']]);
    expect(featureCycles(['a -> b', 'b -> c', 'a -> c', 'd -> a'])).toEqual([]);
  });

  it('writes the table between the markers, keeps the reasons and marks a new edge', () => {
    const edges = new Map([
      ['shop -> catalog', new Set(['catalog.schema', 'buyable.server'])],
      ['forms -> catalog', new Set(['catalog.server'])],
    ]);
    const doc = `# A\n${TABLE_START}\nold\n${TABLE_END}\nrest\n`;
    const table = dependencyTable(edges, new Map([['shop -> catalog', 'numbers | products']]));
    expect(table.split('\n').slice(2)).toEqual([
      '| forms | catalog | `catalog.server` | TODO: say what for |',
      '| shop | catalog | `buyable.server`, `catalog.schema` | numbers \\| products |',
    ]);
    expect(reasonsOf(table).get('shop -> catalog')).toBe('numbers | products');
    expect(withTable(doc, table)).toBe(`# A\n${TABLE_START}\n${table}\n${TABLE_END}\nrest\n`);
    expect(() => withTable('# no markers', table)).toThrow(/markers/);
  });
});
