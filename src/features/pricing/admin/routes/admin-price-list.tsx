import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { data, Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatAmount } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { pricingMessages } from '../../messages';
import { getPriceList, listPriceItems } from '../price-lists-admin.server';
import type { Route } from './+types/admin-price-list';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(pricingMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: `/admin/price-list/${loaderData?.list.id ?? ''}`,
    title: t('items.title', { code: loaderData?.list.code ?? '' }),
    robots: 'noindex',
  });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'price_lists');
  const locale = args.params.locale === 'en' ? 'en' : 'pl';
  const list = await getPriceList(Number(args.params.id));
  if (!list) throw data(null, { status: 404 });
  const url = new URL(args.request.url);
  const page = await listPriceItems(list.id, { page: parsePage(url.searchParams.get('page')), search: url.searchParams.get('search') ?? '', locale });
  return { list: { id: list.id, code: list.code, name: list.name, isBase: list.isBase }, ...page };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

/** /{locale}/admin/price-list/{id}: the prices of one list, paged, with the base price beside them. */
export default function AdminPriceList({ loaderData }: Route.ComponentProps) {
  const t = useT(pricingMessages);
  const locale = useLocale();
  const { list } = loaderData;
  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const cols: ColumnDef<Row, unknown>[] = [
      { id: 'number', header: t('col.number'), cell: ({ row }) => <span className="font-mono text-sm">{row.original.number}</span> },
      {
        id: 'product',
        header: t('col.product'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/product/${row.original.productId}`} className="text-brand-800 hover:underline">
            {row.original.productName}
          </Link>
        ),
      },
      {
        id: 'price',
        header: `${t('col.price')} (zł)`,
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums font-medium">{formatAmount(row.original.price, locale)}</span>,
      },
    ];
    if (!list.isBase) {
      cols.push(
        {
          id: 'base',
          header: `${t('col.base')} (zł)`,
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">{row.original.base === null ? '—' : formatAmount(row.original.base, locale)}</span>
          ),
        },
        {
          id: 'discount',
          header: t('col.discount'),
          cell: ({ row }) => {
            const { base, price } = row.original;
            if (base === null || base === 0) return '—';
            const pct = ((price - base) / base) * 100;
            return (
              <span
                className={`tabular-nums ${pct < 0 ? 'text-emerald-800' : pct > 0 ? 'text-red-800' : ''}`}
              >{`${pct > 0 ? '+' : ''}${pct.toFixed(1).replace('.', locale === 'pl' ? ',' : '.')} %`}</span>
            );
          },
        },
      );
    }
    return cols;
  }, [t, locale, list.isBase]);

  return (
    <div>
      <AdminPageHeader
        title={t('items.title', { code: list.code })}
        lead={list.name ? `${list.name}. ${t('items.lead')}` : t('items.lead')}
        actions={
          <Link to={`/${locale}/admin/price-lists`} className={secondaryButton}>
            {t('items.back')}
          </Link>
        }
      />
      <DataTable
        caption={t('items.title', { code: list.code })}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        filters={[{ name: 'search', label: t('items.search'), type: 'text' }]}
        getRowId={(r) => String(r.catalogNumberId)}
      />
    </div>
  );
}
