import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { StaticSiteForm } from '../components/static-site-form';
import { contentAdminMessages } from '../messages';
import { getAdminStaticSite, roleOptions } from '../static-sites-admin.server';
import type { Route } from './+types/admin-static-site';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: `/admin/static-site/${params.id}`,
    title: translator(contentAdminMessages, layout.locale)('site.edit'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/static-site/{id}: edit one static site. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'static_sites');
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const [site, roles] = await Promise.all([getAdminStaticSite(id), roleOptions(guardLocale(args.params))]);
  if (!site) throw data(null, { status: 404 });
  return { site, roles };
}

export default function AdminStaticSite({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const { site, roles } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title={t('site.edit')}
        lead={t('version', { version: site.version, date: formatDate(site.updated_at) })}
        actions={
          <a href={`/${locale}/static/${site.slug}`} target="_blank" rel="noopener" className={secondaryButton}>
            {t('preview')}
          </a>
        }
      />
      <AdminCard>
        <StaticSiteForm key={site.id} site={site} roles={roles} />
      </AdminCard>
    </div>
  );
}
