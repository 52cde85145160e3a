import { data } from 'react-router';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { trainingMessages } from '../messages';
import { getRateLimiter, RATE_LIMITS, takeAttempt } from '~/core/http/rate-limit.server';
import { certificateByKey, publicCertificate } from '../trainings.server';
import { CertificateMissing, CertificateResult } from '../components/certificate-result';
import type { Route } from './+types/certificate';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: `/certificate/${params.number}`, title: translator(trainingMessages, layout.locale)('cert.pageTitle'), robots: 'noindex' });
}

/**
 * /{locale}/certificate/{number}-{code}: public confirmation of an online-training certificate (the
 * address of PDFs issued before issue 42; now /certificates/{code}), with its status.
 * The number alone (they count up) shows nothing; lookups are limited per IP as on the API.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  if (!(await takeAttempt(`certificate:${context.clientIp}`, RATE_LIMITS.certificateLookupPerIp, getRateLimiter()))) {
    return data({ certificate: null }, { status: 429 });
  }
  const found = await certificateByKey(params.number ?? '');
  if (!found) return data({ certificate: null }, { status: 404 });
  return { certificate: publicCertificate(found, locale) };
}

export default function Certificate({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const c = loaderData.certificate;
  return (
    <>
      <PageHeader title={t('cert.pageTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {c ? <CertificateResult certificate={c} /> : <CertificateMissing message={t('cert.invalid')} />}
      </div>
    </>
  );
}
