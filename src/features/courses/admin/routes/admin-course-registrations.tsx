import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadFile } from '~/core/http/api-client';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { StatusBadge } from '../../components/form-bits';
import { REGISTRATION_STATUSES } from '../../courses.schema';
import { courseMessages } from '../../messages';
import { formatDays } from '../../rules';
import { type AdminRegistrationListItem, courseOptions, listAdminRegistrations } from '../courses-admin.server';
import type { Route } from './+types/admin-course-registrations';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/course-registations', title: translator(courseMessages, layout.locale)('admin.regs.title'), robots: 'noindex' });
}

/** /{locale}/admin/course-registations: registrations with the course and status filters. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'course_registrations');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const q = new URL(args.request.url).searchParams;
  const get = (k: string) => q.get(k)?.slice(0, 100) ?? undefined;
  const [list, courses] = await Promise.all([
    listAdminRegistrations(
      { course: get('course'), status: get('status'), search: get('search'), sort: get('sort'), dir: get('dir'), page: parsePage(q.get('page')) },
      locale,
    ),
    courseOptions(locale),
  ]);
  return { items: list.items, pages: list.pages, page: list.page, courses };
}

export default function AdminCourseRegistrations({ loaderData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const [params] = useSearchParams();
  const courseId = params.get('course');
  const columns = useMemo<ColumnDef<AdminRegistrationListItem, unknown>[]>(
    () => [
      {
        id: 'participant',
        header: t('admin.regs.col.participant'),
        cell: ({ row }) => (
          <div>
            <Link to={`/${locale}/admin/course-registation/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
              {row.original.surname} {row.original.first_name}
            </Link>
            <div className="text-xs text-slate-600">{row.original.email}</div>
          </div>
        ),
      },
      { id: 'company', header: t('admin.regs.col.company'), cell: ({ row }) => row.original.company_name },
      {
        id: 'course',
        header: t('admin.regs.col.course'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {formatDays(row.original.course.date_from, row.original.course.date_to)} · {row.original.course.city}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('admin.regs.col.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} label={t(`status.${row.original.status}`)} />,
      },
      {
        id: 'created',
        header: t('admin.regs.col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.created_at)}</span>,
      },
      {
        id: 'certificate',
        header: t('admin.regs.col.certificate'),
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.certificate_number ?? ''}</span>,
      },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader title={t('admin.regs.title')} lead={t('admin.regs.lead')} />
      <DataTable
        caption={t('admin.regs.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={['participant', 'course', 'status', 'created']}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'course', label: t('admin.regs.course'), type: 'select', options: loaderData.courses },
          { name: 'status', label: t('admin.regs.status'), type: 'select', options: REGISTRATION_STATUSES.map((s) => ({ id: s, name: t(`status.${s}`) })) },
          { name: 'search', label: t('admin.regs.search'), type: 'text' },
        ]}
        toolbar={
          courseId ? (
            <button type="button" className={secondaryButton} onClick={() => void downloadFile(`/api/admin/courses/${courseId}/participants.xlsx`)}>
              {t('admin.export')}
            </button>
          ) : undefined
        }
      />
    </div>
  );
}
