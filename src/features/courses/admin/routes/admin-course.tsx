import { data, Link, useRevalidator } from 'react-router';
import { downloadFile } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { canAccessAdmin } from '~/core/permissions/permissions';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { AdminCard, AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { courseMessages } from '../../messages';
import { CourseForm } from '../components/course-form';
import { getAdminCourse } from '../courses-admin.server';
import type { Route } from './+types/admin-course';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(courseMessages, layout.locale);
  const c = loaderData?.course;
  return seoMeta({ ...layout, path: `/admin/course/${c?.id ?? ''}`, title: c ? `${c.title_pl} – ${c.city}` : t('admin.newTitle'), robots: 'noindex' });
}

/** /{locale}/admin/course (new) and /{locale}/admin/course/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'courses');
  const canRegistrations = canAccessAdmin(user.can, 'course_registrations');
  if (args.params.id === undefined) return { course: null, canRegistrations };
  const id = Number(args.params.id);
  const course = Number.isInteger(id) ? await getAdminCourse(id) : null;
  if (!course) throw data(null, { status: 404 });
  return { course, canRegistrations };
}

export default function AdminCourse({ loaderData }: Route.ComponentProps) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { course, canRegistrations } = loaderData;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/courses`} className="text-brand-700 hover:underline">
          ← {t('admin.back')}
        </Link>
      </p>
      <AdminPageHeader
        title={course ? `${course.title_pl} – ${course.city}` : t('admin.newTitle')}
        lead={course ? t('admin.editLead', { id: course.id, date: formatDate(course.updated_at) }) : t('admin.newLead')}
      />
      {course && canRegistrations && (
        <AdminCard title={t('admin.card.participants')} className="mb-5">
          <p className="text-sm text-slate-700" data-testid="participants-lead">
            {t('admin.participants.lead', { taken: course.seats_taken, seats: course.seats, waiting: course.waiting })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={`/${locale}/admin/course-registations?course=${course.id}`} className={secondaryButton}>
              {t('admin.participants.open')}
            </Link>
            <button type="button" className={secondaryButton} onClick={() => void downloadFile(`/api/admin/courses/${course.id}/participants.xlsx`)}>
              {t('admin.export')}
            </button>
            <ConfirmDialog
              triggerClassName={secondaryButton}
              trigger={t('admin.issueCertificates')}
              message={t('admin.issueConfirm')}
              submitUrl={`/api/admin/courses/${course.id}`}
              id="certificates"
              method="POST"
              onConfirm={() => void revalidator.revalidate()}
            />
          </div>
        </AdminCard>
      )}
      <CourseForm key={course?.version ?? 'new'} course={course} />
    </div>
  );
}
