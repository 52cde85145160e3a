// The customer a user buys for belongs to the customers feature (customer_users), and customers
// builds on accounts. Accounts reaches that link only through this port, which the composition root
// (src/server.server.ts) fills with customers' functions, as core receives the user loader: so
// accounts imports nothing of customers and the two features depend one way.
import type { Db } from '~/core/db/client.server';
import type { CompanyRole } from './accounts.schema';
import type { AccountActor } from './accounts.server';

export interface CustomerLink {
  /** SQL selecting the `id` of the active customer of the user whose id is the SQL expression `userId`. */
  activeCustomerSql(userId: string): string;
  /** The customer a user buys for with the user's company role, or null. */
  customerOfUser(userId: number, db?: Db): Promise<{ id: number; name: string; company_role: CompanyRole } | null>;
  /**
   * Links (null: unlinks) a user with a company role (issue 40; default buyer) in the caller's
   * transaction, logged on the user; false for an unknown customer.
   */
  setUserCustomer(tx: Db, userId: number, customerId: number | null, actor: AccountActor | null, companyRole?: CompanyRole): Promise<boolean>;
  /** Customers as select options, matching a search. */
  customerOptions(search?: string, limit?: number): Promise<{ id: string; name: string }[]>;
}

let link: CustomerLink | undefined;

export function setCustomerLink(customers: CustomerLink): void {
  link = customers;
}

function linked(): CustomerLink {
  if (!link) throw new Error('No customer link: call setCustomerLink() at start (src/server.server.ts)');
  return link;
}

export const activeCustomerSql: CustomerLink['activeCustomerSql'] = (userId) => linked().activeCustomerSql(userId);
export const customerOfUser: CustomerLink['customerOfUser'] = (userId, db) => linked().customerOfUser(userId, db);
export const setUserCustomer: CustomerLink['setUserCustomer'] = (tx, userId, customerId, actor, companyRole) =>
  linked().setUserCustomer(tx, userId, customerId, actor, companyRole);
export const customerOptions: CustomerLink['customerOptions'] = (search, limit) => linked().customerOptions(search, limit);
