// The answer of a public certificate check (issue 42): the status in words and colour (valid, expired,
// revoked, from the one rule on the server), then the holder, training, issue and expiry dates.
import { useT } from '~/core/i18n/use-locale';
import { formatDate } from '~/core/time/format';
import { Notice } from '~/core/ui/form/notice';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { trainingMessages } from '../messages';
import type { CertificateStatus, PublicCertificate } from '../rules';

const FRAME: Record<CertificateStatus, string> = {
  valid: 'border-green-200',
  expired: 'border-amber-300',
  revoked: 'border-red-300',
};
const HEADLINE: Record<CertificateStatus, string> = {
  valid: 'text-green-800',
  expired: 'text-amber-900',
  revoked: 'text-red-800',
};
const TONE = { valid: 'green', expired: 'amber', revoked: 'red' } as const;
const MARK: Record<CertificateStatus, string> = { valid: '✓', expired: '!', revoked: '✕' };

export function CertificateResult({ certificate: c }: { certificate: PublicCertificate }) {
  const t = useT(trainingMessages);
  const rows: [string, string][] = [
    [t('cert.number'), c.number],
    [t('cert.holder'), c.holder],
    [t('cert.training'), c.training],
    [t('cert.issued'), formatDate(c.issued_at)],
    [t('cert.validUntil'), c.valid_until ? formatDate(c.valid_until) : t('cert.noExpiry')],
  ];
  return (
    <section
      className={`rounded-lg border-2 bg-white p-4 shadow-sm sm:p-6 ${FRAME[c.status]}`}
      data-certificate-status={c.status}
      data-certificate-valid={c.status === 'valid' ? '' : undefined}
      aria-live="polite"
    >
      <p className={`flex flex-wrap items-center gap-2 text-lg font-semibold ${HEADLINE[c.status]}`}>
        <span aria-hidden="true">{MARK[c.status]}</span>
        <span>{t(`cert.status.${c.status}`)}</span>
        <StatusBadge tone={TONE[c.status]} status={c.status}>
          {t(`cert.badge.${c.status}`)}
        </StatusBadge>
      </p>
      <dl className="mt-4 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Nothing to show: unknown, a wrong surname or too many checks (all without a name). */
export function CertificateMissing({ message }: { message: string }) {
  return (
    <Notice kind="error" role="note" className="font-medium" data-certificate-invalid>
      {message}
    </Notice>
  );
}
