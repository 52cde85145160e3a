import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { ADMIN_AREA_PATHS, openAdminAreas } from '~/core/permissions/permissions';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { BUILT_ADMIN_AREAS } from '~/app/admin/areas';
import { accountMessages } from '~/features/accounts/messages';
import type { Route } from './+types/admin-dashboard';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin', title: translator(accountMessages, layout.locale)('admin.title'), robots: 'noindex' });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/** /{locale}/admin: the admin areas (with screens) that the user's permissions open (SPEC section 6). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const built = new Set(BUILT_ADMIN_AREAS);
  return { areas: openAdminAreas(user.can).filter((a) => built.has(a)) };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  return (
    <div>
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t('admin.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('admin.lead')}</p>
        {loaderData.areas.length === 0 ? (
          <p className="mt-6 text-sm text-slate-700">{t('admin.none')}</p>
        ) : (
          <ul aria-label={t('admin.lead')} className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.areas.map((area) => (
              <li key={area}>
                <a
                  href={`/${locale}/admin/${ADMIN_AREA_PATHS[area]}`}
                  className="block rounded-lg border border-slate-200 bg-white px-4 py-3 font-medium text-brand-900 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus:outline-none focus:ring-2 focus:ring-brand-300"
                >
                  {t(`admin.area.${area}`)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
