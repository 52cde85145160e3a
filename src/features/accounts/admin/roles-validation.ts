// The shared Zod schema of a role (POST /api/admin/roles, PUT /api/admin/roles/{id}, the role form).
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { isPermissionKey, type PermissionKey } from '~/core/permissions/permissions';
import { rolesAdminMessages } from './messages';

export const ROLE_NAME_MAX = 100;

/** Line breaks and other control characters: a role name is shown on one line everywhere. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

export function roleSchema(loc: Locale) {
  const t = translator(rolesAdminMessages, loc);
  const name = z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: t('v.required') })
      .min(1, t('v.required'))
      .max(ROLE_NAME_MAX, t('v.max', { max: ROLE_NAME_MAX }))
      .refine((s) => !CONTROL.test(s), t('v.oneLine')),
  );
  return z.object({
    name_pl: name,
    name_en: name,
    // Multipart sends one value or a list (permissions[0]=…); none at all is a role without permissions.
    permissions: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.unknown(), { error: t('v.permissions') })
        .max(200, t('v.permissions'))
        .refine((keys) => keys.every(isPermissionKey), t('v.permissions'))
        .transform((keys) => [...new Set(keys as PermissionKey[])]),
    ),
  });
}
export type RoleInput = z.infer<ReturnType<typeof roleSchema>>;
