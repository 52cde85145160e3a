import { hash, verify } from '@node-rs/argon2';
import commonList from './common-passwords.txt?raw';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check when there is no user to check against, so that the
 * answer time does not tell whether an e-mail address has an account.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-but-a-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;

/** True when the password (case-insensitive, also without trailing digits/symbols) is a common one. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    commonList
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  const lower = password.trim().toLowerCase();
  if (common.has(lower)) return true;
  // "password2024!" or "qwertyuiop123" are the listed password with a predictable suffix.
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 6 && stem !== lower && common.has(stem);
}
