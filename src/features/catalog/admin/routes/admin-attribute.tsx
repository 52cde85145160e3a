import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { getAdminAttribute } from '../attribute-definitions-admin.server';
import { AttributeForm } from '../components/attribute-form';
import { catalogAdminMessages } from '../messages';
import type { Route } from './+types/admin-attribute';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(catalogAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/attribute/${params.id}` : '/admin/attribute',
    title: params.id ? t('attributes.title') : t('attribute.newTitle'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/attribute (new) and /{locale}/admin/attribute/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'attributes');
  if (!args.params.id) return { attribute: null };
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const attribute = id ? await getAdminAttribute(id) : null;
  if (!attribute) throw data(null, { status: 404 });
  return { attribute };
}

export default function AdminAttributePage({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const { attribute } = loaderData;
  const name = attribute ? (locale === 'pl' ? attribute.namePl : attribute.nameEn) : '';
  return (
    <div>
      <AdminPageHeader
        title={attribute ? t('attribute.editTitle', { name }) : t('attribute.newTitle')}
        lead={
          attribute
            ? `${t('common.lastSaved', { version: attribute.version, date: formatDate(attribute.updatedAt) })} · ${t('attribute.usedBy', { n: attribute.products })}`
            : undefined
        }
      />
      <AttributeForm key={attribute ? `${attribute.id}-${attribute.version}` : 'new'} attribute={attribute} />
    </div>
  );
}
