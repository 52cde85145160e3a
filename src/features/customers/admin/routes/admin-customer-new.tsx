import { Link } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { CustomerForm } from '../../components/customer-form';
import { customerMessages } from '../../messages';
import type { Route } from './+types/admin-customer-new';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/customer', title: translator(customerMessages, layout.locale)('form.newTitle'), robots: 'noindex' });
}

/** /{locale}/admin/customer: a new customer with the blank values of SPEC section 3. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'customers');
  return null;
}

export default function AdminCustomerNew() {
  const t = useT(customerMessages);
  const locale = useLocale();
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/customers`} className="text-brand-700 hover:underline">
          ← {t('form.back')}
        </Link>
      </p>
      <AdminPageHeader title={t('form.newTitle')} lead={t('form.newLead')} />
      <CustomerForm customer={null} />
    </div>
  );
}
