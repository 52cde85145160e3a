import { z } from 'zod';
import { isValidNip, normalizeNip } from '~/core/tax-number';
import { customerMessages } from './messages';

export { isValidNip, normalizeNip };

/** A Zod schema for a NIP: accepts separators and the PL prefix, gives the 10 digits. */
export function nipSchema(message: string = customerMessages.pl['nip.invalid']) {
  return z.string().trim().transform(normalizeNip).refine(isValidNip, { message });
}
