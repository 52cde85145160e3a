import { z } from 'zod';
import { customerMessages } from './messages';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

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

/** A Zod schema for a NIP: accepts separators and the PL prefix, gives the 10 digits. */
export function nipSchema(message: string = customerMessages.pl['nip.invalid']) {
  return z
    .string()
    .trim()
    .transform(normalizeNip)
    .refine(isValidNip, { message });
}
