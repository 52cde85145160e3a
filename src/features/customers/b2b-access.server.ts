// Who may use the B2B shop (issue 11, SPEC section 6): a verified, active user whose B2B access was
// granted (accounts.b2b_granted_at) and who is linked (customer_users) to an active customer.
// Everyone else gets 403 from the API (SPEC section 8: go home silently) and is redirected home
// from the pages; a guest gets 401 / goes to the login page.
//
//   app.get('/api/cart', { preHandler: requireB2bCustomer }, async (request) => {
//     const { userId, customerId } = b2bOf(request);
//   })
//   export async function loader(args) { const { user, customerId } = await requireB2bCustomerPage(args); }
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirect } from 'react-router';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { queryPrepared } from '~/core/db/prepared.server';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { type CurrentUser, getCurrentUser, type GuardArgs, guardLocale, requireActiveUser } from '~/core/permissions/guards.server';
import { getRequestUser } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { customers, customerUsers } from './customers.schema';

export interface B2bCustomer {
  userId: number;
  customerId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireB2bCustomer. */
    b2b?: B2bCustomer;
  }
}

/**
 * The rule of activeCustomerIdOf() as SQL: selects the `id` of the active customer of the user whose id
 * is the SQL expression `userId` (no row: none). Accounts reads it with the user (CurrentUser.activeCustomerId).
 */
export function activeCustomerSql(userId: string): string {
  return `select c.id from customer_users cu join customers c on c.id = cu.customer_id where cu.user_id = ${userId} and c.is_active limit 1`;
}

/** The active customer a user buys for, or null (no link, or the customer is inactive). */
export async function activeCustomerIdOf(userId: number, db: Db = getDb()): Promise<number | null> {
  if (db === getDb()) {
    // A prepared statement (a transaction's `db` takes the query below).
    const [hit] = await queryPrepared<{ id: number }>('active_customer_of_user', activeCustomerSql('$1'), [userId]);
    return hit?.id ?? null;
  }
  const [row] = await db
    .select({ id: customers.id })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.userId, userId), eq(customers.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

/** The B2B customer a logged user acts for, or null when the user is not a B2B customer. */
export async function b2bCustomerOf(user: CurrentUser | null, db: Db = getDb()): Promise<B2bCustomer | null> {
  if (!user?.isVerified || !user.isActive || !user.hasB2bAccess) return null;
  // Read with the user (accounts' user statement) unless asked within a transaction, which reads anew.
  const customerId = user.activeCustomerId !== undefined && db === getDb() ? user.activeCustomerId : await activeCustomerIdOf(user.id, db);
  return customerId === null ? null : { userId: user.id, customerId };
}

/** API preHandler: 401 for a guest, 403 for anyone who is not a B2B customer; sets request.b2b. */
export async function requireB2bCustomer(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const user = await getRequestUser(request);
  const core = translator(coreMessages, requestLocale(request));
  if (!user) return reply.code(401).send({ message: core('error.401') });
  const b2b = await b2bCustomerOf(user);
  if (!b2b) return reply.code(403).send({ message: core('error.403') });
  request.b2b = b2b;
}

/** The B2B customer of a request that passed requireB2bCustomer. */
export function b2bOf(request: FastifyRequest): B2bCustomer {
  if (!request.b2b) throw new Error('b2bOf() called on a route without requireB2bCustomer');
  return request.b2b;
}

/**
 * Page guard of the shop screens: a guest goes to /{locale}/login (an unverified or inactive user
 * to verify / wait-for-activation, as every my-account page), anyone else who is not a B2B
 * customer to the account screen, which says how to ask for access (or that the account awaits its company).
 */
export async function requireB2bCustomerPage(args: GuardArgs): Promise<B2bCustomer & { user: CurrentUser }> {
  const user = await requireActiveUser(args);
  const b2b = await b2bCustomerOf(user);
  // Not silently home (issue 41): the account screen says how to get shop access.
  if (!b2b) throw redirect(`/${guardLocale(args.params)}/my-account/data?b2b=${user.hasB2bAccess ? 'no-customer' : 'required'}#profile`);
  return { ...b2b, user };
}

// One lookup per page request: the layout and the product page both ask.
const customerOfPage = new WeakMap<object, Promise<B2bCustomer | null>>();

/** For the layout and the product page: is the visitor a B2B customer (no redirect)? */
export function isB2bCustomerPage(args: Pick<GuardArgs, 'context'>): Promise<B2bCustomer | null> {
  let found = customerOfPage.get(args.context);
  if (!found) {
    found = getCurrentUser(args.context).then((user) => b2bCustomerOf(user));
    customerOfPage.set(args.context, found);
  }
  return found;
}
