// Tax numbers of companies (forms of customers, complaints, registrations): a Polish NIP with its
// check digit, or a foreign VAT number with its country prefix. Shared by browser and server.

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;
/** A foreign VAT number: a country prefix other than PL, then digits and letters. */
const FOREIGN_VAT_RE = /^(?!PL)[A-Z]{2}[0-9A-Z+*.]{2,13}$/;

/** The NIP without separators: "123-456-32-18", "PL 1234563218" and "1234563218" give "1234563218". */
export function normalizeNip(value: string): string {
  return value.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
}

/** True for a 10-digit Polish tax number (NIP) whose check digit is right (weights 6,5,7,2,3,4,5,6,7 mod 11). */
export function isValidNip(value: string): boolean {
  const nip = normalizeNip(value);
  if (!/^\d{10}$/.test(nip)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(nip[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}

/**
 * A company's tax number: a Polish NIP with a valid check digit (given as 10 digits), or a foreign
 * VAT number with its country prefix (e.g. DE123456789). Empty is allowed.
 */
export function normalizeTaxNumber(value: string): { ok: true; value: string } | { ok: false } {
  const v = value.trim();
  if (v === '') return { ok: true, value: '' };
  const compact = v.replace(/[\s-]/g, '').toUpperCase();
  if (FOREIGN_VAT_RE.test(compact)) return { ok: true, value: compact };
  const nip = normalizeNip(v);
  return isValidNip(nip) ? { ok: true, value: nip } : { ok: false };
}
