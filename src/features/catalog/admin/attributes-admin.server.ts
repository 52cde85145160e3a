// A product's attribute values from the admin form: checked against the definitions (the
// attribute exists, options belong to it, the value fits its type) and written in the caller's
// transaction. Returns lines for the change log.
import type { Db } from '~/core/db/client.server';
import { validationError } from '~/core/http/errors';
import { type AttributeDef, type AttributeWrite, attributeDefinitions, attributeWritesOf, replaceProductAttributes } from '../attributes.server';
import type { ProductInput, Translate } from './validation';

/** Change-log lines of values: "code: option codes / numbers / pl | en". */
export function attributeLog(defs: AttributeDef[], writes: AttributeWrite[]): string[] {
  const byId = new Map(defs.map((d) => [d.id, d]));
  return writes
    .map((w) => {
      const d = byId.get(w.attributeId);
      if (!d) return '';
      const value =
        d.type === 'enum'
          ? (w.optionIds ?? []).map((id) => d.options.find((o) => o.id === id)?.code ?? id).join(', ')
          : d.type === 'number'
            ? (w.numbers ?? []).join('; ')
            : `${w.textPl ?? ''} | ${w.textEn ?? ''}`;
      return `${d.code}: ${value}`;
    })
    .filter(Boolean);
}

/** The writes of the form's attributes, checked (422 on `attributes.N.*`). */
export function checkAttributeInput(defs: AttributeDef[], input: NonNullable<ProductInput['attributes']>, t: Translate): AttributeWrite[] {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const errors: Record<string, string[]> = {};
  const writes: AttributeWrite[] = [];
  const seen = new Set<number>();
  input.forEach((a, i) => {
    const d = byId.get(a.id);
    if (!d || seen.has(a.id)) {
      errors[`attributes.${i}.id`] = [t('v.attributeMissing')];
      return;
    }
    seen.add(a.id);
    if (d.type === 'enum') {
      const allowed = new Set(d.options.map((o) => o.id));
      if (a.options.some((o) => !allowed.has(o))) errors[`attributes.${i}.options`] = [t('v.optionMissing')];
      else if (a.options.length) writes.push({ attributeId: d.id, optionIds: [...new Set(a.options)] });
    } else if (d.type === 'number') {
      if (a.numbers.length) writes.push({ attributeId: d.id, numbers: a.numbers });
    } else if (a.text_pl || a.text_en) {
      writes.push({ attributeId: d.id, textPl: a.text_pl, textEn: a.text_en });
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return writes;
}

/** Replaces every attribute value of a product with the form's; returns the change-log lines. */
export async function saveProductAttributes(tx: Db, productId: number, input: ProductInput, t: Translate): Promise<{ before: string[]; after: string[] }> {
  if (input.attributes === undefined) return { before: [], after: [] };
  const defs = await attributeDefinitions(tx);
  const writes = checkAttributeInput(defs, input.attributes, t);
  const before = attributeLog(defs, await attributeWritesOf(productId, tx));
  await replaceProductAttributes(tx, [{ productId, writes }], true);
  return { before, after: attributeLog(defs, writes) };
}
