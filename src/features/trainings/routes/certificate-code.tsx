import { data } from 'react-router';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { getRateLimiter, RATE_LIMITS, takeAttempt } from '~/core/http/rate-limit.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { CertificateMissing, CertificateResult } from '../components/certificate-result';
import { trainingMessages } from '../messages';
import { certificateByCode, publicCertificate } from '../trainings.server';
import type { Route } from './+types/certificate-code';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: `/certificates/${params.code}`, title: translator(trainingMessages, layout.locale)('cert.pageTitle'), robots: 'noindex' });
}

/**
 * /{locale}/certificates/{code}: the link form of the public check (issue 42), the address printed
 * on the certificate's PDF and in its QR code. The random code (128 bits) alone finds the
 * certificate; lookups share the per-IP limit of the API.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  if (!(await takeAttempt(`certificate:${context.clientIp}`, RATE_LIMITS.certificateLookupPerIp, getRateLimiter()))) {
    return data({ certificate: null, limited: true }, { status: 429 });
  }
  const found = await certificateByCode(params.code ?? '');
  if (!found) return data({ certificate: null, limited: false }, { status: 404 });
  return { certificate: publicCertificate(found, locale), limited: false };
}

export default function CertificateByCode({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const c = loaderData.certificate;
  return (
    <>
      <PageHeader title={t('cert.pageTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {c ? <CertificateResult certificate={c} /> : <CertificateMissing message={t(loaderData.limited ? 'cert.tooMany' : 'cert.invalid')} />}
      </div>
    </>
  );
}
