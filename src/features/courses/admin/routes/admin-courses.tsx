import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { parsePage } from '~/core/http/pagination';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
import { courseMessages } from '../../messages';
import { formatDays } from '../../rules';
import { type AdminCourseListItem, listAdminCourses } from '../courses-admin.server';
import type { Route } from './+types/admin-courses';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/courses', title: translator(courseMessages, layout.locale)('admin.courses.title'), robots: 'noindex' });
}

/** /{locale}/admin/courses: the course dates with the seats taken. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'courses');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const q = new URL(args.request.url).searchParams;
  const get = (k: string) => q.get(k)?.slice(0, 100) ?? undefined;
  const list = await listAdminCourses({ search: get('search'), when: get('when'), sort: get('sort'), dir: get('dir'), page: parsePage(q.get('page')) }, locale);
  return { items: list.items, pages: list.pages, page: list.page };
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const courseUrl = (c: AdminCourseListItem) => `/${locale}/admin/course/${c.id}`;
  const days = (c: AdminCourseListItem) => formatDays(c.date_from, c.date_to);
  const columns = useMemo<ColumnDef<AdminCourseListItem, unknown>[]>(
    () => [
      {
        id: 'date',
        header: t('admin.col.date'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDays(row.original.date_from, row.original.date_to)}</span>,
      },
      { id: 'city', header: t('admin.col.city'), cell: ({ row }) => row.original.city },
      titleColumn<AdminCourseListItem>(
        t('admin.col.title'),
        (c) => c.title,
        (c) => `/${locale}/admin/course/${c.id}`,
      ),
      {
        id: 'seats',
        header: t('admin.col.seats'),
        cell: ({ row }) => (
          <span
            className={`whitespace-nowrap tabular-nums ${row.original.seats_taken >= row.original.seats ? 'font-semibold text-red-700' : ''}`}
            data-testid="seats-taken"
          >
            {row.original.seats_taken} / {row.original.seats}
          </span>
        ),
      },
      { id: 'waiting', header: t('admin.col.waiting'), cell: ({ row }) => <span className="tabular-nums">{row.original.waiting}</span> },
      {
        id: 'price',
        header: t('admin.col.price'),
        cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.price_grosze, locale)}</span>,
      },
      {
        id: 'is_active',
        header: t('admin.col.active'),
        cell: ({ row }) => (
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${row.original.is_active ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-300'}`}
          >
            {row.original.is_active ? t('admin.active') : t('admin.inactive')}
          </span>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <AdminListPage
      title={t('admin.courses.title')}
      lead={t('admin.courses.lead')}
      caption={t('admin.courses.caption')}
      add={{ to: `/${locale}/admin/course`, label: t('admin.courses.add') }}
      data={loaderData}
      columns={columns}
      sortable={['date', 'city', 'title']}
      filters={[
        { name: 'search', label: t('admin.courses.search'), type: 'text' },
        {
          name: 'when',
          label: t('admin.courses.when'),
          type: 'select',
          options: [
            { id: 'upcoming', name: t('admin.courses.upcoming') },
            { id: 'past', name: t('admin.courses.past') },
          ],
        },
      ]}
      rowActions={{
        editUrl: courseUrl,
        label: (c) => `${c.city}, ${days(c)}`,
        remove: { url: '/api/admin/courses', message: (c) => t('admin.deleteConfirm', { title: c.title, date: days(c) }) },
      }}
    />
  );
}
