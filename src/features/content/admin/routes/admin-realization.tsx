import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { RealizationForm } from '../components/realization-form';
import { getAdminRealization } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import type { Route } from './+types/admin-realization';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(contentAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/realization/${params.id}` : '/admin/realization',
    title: params.id ? t('realization.edit') : t('realization.new'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/realization (new) and /{locale}/admin/realization/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'realizations');
  if (!args.params.id) return { realization: null };
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const realization = await getAdminRealization(id);
  if (!realization) throw data(null, { status: 404 });
  return { realization };
}

export default function AdminRealization({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const { realization } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title={realization ? t('realization.edit') : t('realization.new')}
        lead={realization ? t('version', { version: realization.version, date: formatDate(realization.updated_at) }) : undefined}
        actions={
          realization ? (
            <a href={`/${locale}/realizations`} target="_blank" rel="noopener" className={secondaryButton}>
              {t('preview')}
            </a>
          ) : undefined
        }
      />
      <RealizationForm key={realization ? `${realization.id}` : 'new'} realization={realization} />
    </div>
  );
}
