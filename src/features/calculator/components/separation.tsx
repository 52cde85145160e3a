// The cable separation panel (EN 50174-2): class, barrier, power circuits -> S, P, A = S × P, and a drawing.
import { useEffect, useId, useState } from 'react';
import { numberFormat, type Locale, translator } from '~/core/i18n/locale';
import { inputClass } from '~/core/ui/form/field';
import { calculatorMessages } from '../messages';
import {
  type Barrier,
  BARRIERS,
  isBarrier,
  isSegregationClass,
  MAX_CIRCUITS,
  P_TABLE,
  parseWhole,
  S_TABLE,
  type SegregationClass,
  SEGREGATION_CLASSES,
  separation,
} from '../rules';

const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/** The separation inputs the workbook opens with. */
export interface SeparationInputs {
  cls: SegregationClass;
  barrier: Barrier;
  circuits: number;
}

/** `onInputs` hears the inputs whenever they change and are valid. */
export function SeparationPanel({ locale, onInputs }: { locale: Locale; onInputs?: (inputs: SeparationInputs) => void }) {
  const t = translator(calculatorMessages, locale);
  const id = useId();
  const [cls, setCls] = useState<SegregationClass>('b');
  const [barrier, setBarrier] = useState<Barrier>('none');
  const [circuitsText, setCircuitsText] = useState('12');
  const circuits = parseWhole(circuitsText);
  const valid = circuits >= 1 && circuits <= MAX_CIRCUITS;
  const result = valid ? separation({ cls, barrier, circuits }) : null;
  useEffect(() => {
    if (valid) onInputs?.({ cls, barrier, circuits });
  }, [valid, cls, barrier, circuits, onInputs]);
  const f = numberFormat(locale, 2);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <fieldset className="min-w-0 self-start rounded-lg border border-slate-200 p-4 sm:p-5 lg:col-start-1 lg:row-start-1">
        <legend className="px-1 text-lg font-semibold text-slate-900">{t('sep.inputs')}</legend>
        <div className="space-y-4 sm:max-w-md">
          <div>
            <label htmlFor={`${id}-cls`} className={labelClass}>
              {t('sep.class')}
            </label>
            <select
              id={`${id}-cls`}
              value={cls}
              onChange={(e) => isSegregationClass(e.target.value) && setCls(e.target.value)}
              aria-describedby={`${id}-cls-h`}
              className={inputClass}
            >
              {SEGREGATION_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {t(`sep.class.${c}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-cls-h`} className="mt-1 text-sm text-slate-600">
              {t('sep.classHelp')}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-bar`} className={labelClass}>
              {t('sep.barrier')}
            </label>
            <select id={`${id}-bar`} value={barrier} onChange={(e) => isBarrier(e.target.value) && setBarrier(e.target.value)} className={inputClass}>
              {BARRIERS.map((b) => (
                <option key={b} value={b}>
                  {t(`sep.barrier.${b}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-n`} className={labelClass}>
              {t('sep.circuits')}
            </label>
            <input
              id={`${id}-n`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={circuitsText}
              onChange={(e) => setCircuitsText(e.target.value)}
              aria-invalid={valid ? undefined : true}
              aria-describedby={`${id}-n-h${valid ? '' : ` ${id}-n-e`}`}
              className={`${inputClass} max-w-[8rem]`}
            />
            <p id={`${id}-n-h`} className="mt-1 text-sm text-slate-600">
              {t('sep.circuitsHelp')}
            </p>
            {!valid && (
              <p id={`${id}-n-e`} className="mt-1 text-sm font-medium text-red-700">
                {t('v.circuits')}
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <section
        aria-labelledby={`${id}-res`}
        className="min-w-0 self-start rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id={`${id}-res`} className="text-lg font-semibold text-slate-900">
          {t('sep.results')}
        </h2>
        <p
          aria-live="polite"
          data-testid="sep-status"
          className={`mt-3 rounded-md px-3 py-2 text-sm font-semibold ${result ? 'bg-brand-50 text-brand-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {result ? t('sep.status', { a: f.format(result.a) }) : t('sep.statusInvalid')}
        </p>
        {result && (
          <>
            <dl className="mt-4 space-y-1.5 text-sm">
              <Row label={t('sep.s')} value={`${f.format(result.s)} mm`} testId="sep-s" />
              <Row label={t('sep.p')} value={f.format(result.p)} testId="sep-p" />
              <Row label={t('sep.a')} value={`${f.format(result.a)} mm`} strong testId="sep-a" />
            </dl>
            <SeparationDrawing locale={locale} a={result.a} barrier={barrier} />
          </>
        )}
      </section>
      <StandardTables locale={locale} cls={cls} barrier={barrier} circuits={valid ? circuits : null} />
    </div>
  );
}

/** The S and P tables of the standard, the cells in use highlighted. */
function StandardTables({ locale, cls, barrier, circuits }: { locale: Locale; cls: SegregationClass; barrier: Barrier; circuits: number | null }) {
  const t = translator(calculatorMessages, locale);
  const f = numberFormat(locale, 1);
  const on = 'bg-brand-100 font-semibold text-brand-900';
  const cell = 'border border-slate-200 px-2 py-1.5 text-right tabular-nums';
  const head = 'border border-slate-200 bg-slate-50 px-2 py-1.5 text-left font-semibold text-slate-800';
  return (
    <section aria-labelledby="sep-tables" className="min-w-0 rounded-lg border border-slate-200 p-4 sm:p-5 lg:col-start-1 lg:row-start-2">
      <h2 id="sep-tables" className="text-lg font-semibold text-slate-900">
        {t('sep.tables')}
      </h2>
      {/* barriers in rows and the classes in columns: fits a phone without scrolling */}
      <table className="mt-3 w-full border-collapse text-sm" data-testid="s-table">
        <caption className="mb-2 text-left text-sm text-slate-700">{t('sep.sCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              {t('xlsx.sBarrier')}
            </th>
            {SEGREGATION_CLASSES.map((c) => (
              <th key={c} scope="col" className={`${head} text-right ${c === cls ? on : ''}`}>
                <span className="sr-only sm:not-sr-only">{t('xlsx.sClassCol')} </span>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {BARRIERS.map((b) => (
            <tr key={b}>
              <th scope="row" className={`${head} font-medium ${b === barrier ? on : ''}`}>
                {t(`sep.barrier.${b}`)}
              </th>
              {SEGREGATION_CLASSES.map((c) => (
                <td key={c} className={`${cell} ${c === cls && b === barrier ? on : ''}`} aria-current={c === cls && b === barrier ? 'true' : undefined}>
                  {S_TABLE[c][b]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-5">
        <table className="w-full max-w-sm border-collapse text-sm" data-testid="p-table">
          <caption className="mb-2 text-left text-sm text-slate-700">{t('xlsx.pTable')}</caption>
          <thead>
            <tr>
              <th scope="col" className={head}>
                {t('sep.circuitsCol')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                P
              </th>
            </tr>
          </thead>
          <tbody>
            {P_TABLE.map((r) => {
              const active = circuits !== null && circuits >= r.from && (r.to === null || circuits <= r.to);
              return (
                <tr key={r.from} className={active ? on : ''} aria-current={active ? 'true' : undefined}>
                  <td className="border border-slate-200 px-2 py-1.5 tabular-nums">{r.to === null ? t('sep.from', { from: r.from }) : `${r.from}–${r.to}`}</td>
                  <td className={cell}>{f.format(r.p)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 pb-1.5 last:border-b-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className={`whitespace-nowrap text-right tabular-nums text-slate-900 ${strong ? 'font-semibold' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Two tray cross-sections side by side, the distance A between them and the barrier (not to scale). */
export function SeparationDrawing({ locale, a, barrier }: { locale: Locale; a: number; barrier: Barrier }) {
  const t = translator(calculatorMessages, locale);
  const id = useId();
  const f = numberFormat(locale, 2);
  const trayW = 110;
  const trayH = 44;
  const x1 = 10;
  const gap = a === 0 ? 22 : 48 + Math.min(a, 300) * 0.4;
  const x2 = x1 + trayW + gap;
  const base = 92;
  const width = x2 + trayW + 10;
  const mid = x1 + trayW + gap / 2;
  const profile = (x: number) =>
    `M ${x - 2} ${base - trayH} L ${x - 2} ${base + 2} L ${x + trayW + 2} ${base + 2} L ${x + trayW + 2} ${base - trayH} L ${x + trayW} ${base - trayH} L ${x + trayW} ${base} L ${x} ${base} L ${x} ${base - trayH} Z`;
  const it = Array.from({ length: 12 }, (_, i) => ({ cx: x1 + 7 + (i % 8) * 12.5 + (i >= 8 ? 6 : 0), cy: i >= 8 ? base - 16 : base - 5.5 }));
  const power = Array.from({ length: 6 }, (_, i) => ({ cx: x2 + 11 + (i % 4) * 22 + (i >= 4 ? 11 : 0), cy: i >= 4 ? base - 27 : base - 9 }));
  const barrierStyle =
    barrier === 'solid' ? { dash: undefined, w: 3 } : barrier === 'perforated' ? { dash: '6 3', w: 3 } : barrier === 'open' ? { dash: '2 4', w: 2.5 } : null;
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${width} 150`}
        className="mx-auto block h-auto w-full"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        data-testid="separation-drawing"
        data-a={a}
      >
        <title id={`${id}-t`}>{t('sep.drawing', { a: f.format(a) })}</title>
        <desc id={`${id}-d`}>{t('sep.drawingDesc')}</desc>
        <defs>
          <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#0f172a" />
          </marker>
        </defs>
        {it.map((c) => (
          <circle key={`i${c.cx}-${c.cy}`} cx={c.cx} cy={c.cy} r={5.5} fill="#1d4ed8" stroke="#fff" strokeWidth={0.6} />
        ))}
        {power.map((c) => (
          <circle key={`p${c.cx}-${c.cy}`} cx={c.cx} cy={c.cy} r={9} fill="#c2410c" stroke="#fff" strokeWidth={0.8} />
        ))}
        <path d={profile(x1)} fill="#64748b" />
        <path d={profile(x2)} fill="#64748b" />
        {barrierStyle && (
          <line x1={mid} x2={mid} y1={base - trayH - 8} y2={base + 2} stroke="#334155" strokeWidth={barrierStyle.w} strokeDasharray={barrierStyle.dash} />
        )}
        <line x1={x1 + trayW + 2} x2={x1 + trayW + 2} y1={base - trayH - 4} y2={base - trayH - 26} stroke="#94a3b8" strokeWidth={0.8} />
        <line x1={x2 - 2} x2={x2 - 2} y1={base - trayH - 4} y2={base - trayH - 26} stroke="#94a3b8" strokeWidth={0.8} />
        <line
          x1={x1 + trayW + 3}
          x2={x2 - 3}
          y1={base - trayH - 20}
          y2={base - trayH - 20}
          stroke="#0f172a"
          strokeWidth={1}
          markerStart={`url(#${id}-arrow)`}
          markerEnd={`url(#${id}-arrow)`}
        />
        <text x={mid} y={base - trayH - 26} fontSize={11} fontWeight={600} textAnchor="middle" fill="#0f172a">
          A = {f.format(a)} mm
        </text>
        <text x={x1 + trayW / 2} y={base + 18} fontSize={10} textAnchor="middle" fill="#0f172a">
          {t('sep.it')}
        </text>
        <text x={x2 + trayW / 2} y={base + 18} fontSize={10} textAnchor="middle" fill="#0f172a">
          {t('sep.power')}
        </text>
        {barrierStyle && (
          <text x={mid} y={base + 34} fontSize={9} textAnchor="middle" fill="#334155">
            {t('sep.barrierLabel')}: {t(`sep.barrier.${barrier}`).toLowerCase()}
          </text>
        )}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">{t('sep.drawingDesc')}</figcaption>
    </figure>
  );
}
