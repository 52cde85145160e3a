import type { Locale } from '~/core/i18n/locale';
import { formatDateTime } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { diffWords, htmlToText, looksLikeHtml, shortenSame } from './diff';
import { type ChangeInfoKey, changeInfoMessages } from './messages';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A field name of the log ("titlePl", "role_ids") as a label ("Tytuł (PL)", "Role"). */
export function fieldLabel(field: string, locale: Locale): string {
  const t = translator(changeInfoMessages, locale);
  const camel = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const m = /^(.*?)(Pl|En)$/.exec(camel);
  const base = m?.[1] || camel;
  const lang = m ? ` (${m[2]?.toUpperCase()})` : '';
  const key = `field.${base}` as ChangeInfoKey;
  if (key in changeInfoMessages.pl) return `${t(key)}${lang}`;
  const words = base.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${lang}`;
}

/** A logged value as text: dates in Polish format, yes/no, lists, HTML as its text. */
export function displayValue(value: unknown, locale: Locale): string {
  const t = translator(changeInfoMessages, locale);
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    return looksLikeHtml(value) ? htmlToText(value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => displayValue(v, locale)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const SHORT = 80;
const BOOKKEEPING = new Set(['id', 'createdAt', 'created_at']);
const MAX_SHOWN = 600;

function clip(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

function Empty() {
  const t = useT(changeInfoMessages);
  return <span className="italic text-slate-500">{t('empty')}</span>;
}

/** One field of an entry: before → after for short values, a marked word diff for long texts. */
export function FieldChange({
  field,
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  field: string;
  before: unknown;
  after: unknown;
  /** The value's readable name where its field has them (a status), from the list's answer. */
  beforeLabel?: string;
  afterLabel?: string;
}) {
  const t = useT(changeInfoMessages);
  const locale = useLocale();
  const b = beforeLabel ?? displayValue(before, locale);
  const a = afterLabel ?? displayValue(after, locale);
  const short = b.length <= SHORT && a.length <= SHORT && !b.includes('\n') && !a.includes('\n');
  return (
    <div className="py-1.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{fieldLabel(field, locale)}</dt>
      <dd className="mt-0.5 text-sm">
        {short || !b || !a ? (
          <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            {before !== undefined && (
              <span>
                <span className="sr-only">{t('before')}: </span>
                {b ? <del className="whitespace-pre-wrap break-words rounded bg-red-50 px-1 text-red-800">{clip(b)}</del> : <Empty />}
              </span>
            )}
            {before !== undefined && after !== undefined && (
              <span aria-hidden="true" className="text-slate-500">
                →
              </span>
            )}
            {after !== undefined && (
              <span>
                <span className="sr-only">{t('after')}: </span>
                {a ? <ins className="whitespace-pre-wrap break-words rounded bg-green-50 px-1 text-green-800 no-underline">{clip(a)}</ins> : <Empty />}
              </span>
            )}
          </span>
        ) : (
          <p className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-2 leading-relaxed">
            {shortenSame(diffWords(b, a)).map((s, i) =>
              s.type === 'same' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                <span key={i}>{s.text}</span>
              ) : s.type === 'del' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                <del key={i} className="rounded bg-red-100 text-red-800">
                  <span className="sr-only">[{t('removed')}: </span>
                  {clip(s.text)}
                  <span className="sr-only">]</span>
                </del>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity
                <ins key={i} className="rounded bg-green-100 text-green-800 no-underline">
                  <span className="sr-only">[{t('added')}: </span>
                  {clip(s.text)}
                  <span className="sr-only">]</span>
                </ins>
              ),
            )}
          </p>
        )}
      </dd>
    </div>
  );
}

/** Every field of an entry; a create lists the new values, a delete the last ones. */
export function ChangeList({
  action,
  changes,
}: {
  action: 'create' | 'update' | 'delete';
  changes: Record<string, { before: unknown; after: unknown; before_label?: string; after_label?: string }>;
}) {
  const t = useT(changeInfoMessages);
  // A created or deleted record lists its values without the empty ones and the bookkeeping ones.
  const fields = Object.entries(changes).filter(
    ([field, v]) => action === 'update' || (!BOOKKEEPING.has(field) && displayValue(action === 'create' ? v.after : v.before, 'pl') !== ''),
  );
  if (fields.length === 0) return <p className="text-sm text-slate-500">{t('noChanges')}</p>;
  return (
    <dl className="divide-y divide-slate-100">
      {fields.map(([field, v]) => (
        <FieldChange
          key={field}
          field={field}
          before={action === 'create' ? undefined : v.before}
          after={action === 'delete' ? undefined : v.after}
          beforeLabel={v.before_label}
          afterLabel={v.after_label}
        />
      ))}
    </dl>
  );
}
