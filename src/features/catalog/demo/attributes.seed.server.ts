import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { attributeOptions, attributes, productAttributeValues } from '../attributes.schema';
import { DEMO_ATTRIBUTES, type DemoAttrs } from './attributes.data';

export interface SeededAttributes {
  byCode: Map<string, { id: number; type: string; options: Map<string, number> }>;
}

/** Inserts the demo attributes and their options. */
export async function seedDemoAttributes(db: Db = getDb()): Promise<SeededAttributes> {
  const rows = await db
    .insert(attributes)
    .values(
      DEMO_ATTRIBUTES.map((a, i) => ({
        code: a.code,
        namePl: a.namePl,
        nameEn: a.nameEn,
        unit: a.unit ?? '',
        type: a.type,
        position: i,
        isFacet: a.facet ?? a.type !== 'text',
        onCard: a.card ?? false,
      })),
    )
    .returning({ id: attributes.id, code: attributes.code, type: attributes.type });
  const byCode: SeededAttributes['byCode'] = new Map(rows.map((r) => [r.code, { id: r.id, type: r.type, options: new Map() }]));
  const options = DEMO_ATTRIBUTES.flatMap((a) =>
    (a.options ?? []).map(([code, pl, en], position) => ({ attributeId: byCode.get(a.code)?.id as number, code, valuePl: pl, valueEn: en ?? pl, position })),
  );
  if (options.length) {
    const inserted = await db
      .insert(attributeOptions)
      .values(options)
      .returning({ id: attributeOptions.id, attributeId: attributeOptions.attributeId, code: attributeOptions.code });
    const codeOf = new Map(rows.map((r) => [r.id, r.code]));
    for (const o of inserted) byCode.get(codeOf.get(o.attributeId) ?? '')?.options.set(o.code, o.id);
  }
  return { byCode };
}

/** The value rows of a demo product's attributes (unknown codes are a programming error). */
export function demoValueRows(productId: number, attrs: DemoAttrs | undefined, seeded: SeededAttributes): (typeof productAttributeValues.$inferInsert)[] {
  const out: (typeof productAttributeValues.$inferInsert)[] = [];
  for (const [code, value] of Object.entries(attrs ?? {})) {
    const attr = seeded.byCode.get(code);
    if (!attr) throw new Error(`Unknown demo attribute ${code}`);
    if (Array.isArray(value)) {
      value.forEach((v, position) => {
        if (typeof v === 'number') out.push({ productId, attributeId: attr.id, number: v, position });
        else {
          const optionId = attr.options.get(v);
          if (!optionId) throw new Error(`Unknown option ${v} of demo attribute ${code}`);
          out.push({ productId, attributeId: attr.id, optionId, position });
        }
      });
    } else out.push({ productId, attributeId: attr.id, textPl: value.pl, textEn: value.en, position: 0 });
  }
  return out;
}

/** Writes value rows in batches. */
export async function insertValueRows(db: Db, rows: (typeof productAttributeValues.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(productAttributeValues).values(rows.slice(i, i + 2000));
}
