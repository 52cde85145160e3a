// The quick-order box of the cart screen: pasted lines or a CSV/XLSX file; invalid lines are listed.
// A file goes through the shared form sender (XMLHttpRequest) so that its upload shows a progress bar.
import { type FormEvent, useId, useRef, useState } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { UploadProgress } from '~/core/ui/attachment-adder';
import { FieldError, inputClass, Label } from '~/core/ui/form/field';
import { notify } from '~/core/ui/notify';
import { submitForm } from '~/core/ui/form/submit';
import { shopMessages } from '../messages';
import { Button } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

interface QuickAnswer {
  message: string;
  added: number;
  invalid: { line: number; text: string; reason: string }[];
  warnings?: { line: number; text: string; message: string }[];
}

export function QuickOrderBox({ onAdded }: { onAdded: () => void }) {
  const t = useT(shopMessages);
  const id = useId();
  const [lines, setLines] = useState('');
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState<QuickAnswer['invalid']>([]);
  const [warnings, setWarnings] = useState<NonNullable<QuickAnswer['warnings']>>([]);
  const [error, setError] = useState<string | undefined>();
  /** 0-100 while a file is sent, null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    const body = new FormData();
    if (file) body.append('file', file);
    else body.append('lines', lines);
    setPending(true);
    if (file) setProgress(0);
    // Nothing added is not a success: that answer is a warning, not a green toast.
    const res = await submitForm<QuickAnswer>('/api/cart/quick-order', body, { onProgress: file ? setProgress : undefined, notifySuccess: false });
    setPending(false);
    setProgress(null);
    if (res.ok) {
      setInvalid(res.data.invalid);
      setWarnings(res.data.warnings ?? []);
      setError(undefined);
      if (res.data.added > 0) notify.success(res.data.message);
      else notify.warning(res.data.message);
      if (res.data.added > 0) {
        setLines(res.data.invalid.map((i) => i.text).join('\n'));
        if (fileRef.current) fileRef.current.value = '';
        onAdded();
      }
    } else {
      setError(res.errors ? Object.values(res.errors)[0]?.[0] : res.message);
    }
  };

  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="quick-order">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        {t('quick.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('quick.hint')}</p>
      <form onSubmit={submit} className="mt-3 space-y-3">
        <div>
          <Label htmlFor={`${id}-lines`}>{t('quick.lines')}</Label>
          <textarea
            id={`${id}-lines`}
            rows={4}
            className={`${inputClass} font-mono`}
            value={lines}
            onChange={(e) => setLines(e.target.value)}
            placeholder={'KAB-U6-305 610\nPC-1M 10'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div>
          <Label htmlFor={`${id}-file`}>{t('quick.file')}</Label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            disabled={pending}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="block w-full text-sm"
          />
        </div>
        {progress !== null && <UploadProgress percent={progress} />}
        <Button type="submit" variant="secondary" size="lg" disabled={pending}>
          {t('quick.submit')}
        </Button>
      </form>
      {warnings.length > 0 && (
        <Notice kind="warning" className="mt-4" data-testid="quick-stock-warnings">
          <p className="font-semibold">{t('quick.stockWarnings')}</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w.line}>{t('quick.stockLine', { line: w.line, text: w.text, message: w.message })}</li>
            ))}
          </ul>
        </Notice>
      )}
      {invalid.length > 0 && (
        <Notice kind="warning" className="mt-4" data-testid="quick-invalid">
          <p className="font-semibold">{t('quick.invalid')}</p>
          <ul className="mt-1 list-disc pl-5">
            {invalid.map((i) => (
              <li key={i.line}>{t('quick.line', { line: i.line, text: i.text, reason: i.reason })}</li>
            ))}
          </ul>
        </Notice>
      )}
    </section>
  );
}
