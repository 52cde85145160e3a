import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { trainingMessages } from '../messages';
import { getRateLimiter, RATE_LIMITS, takeAttempt } from '~/core/http/rate-limit.server';
import { certificateByKey } from '../trainings.server';
import type { Route } from './+types/certificate';
import { Notice } from '~/core/ui/form/notice';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: `/certificate/${params.number}`, title: translator(trainingMessages, layout.locale)('cert.pageTitle'), robots: 'noindex' });
}

/**
 * /{locale}/certificate/{number}-{code}: public confirmation of an online-training certificate.
 * The number alone (they count up) shows nothing; lookups are limited per IP as on the API.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  if (!(await takeAttempt(`certificate:${context.clientIp}`, RATE_LIMITS.certificateLookupPerIp, getRateLimiter()))) {
    return data({ certificate: null }, { status: 429 });
  }
  const found = await certificateByKey(params.number ?? '');
  if (!found) return data({ certificate: null }, { status: 404 });
  return {
    certificate: {
      number: found.number,
      name: found.name,
      training: (locale === 'en' && found.titleEn) || found.titlePl,
      completed_at: found.doneAt.toISOString(),
    },
  };
}

export default function Certificate({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const c = loaderData.certificate;
  return (
    <>
      <PageHeader title={t('cert.pageTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {c ? (
          <div className="rounded-lg border border-green-200 bg-white p-6 shadow-sm" data-certificate-valid>
            <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
              <span aria-hidden="true">✓</span> {t('cert.valid')}
            </p>
            <dl className="mt-4 divide-y divide-slate-100">
              {[
                [t('cert.number'), c.number],
                [t('cert.participant'), c.name],
                [t('cert.training'), c.training],
                [t('cert.date'), formatDate(c.completed_at)],
              ].map(([label, value]) => (
                <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900 sm:col-span-2">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : (
          <Notice kind="error" role="note" className="font-medium" data-certificate-invalid>
            {t('cert.invalid')}
          </Notice>
        )}
      </div>
    </>
  );
}
