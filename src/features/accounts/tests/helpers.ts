import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { TestClient } from '~tests/helpers/test-app';
import { userRoles, users } from '../accounts.schema';
import { hashPassword } from '../password.server';

export const PASSWORD = 'Kabel-Miedz-Cat6A-x';

/** A complete, valid registration payload (multipart-style values). */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Anna',
    surname: 'Nowak',
    email: `anna.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    default_locale: 'pl',
    company: 'Instal-Net Sp. z o.o.',
    position: 'Kierownik robót',
    address: 'ul. Kablowa 5',
    city: 'Poznań',
    country: 'Polska',
    province: 'wielkopolskie',
    postcode: '60-101',
    tax_identification_nr: '7791011327',
    phone: '+48 600 100 200',
    accepted_terms: '1',
    accepted_privacy: '1',
    accepted_rodo: '1',
    is_b2b_request: '0',
    ...overrides,
  };
}

export type UserState = 'unverified' | 'inactive' | 'active';

/** Creates a user directly in the database in the given state, optionally with roles. */
export async function createUser(opts: { email?: string; state?: UserState; roleIds?: number[]; password?: string } = {}) {
  const now = new Date();
  const state = opts.state ?? 'active';
  const [u] = await getDb()
    .insert(users)
    .values({
      email: (opts.email ?? `user.${Math.random().toString(36).slice(2, 10)}@example.com`).toLowerCase(),
      passwordHash: await hashPassword(opts.password ?? PASSWORD),
      firstName: 'Jan',
      surname: 'Kowalski',
      termsAcceptedAt: now,
      privacyAcceptedAt: now,
      rodoAcceptedAt: now,
      emailVerifiedAt: state === 'unverified' ? null : now,
      isActive: state === 'active',
    })
    .returning();
  for (const roleId of opts.roleIds ?? []) await getDb().insert(userRoles).values({ userId: u.id, roleId });
  return u;
}

/** A client logged in through POST /api/login. */
export async function loggedIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.post('/api/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** The newest outbox mail of a kind sent to an address. */
export async function latestMail(to: string, kind: string) {
  const [m] = await getDb()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return m;
}

export async function mailCount(to: string, kind: string): Promise<number> {
  const rows = await getDb()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
  return rows.length;
}

/** The first link of a mail's text part that contains `part`. */
export function linkIn(text: string, part: string): string {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(part));
  if (!url) throw new Error(`no link with ${part} in mail:\n${text}`);
  return url;
}

/** The path and query of an absolute URL. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
