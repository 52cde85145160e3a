import { Link } from 'react-router';
import { HttpError } from '~/core/http/errors';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { formatMoney } from '~/core/money/money';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { requireB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { invoiceXml } from '../invoices.server';
import { ksefMessages } from '../ksef/messages';
import { invoiceView, lineCells, paymentForm, rateGroup } from '../ksef/visualisation.server';
import { invoiceMessages } from '../messages';
import type { Route } from './+types/my-invoice';

export async function loader(args: Route.LoaderArgs) {
  const { customerId } = await requireB2bCustomerPage(args);
  const locale = guardLocale(args.params);
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : 0;
  try {
    const x = await invoiceXml(id, customerId, locale);
    const view = invoiceView(x.data, x.ksefNumber, x.paidOn);
    const fa = view.invoice;
    return {
      id: x.id,
      number: fa.number,
      kind: fa.kind,
      issueDate: fa.issueDate,
      issuePlace: fa.issuePlace,
      saleDate: fa.saleDate,
      seller: fa.seller,
      buyer: fa.buyer,
      lines: lineCells(view, locale),
      vatRows: fa.vatRows.map((r) => ({ group: rateGroup(r.field, locale), net: r.net, vat: r.vat ?? 0, gross: r.net + (r.vat ?? 0) })),
      net: fa.net,
      vat: fa.vat,
      gross: fa.gross,
      dueDate: fa.dueDate,
      paymentForm: paymentForm(fa.paymentForm, locale),
      bankAccounts: fa.bankAccounts,
      paidOn: view.paidOn,
      qrUrl: view.qrUrl,
      qrCaption: view.qrCaption,
      qr: view.qr,
    };
  } catch (e) {
    // Another customer's invoice is "not found" here, as an unknown one.
    if (e instanceof HttpError) throw new Response('Not found', { status: 404 });
    throw e;
  }
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(ksefMessages, layout.locale);
  return seoMeta({ ...layout, path: `/my-account/invoices/${params.id}`, title: t('v.title', { number: loaderData?.number ?? '' }), robots: 'noindex' });
}

const dmy = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '–');

/** /{locale}/my-account/invoices/{id}: the HTML visualisation of an FA(3) e-invoice with its KSeF QR code (KOD I). */
export default function MyInvoice({ loaderData: v }: Route.ComponentProps) {
  const t = useT(ksefMessages);
  const ti = useT(invoiceMessages);
  const locale = useLocale();
  const money = (g: number) => formatMoney(g, locale);
  const party = (label: string, p: typeof v.seller) => (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{label}</h2>
      <p className="mt-1 font-semibold text-slate-900">{p.name}</p>
      {p.nip && (
        <p className="text-sm text-slate-800">
          {t('v.nip')} {p.nip}
        </p>
      )}
      {p.addressLines.map((l) => (
        <p key={l} className="text-sm text-slate-800">
          {l}
        </p>
      ))}
    </section>
  );
  return (
    <>
      <PageHeader title={t('v.title', { number: v.number })} lead={t('v.source')} />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8" data-testid="invoice-visualisation">
        <div className="flex flex-wrap gap-3">
          <Link to={`/${locale}/my-account/invoices`} className="font-medium text-brand-700 hover:underline">
            ← {ti('my.title')}
          </Link>
          <a href={`/api/invoices/${v.id}/visualisation`} download className="font-medium text-brand-700 hover:underline">
            {t('action.visualisation')}
          </a>
          <a href={`/api/invoices/${v.id}/xml`} download className="font-medium text-brand-700 hover:underline">
            {t('action.xml')}
          </a>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {party(t('v.seller'), v.seller)}
          {party(t('v.buyer'), v.buyer)}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
          <dt className="text-slate-600">{t('v.kind')}</dt>
          <dd className="font-medium text-slate-900">{v.kind}</dd>
          <dt className="text-slate-600">{t('v.issueDate')}</dt>
          <dd className="font-medium text-slate-900">{dmy(v.issueDate)}</dd>
          {v.issuePlace && (
            <>
              <dt className="text-slate-600">{t('v.issuePlace')}</dt>
              <dd className="font-medium text-slate-900">{v.issuePlace}</dd>
            </>
          )}
          {v.saleDate && (
            <>
              <dt className="text-slate-600">{t('v.saleDate')}</dt>
              <dd className="font-medium text-slate-900">{dmy(v.saleDate)}</dd>
            </>
          )}
        </dl>

        <section>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('v.lines')}</h2>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                    {t('v.lineNo')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                    {t('v.name')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                    {t('v.qty')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                    {t('v.unit')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                    {t('v.unitPrice')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                    {t('v.value')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                    {t('v.rate')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {v.lines.map((l) => (
                  <tr key={l.no}>
                    <td className="px-3 py-2 text-slate-800">{l.no}</td>
                    <td className="min-w-48 px-3 py-2 text-slate-900">{l.name}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{l.quantity}</td>
                    <td className="px-3 py-2">{l.unit}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{l.unitPrice}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{l.value}</td>
                    <td className="px-3 py-2 text-right">{l.rate}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <div className="grid gap-6 md:grid-cols-2">
          <section className="min-w-0">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('v.summary')}</h2>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50">
                  <tr>
                    {(['v.rateGroup', 'v.net', 'v.vat', 'v.gross'] as const).map((k) => (
                      <th key={k} scope="col" className={`px-3 py-2 font-semibold text-slate-700 ${k === 'v.rateGroup' ? 'text-left' : 'text-right'}`}>
                        {t(k)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {v.vatRows.map((r) => (
                    <tr key={r.group}>
                      <td className="px-3 py-2">{r.group}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(r.net)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(r.vat)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(r.gross)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-slate-800 font-semibold">
                  <tr>
                    <th scope="row" className="px-3 py-2 text-left">
                      {t('v.total')}
                    </th>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(v.net)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(v.vat)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(v.gross)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
          <section className="min-w-0">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">{t('v.payment')}</h2>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <dt className="text-slate-600">{t('v.toPay')}</dt>
              <dd className="font-semibold text-slate-900">{money(v.gross)}</dd>
              <dt className="text-slate-600">{t('v.due')}</dt>
              <dd className="font-medium text-slate-900">{dmy(v.dueDate)}</dd>
              <dt className="text-slate-600">{t('v.form')}</dt>
              <dd className="font-medium text-slate-900">{v.paymentForm}</dd>
              {v.bankAccounts.map((a) => (
                <div key={a.number} className="col-span-2 grid grid-cols-2 gap-x-4">
                  <dt className="text-slate-600">{t('v.account')}</dt>
                  <dd className="break-all font-medium text-slate-900">{[a.number, a.bank].filter(Boolean).join(', ')}</dd>
                </div>
              ))}
              {v.paidOn && (
                <>
                  <dt className="text-slate-600">{t('v.paid')}</dt>
                  <dd className="font-medium text-green-800">{dmy(v.paidOn)}</dd>
                </>
              )}
            </dl>
          </section>
        </div>

        <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start" aria-labelledby="ksef-qr">
          <figure className="shrink-0 text-center">
            <a href={v.qrUrl} className="block w-40">
              <span className="sr-only">{t('v.qr')}</span>
              <svg
                viewBox={`0 0 ${v.qr.size} ${v.qr.size}`}
                className="h-auto w-full"
                shapeRendering="crispEdges"
                role="img"
                aria-hidden="true"
                data-testid="ksef-qr"
              >
                <rect width={v.qr.size} height={v.qr.size} fill="#fff" />
                <path d={v.qr.path} fill="#000" />
              </svg>
            </a>
            <figcaption className="mt-1 break-all font-mono text-xs font-semibold text-slate-900" data-testid="ksef-caption">
              {v.qrCaption}
            </figcaption>
          </figure>
          <div className="min-w-0">
            <h2 id="ksef-qr" className="font-semibold text-slate-900">
              {t('v.qr')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('v.qrLead')}</p>
            <p className="mt-2 break-all font-mono text-xs text-slate-700">{v.qrUrl}</p>
          </div>
        </section>
      </div>
    </>
  );
}
