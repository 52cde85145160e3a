import { useT } from '~/core/i18n/use-locale';
import { accountMessages } from '../messages';

/** The account states of SPEC section 4 as a short checklist. */
export function AccountSteps({ verified, active }: { verified: boolean; active: boolean }) {
  const t = useT(accountMessages);
  const steps = [
    { label: t('verify.step.registered'), done: true },
    { label: t('verify.step.email'), done: verified },
    { label: t('verify.step.active'), done: active },
  ];
  return (
    <section aria-labelledby="account-state" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id="account-state" className="text-sm font-semibold text-slate-800">
        {t('verify.state')}
      </h2>
      <ol className="mt-2 space-y-1.5 text-sm">
        {steps.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold ${
                s.done ? 'bg-green-600 text-white' : 'border border-slate-400 bg-white text-slate-500'
              }`}
            >
              {s.done ? '✓' : ''}
            </span>
            <span className={s.done ? 'text-slate-900' : 'text-slate-600'}>
              {s.label}
              <span className="sr-only"> ({s.done ? t('verify.step.done') : t('verify.step.pending')})</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
