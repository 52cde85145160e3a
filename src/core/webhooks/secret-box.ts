// Webhook signing secrets at rest: the delivery needs the secret itself (HMAC), so it cannot be
// hashed like an API key; it is stored encrypted (AES-256-GCM) under a key derived from the
// server's SESSION_SECRET, which lives outside the database. A backup of the database therefore
// holds no usable secret (restored on a server with another SESSION_SECRET, endpoints need new ones).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
let key: Buffer | undefined;

/** Set once at start (buildApp) from the server secret. */
export function setWebhookSecretKey(serverSecret: string): void {
  key = Buffer.from(hkdfSync('sha256', serverSecret, 'cobi-webhook-secrets', 'webhook endpoint secret v1', 32));
}

function requireKey(): Buffer {
  if (!key) throw new Error('setWebhookSecretKey() was not called');
  return key;
}

/** The stored form of a secret: `enc:v1:` + base64url(iv | ciphertext | tag). */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', requireKey(), iv);
  const sealed = Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${sealed.toString('base64url')}`;
}

/** The secret of a stored value; throws when it was sealed under another server secret. */
export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored; // made before secrets were sealed
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', requireKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}
