import { randomFillSync } from 'node:crypto';

// Random bytes for session ids and CSP nonces (a new visitor takes both on every page), from a
// pool refilled 4 kB at a time by the same CSPRNG: one randomBytes call per 16 or 32 bytes costs
// more in its call into OpenSSL than in the bytes (Node's randomUUID keeps a pool the same way).
// Every byte is handed out once.
const pool = Buffer.allocUnsafeSlow(4096);
let offset = pool.length;

/** `bytes` fresh random bytes, encoded. */
export function randomString(bytes: number, encoding: 'base64' | 'base64url'): string {
  if (bytes > pool.length) throw new Error('randomString: too many bytes');
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = pool.toString(encoding, offset, offset + bytes);
  offset += bytes;
  return out;
}
