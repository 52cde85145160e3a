import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { Pagination } from '~/core/ui/pagination';
import { requireB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { listInvoicesOfCustomer } from '../invoices.server';
import { ksefMessages } from '../ksef/messages';
import { invoiceMessages } from '../messages';
import { dayOf, InvoiceStatus } from '../components/invoice-status';
import type { Route } from './+types/my-invoices';

export async function loader(args: Route.LoaderArgs) {
  const { customerId } = await requireB2bCustomerPage(args);
  const page = parsePage(new URL(args.request.url).searchParams.get('page'));
  const list = await listInvoicesOfCustomer(customerId, page);
  return { items: list.items, page: list.page, pages: list.pages };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/invoices', title: translator(invoiceMessages, layout.locale)('my.title'), robots: 'noindex' });
}

type Item = Route.ComponentProps['loaderData']['items'][number];

/** An invoice's downloads: its PDF, and for an FA(3) e-invoice the XML, the visualisation (PDF) and its page. */
function InvoiceLinks({ invoice: i, variant }: { invoice: Item; variant: 'card' | 'row' }) {
  const t = useT(invoiceMessages);
  const tk = useT(ksefMessages);
  const locale = useLocale();
  const cls =
    variant === 'card'
      ? 'inline-block rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50'
      : 'whitespace-nowrap font-medium text-brand-700 hover:underline';
  const label = (text: string) => (
    <>
      {text}
      <span className="sr-only"> {i.number}</span>
    </>
  );
  return (
    <div className={variant === 'card' ? 'mt-3 flex flex-wrap gap-2' : 'flex flex-wrap justify-end gap-x-4 gap-y-1'}>
      {i.hasXml ? (
        <>
          <Link to={`/${locale}/my-account/invoices/${i.id}`} className={cls}>
            {label(tk('action.html'))}
          </Link>
          <a href={`/api/invoices/${i.id}/visualisation`} download className={cls}>
            {label(tk('action.visualisation'))}
          </a>
          <a href={`/api/invoices/${i.id}/xml`} download className={cls}>
            {label(tk('action.xml'))}
          </a>
        </>
      ) : null}
      {i.hasPdf && (
        <a href={`/api/invoices/${i.id}/file`} download className={cls}>
          {label(t('action.download'))}
        </a>
      )}
    </div>
  );
}

/** /{locale}/my-account/invoices: the customer's invoices, overdue marked, each downloadable (PDF; FA(3) XML and its visualisation). */
export default function MyInvoices({ loaderData }: Route.ComponentProps) {
  const t = useT(invoiceMessages);
  const tk = useT(ksefMessages);
  const locale = useLocale();
  const { items, page, pages } = loaderData;
  return (
    <>
      <PageHeader title={t('my.title')} lead={t('my.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {items.length === 0 ? (
          <p className="text-slate-700">{t('my.empty')}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white md:hidden" data-testid="my-invoices-cards">
              {items.map((i) => (
                <li key={i.id} className={`p-4 ${i.overdue ? 'bg-red-50/40' : ''}`}>
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-semibold text-slate-900">{i.number}</p>
                    <InvoiceStatus paidOn={i.paidOn} overdue={i.overdue} />
                  </div>
                  {i.hasXml && (
                    <p className="mt-1 break-all font-mono text-xs text-slate-700">
                      <span className="sr-only">{tk('col.ksef')}: </span>
                      {i.ksefNumber ?? tk('offline')}
                    </p>
                  )}
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">{t('col.issueDate')}</dt>
                    <dd className="text-slate-900">{dayOf(i.issueDate, locale)}</dd>
                    <dt className="text-slate-600">{t('col.dueDate')}</dt>
                    <dd className={i.overdue ? 'font-semibold text-red-800' : 'text-slate-900'}>{dayOf(i.dueDate, locale)}</dd>
                    <dt className="text-slate-600">{t('col.net')}</dt>
                    <dd className="whitespace-nowrap text-slate-900">{formatMoney(i.netAmount, locale)}</dd>
                    <dt className="text-slate-600">{t('col.gross')}</dt>
                    <dd className="whitespace-nowrap font-semibold text-slate-900">{formatMoney(i.grossAmount, locale)}</dd>
                  </dl>
                  <InvoiceLinks invoice={i} variant="card" />
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
              <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="my-invoices">
                <caption className="sr-only">{t('my.title')}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">
                      {t('col.number')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">
                      {tk('col.ksef')}
                    </th>
                    {(['col.issueDate', 'col.dueDate', 'col.net', 'col.gross', 'col.status'] as const).map((k) => (
                      <th
                        key={k}
                        scope="col"
                        className={`px-4 py-3 font-semibold text-slate-700 ${k === 'col.net' || k === 'col.gross' ? 'text-right' : 'text-left'}`}
                      >
                        {t(k)}
                      </th>
                    ))}
                    <th scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">
                      <span className="sr-only">{t('col.file')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((i) => (
                    <tr key={i.id} className={i.overdue ? 'bg-red-50/40' : undefined}>
                      <td className="px-4 py-3 font-medium text-slate-900">{i.number}</td>
                      <td className="px-4 py-3 font-mono text-xs text-slate-700">{i.hasXml ? (i.ksefNumber ?? tk('offline')) : '–'}</td>
                      <td className="px-4 py-3 text-slate-800">{dayOf(i.issueDate, locale)}</td>
                      <td className={`px-4 py-3 ${i.overdue ? 'font-semibold text-red-800' : 'text-slate-800'}`}>{dayOf(i.dueDate, locale)}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-800">{formatMoney(i.netAmount, locale)}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums text-slate-900">{formatMoney(i.grossAmount, locale)}</td>
                      <td className="px-4 py-3">
                        <InvoiceStatus paidOn={i.paidOn} overdue={i.overdue} />
                      </td>
                      <td className="px-4 py-3 text-right">
                        <InvoiceLinks invoice={i} variant="row" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </>
  );
}
