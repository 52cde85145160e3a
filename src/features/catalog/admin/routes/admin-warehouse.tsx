import { data } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { WarehouseForm } from '../components/warehouse-form';
import { catalogAdminMessages } from '../messages';
import { getAdminWarehouse } from '../warehouses-admin.server';
import type { Route } from './+types/admin-warehouse';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(catalogAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/warehouse/${params.id}` : '/admin/warehouse',
    title: params.id ? t('wh.edit') : t('wh.new'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/warehouse (new) and /{locale}/admin/warehouse/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'warehouses');
  if (!args.params.id) return { warehouse: null };
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const warehouse = await getAdminWarehouse(id);
  if (!warehouse) throw data(null, { status: 404 });
  return { warehouse };
}

export default function AdminWarehouse({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const { warehouse } = loaderData;
  return (
    <div>
      <AdminPageHeader title={warehouse ? `${t('wh.edit')}: ${warehouse.code}` : t('wh.new')} />
      <WarehouseForm key={warehouse ? `${warehouse.id}:${warehouse.version}` : 'new'} warehouse={warehouse} />
    </div>
  );
}
