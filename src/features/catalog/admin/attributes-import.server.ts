// Attribute columns of the product import and export: `attr:{code}` for an enum attribute (option
// codes or values in either language, several separated by semicolons), a number attribute
// (numbers separated by semicolons, decimal comma or dot) or the Polish text of a text attribute,
// and `attr:{code}:en` for the English text. A column the file has replaces that attribute's values
// of every product of the file (an empty cell removes them); attributes without a column stay.
import type { Db } from '~/core/db/client.server';
import { validationError } from '~/core/http/errors';
import { foldText } from '~/core/text';
import { type AttributeDef, type AttributeWrite, attributeDefinitions, numberKey, replaceProductAttributes, valuesOf } from '../attributes.server';
import { adminT, parseNumberList, type Translate } from './validation';

export const ATTRIBUTE_COLUMN_PREFIX = 'attr:';

/** A header cell as an attribute column name ("Attr:Category" -> "attr:category"), or null. */
export function attributeColumn(header: string): string | null {
  const name = foldText(header).trim().replace(/\s+/g, '');
  return name.startsWith(ATTRIBUTE_COLUMN_PREFIX) ? name : null;
}

/** The export's attribute columns, in attribute order. */
export function attributeColumnsOf(defs: AttributeDef[]): string[] {
  return defs.flatMap((d) =>
    d.type === 'text' ? [`${ATTRIBUTE_COLUMN_PREFIX}${d.code}`, `${ATTRIBUTE_COLUMN_PREFIX}${d.code}:en`] : [`${ATTRIBUTE_COLUMN_PREFIX}${d.code}`],
  );
}

/** A product's values as export cells. */
export function attributeCells(defs: AttributeDef[], writes: AttributeWrite[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defs) {
    const w = writes.find((x) => x.attributeId === d.id);
    const col = `${ATTRIBUTE_COLUMN_PREFIX}${d.code}`;
    if (d.type === 'enum')
      out[col] = (w?.optionIds ?? [])
        .map((id) => d.options.find((o) => o.id === id)?.code ?? '')
        .filter(Boolean)
        .join('; ');
    else if (d.type === 'number') out[col] = (w?.numbers ?? []).map(numberKey).join('; ');
    else {
      out[col] = w?.textPl ?? '';
      out[`${col}:en`] = w?.textEn ?? '';
    }
  }
  return out;
}

/** Export cells of products by id. */
export async function exportAttributeCells(db: Db, defs: AttributeDef[], productIds: number[]): Promise<Map<number, Record<string, string>>> {
  const rows = await valuesOf(db, productIds);
  const writes = new Map<number, Map<number, AttributeWrite>>();
  for (const r of rows) {
    const byAttr = writes.get(r.productId) ?? writes.set(r.productId, new Map()).get(r.productId);
    const w = byAttr?.get(r.attributeId) ?? { attributeId: r.attributeId };
    byAttr?.set(r.attributeId, w);
    if (r.optionId !== null) (w.optionIds ??= []).push(r.optionId);
    else if (r.number !== null) (w.numbers ??= []).push(Number(r.number));
    else {
      w.textPl = r.textPl;
      w.textEn = r.textEn;
    }
  }
  return new Map(productIds.map((id) => [id, attributeCells(defs, [...(writes.get(id)?.values() ?? [])])]));
}

/** Parsed attribute cells of a file: per row line, per attribute column, the cell text. */
export interface AttributeCells {
  columns: string[];
  rows: Map<number, Record<string, string>>;
}

/** The writes of the attribute cells of one product (errors by column). */
function parseCells(
  defs: Map<string, AttributeDef>,
  columns: string[],
  cells: Record<string, string>,
  t: Translate,
): { writes: AttributeWrite[]; errors: Record<string, string[]> } {
  const writes: AttributeWrite[] = [];
  const errors: Record<string, string[]> = {};
  const texts = new Map<number, AttributeWrite>();
  for (const column of columns) {
    const [, code = '', lang] = column.split(':');
    const d = defs.get(code) as AttributeDef;
    const cell = (cells[column] ?? '').trim();
    if (d.type === 'enum') {
      const optionIds: number[] = [];
      for (const part of cell
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const f = foldText(part);
        const o = d.options.find((x) => x.code === f || foldText(x.valuePl) === f || foldText(x.valueEn) === f);
        if (!o) (errors[column] ??= []).push(t('import.attrOption', { value: part, code, allowed: d.options.map((x) => x.code).join(', ') }));
        else if (!optionIds.includes(o.id)) optionIds.push(o.id);
      }
      writes.push({ attributeId: d.id, optionIds });
    } else if (d.type === 'number') {
      const numbers = parseNumberList(cell);
      if (numbers === null) (errors[column] ??= []).push(t('v.numberList'));
      else writes.push({ attributeId: d.id, numbers });
    } else {
      const w = texts.get(d.id) ?? { attributeId: d.id, textPl: '', textEn: '' };
      if (!texts.has(d.id)) {
        texts.set(d.id, w);
        writes.push(w);
      }
      if (cell.length > 300) (errors[column] ??= []).push(t('v.max', { max: 300 }));
      if (lang === 'en') w.textEn = cell;
      else w.textPl = cell;
    }
  }
  return { writes, errors };
}

/** Attribute writes per planned product (by its first file row), and errors per file row. */
export interface AttributePlan {
  byFirstRow: Map<number, AttributeWrite[]>;
}

/**
 * Checks the attribute columns of a file: unknown columns refuse the file (422 on `file`); each
 * product's cells are parsed (the same in every row of the product). Errors go into `addError`.
 */
export async function planAttributes(
  db: Db,
  cells: AttributeCells | undefined,
  products: { firstRow: number; rows: number[] }[],
  addError: (row: number, column: string, message: string) => void,
  locale: 'pl' | 'en',
): Promise<AttributePlan | undefined> {
  if (!cells || cells.columns.length === 0) return undefined;
  const t = adminT(locale);
  const defs = new Map((await attributeDefinitions(db)).map((d) => [d.code, d]));
  const unknown = cells.columns.filter((c) => {
    const [, code = '', lang, extra] = c.split(':');
    const d = defs.get(code);
    return !d || extra !== undefined || (lang !== undefined && !(lang === 'en' && d.type === 'text'));
  });
  if (unknown.length) throw validationError({ file: [t('import.attrUnknown', { column: unknown.join(', ') })] });
  const byFirstRow = new Map<number, AttributeWrite[]>();
  for (const p of products) {
    const first = cells.rows.get(p.firstRow) ?? {};
    for (const line of p.rows) {
      if (line === p.firstRow) continue;
      const other = cells.rows.get(line) ?? {};
      for (const c of cells.columns) {
        if ((other[c] ?? '').trim() !== (first[c] ?? '').trim()) addError(line, c, t('import.conflict', { row: p.firstRow, column: c }));
      }
    }
    const { writes, errors } = parseCells(defs, cells.columns, first, t);
    for (const [column, messages] of Object.entries(errors)) for (const m of messages) addError(p.firstRow, column, m);
    byFirstRow.set(p.firstRow, writes);
  }
  return { byFirstRow };
}

/** Writes the planned attribute values of the imported products (ids by first file row). */
export async function writeImportAttributes(tx: Db, plan: AttributePlan | undefined, idOf: Map<number, number>): Promise<void> {
  if (!plan) return;
  const items = [...plan.byFirstRow.entries()].flatMap(([row, writes]) => {
    const productId = idOf.get(row);
    return productId ? [{ productId, writes }] : [];
  });
  await replaceProductAttributes(tx, items, false);
}
