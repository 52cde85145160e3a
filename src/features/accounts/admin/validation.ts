// Shared Zod schemas of the admin users screens (API and forms).
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { COMPANY_ROLES } from '../accounts.schema';
import { basicDataSchema, profileSchema, settingsSchema } from '../validation';
import { usersAdminMessages } from './messages';

/** An id from a form: a positive integer written as digits. */
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** PUT /api/admin/users/{id}: the user's data (the e-mail address is the login and is not changed here). */
export function adminUserDataSchema(loc: Locale) {
  const t = translator(usersAdminMessages, loc);
  const basic = basicDataSchema(loc)
    .omit({ email: true })
    .extend({ default_locale: settingsSchema(loc).shape.default_locale, version: id(t('v.version')) });
  return z.intersection(basic, profileSchema(loc));
}
export type AdminUserDataInput = z.infer<ReturnType<typeof adminUserDataSchema>>;

/** PUT /api/admin/users/{id}/roles: the complete list of the user's roles (none is allowed). */
export function userRolesSchema(loc: Locale) {
  const t = translator(usersAdminMessages, loc);
  return z.object({
    role_ids: z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(id(t('v.role'))).max(50, t('v.role'))),
  });
}

/** PUT /api/admin/users/{id}/customer: the customer the user buys for (empty unlinks) and the user's company role there (default buyer). */
export function userCustomerSchema(loc: Locale) {
  const t = translator(usersAdminMessages, loc);
  return z.object({
    customer_id: z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), id(t('v.customer')).nullable()),
    company_role: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'buyer' : v), z.enum(COMPANY_ROLES, { error: t('v.companyRole') })),
  });
}
