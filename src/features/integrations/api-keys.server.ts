// API keys of the integration API (issue 39): created with a name and scopes, the secret shown once
// and stored as its SHA-256, listed with the requests of today, revoked at once. Every change is in
// the change log (entity `api_key`).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import type { Paged } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { now } from '~/core/time/clock';
import { todayInWarsaw } from '~/core/time/days';
import { type ApiKeyRow, apiKeys, apiKeyUsage } from './integrations.schema';
import { integrationsMessages } from './messages';
import { type ApiScope, SECRET_PREFIX } from './scopes';

/** A new secret: `cobi_` + 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The characters of a secret shown in the list to tell keys apart (never enough to use it). */
const prefixOf = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4);

export interface ApiKeyJson {
  id: number;
  name: string;
  scopes: string[];
  prefix: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  requests_today: number;
  active: boolean;
}

export async function listApiKeys(db: Db = getDb()): Promise<Paged<ApiKeyJson>> {
  const rows = await db
    .select({ key: apiKeys, today: sql<number>`coalesce(${apiKeyUsage.requests}, 0)` })
    .from(apiKeys)
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.apiKeyId, apiKeys.id), eq(apiKeyUsage.day, todayInWarsaw())))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  const items = rows.map(({ key: k, today }) => ({
    id: k.id,
    name: k.name,
    scopes: k.scopes,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    created_by: k.createdByEmail,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    requests_today: Number(today),
    active: k.revokedAt === null,
  }));
  return { items, pages: 1, page: 1, total: items.length };
}

/** Creates a key; the secret is returned here and never again. */
export async function createApiKey(input: { name: string; scopes: ApiScope[] }, actor: Actor): Promise<{ id: number; secret: string }> {
  const secret = newSecret();
  const scopes = [...new Set(input.scopes)];
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name: input.name, scopes, secretHash: hashSecret(secret), prefix: prefixOf(secret), createdBy: actor.userId, createdByEmail: actor.userEmail })
      .returning();
    await recordChange(tx, { ...actor, entity: 'api_key', entityId: row.id, action: 'create', after: { name: row.name, scopes, prefix: row.prefix } });
    return { id: row.id, secret };
  });
}

/** Revokes a key at once (404 when unknown; revoking a revoked key changes nothing). */
export async function revokeApiKey(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = translator(integrationsMessages, locale);
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!row) throw new HttpError(404, t('keys.notFound'));
    if (row.revokedAt) return;
    const [after] = await tx.update(apiKeys).set({ revokedAt: now() }).where(eq(apiKeys.id, id)).returning();
    await recordChange(tx, {
      ...actor,
      entity: 'api_key',
      entityId: id,
      action: 'update',
      before: { name: row.name, revokedAt: null },
      after: { name: row.name, revokedAt: after.revokedAt },
    });
  });
}

/**
 * The active key of a presented secret, or null (unknown, revoked, malformed). The lookup is by the
 * hash (an index), then the hashes are compared in constant time.
 */
export async function findActiveKey(secret: string, db: Db = getDb()): Promise<ApiKeyRow | null> {
  if (!secret.startsWith(SECRET_PREFIX) || secret.length > 100) return null;
  const hash = hashSecret(secret);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(hash))) return null;
  return row;
}

/** Counts one request of a key (today's counter) and stamps its last use. */
export async function countKeyUse(id: number, db: Db = getDb()): Promise<void> {
  await db
    .insert(apiKeyUsage)
    .values({ apiKeyId: id, day: todayInWarsaw(), requests: 1 })
    .onConflictDoUpdate({ target: [apiKeyUsage.apiKeyId, apiKeyUsage.day], set: { requests: sql`${apiKeyUsage.requests} + 1` } });
  await db.update(apiKeys).set({ lastUsedAt: now() }).where(eq(apiKeys.id, id));
}

/** Usage rows older than 90 days (the admin list shows today's). */
export async function sweepKeyUsage(at: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .delete(apiKeyUsage)
    .where(sql`${apiKeyUsage.day} < (${at.toISOString()}::timestamptz - interval '90 days')::date`)
    .returning({ id: apiKeyUsage.apiKeyId });
  return rows.length;
}
