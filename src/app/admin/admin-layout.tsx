import { NavLink, Outlet } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { ADMIN_AREA_PATHS, openAdminAreas } from '~/core/permissions/permissions';
import { accountMessages } from '~/features/accounts/messages';
import { BUILT_ADMIN_AREAS } from './areas';
import type { Route } from './+types/admin-layout';

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/** Every /{locale}/admin page: admin access is checked here, each area checks its own permission. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const open = new Set(openAdminAreas(user.can));
  return { areas: BUILT_ADMIN_AREAS.filter((a) => open.has(a)), userName: user.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto flex max-w-[96rem] flex-col gap-6 px-4 py-6 lg:flex-row">
        <nav aria-label={t('admin.title')} className="lg:w-56 lg:shrink-0">
          <NavLink end to={`/${locale}/admin`} className="block rounded-md px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-white">
            {t('admin.title')}
          </NavLink>
          <ul className="mt-1 flex flex-wrap gap-1 lg:flex-col">
            {loaderData.areas.map((area) => (
              <li key={area}>
                <NavLink
                  to={`/${locale}/admin/${ADMIN_AREA_PATHS[area]}`}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-700 font-medium text-white' : 'text-slate-700 hover:bg-white'}`
                  }
                >
                  {t(`admin.area.${area}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
