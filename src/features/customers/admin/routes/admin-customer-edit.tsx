import { data, Link } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { CustomerForm } from '../../components/customer-form';
import { getCustomer } from '../../customers.server';
import { customerMessages } from '../../messages';
import type { Route } from './+types/admin-customer-edit';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData?.customer.name ?? translator(customerMessages, layout.locale)('list.title');
  return seoMeta({ ...layout, path: `/admin/customer/${loaderData?.customer.id ?? ''}`, title, robots: 'noindex' });
}

/** /{locale}/admin/customer/{id}: a customer with its addresses and users. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'customers');
  const id = Number(args.params.id);
  const customer = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await getCustomer(id) : null;
  if (!customer) throw data(null, { status: 404 });
  return { customer };
}

export default function AdminCustomerEdit({ loaderData }: Route.ComponentProps) {
  const t = useT(customerMessages);
  const locale = useLocale();
  const { customer } = loaderData;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/customers`} className="text-brand-700 hover:underline">
          ← {t('form.back')}
        </Link>
      </p>
      <AdminPageHeader title={customer.name} lead={t('form.editLead', { id: customer.id, date: formatDate(customer.updated_at) })} />
      <CustomerForm key={customer.version} customer={customer} />
    </div>
  );
}
