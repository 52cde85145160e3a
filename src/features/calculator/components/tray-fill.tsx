// The tray fill panel: cable rows, the tray (chosen or recommended), the reserve, the live results and the drawing.
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { numberFormat, type Locale, translator } from '~/core/i18n/locale';
import { inputClass } from '~/core/ui/form/field';
import { calculatorMessages } from '../messages';
import { MAX_DRAWN_CIRCLES, packCircles } from '../packing';
import {
  CABLES,
  cableName,
  cablesArea,
  DEFAULT_RESERVE,
  findCable,
  MAX_COUNT,
  MAX_DIAMETER,
  MAX_RESERVE,
  parseDecimal,
  parseWhole,
  recommendTray,
  STANDARD_TRAYS,
  type Tray,
  TRAY_HEIGHTS,
  TRAY_WIDTHS,
  trayFill,
} from '../rules';
import { WORKBOOK_MAX_ROWS, type WorkbookRow } from '../validation';
import { type DrawnCable, rowColour, TrayDrawing } from './tray-drawing';

/** The tray fill inputs the workbook opens with (the tray shown: picked or recommended). */
export interface FillInputs {
  rows: WorkbookRow[];
  tray: Tray;
  reserve: number;
}

const CUSTOM = 'custom';

interface Row {
  key: number;
  cable: string;
  /** The diameter typed for a custom cable. */
  diameter: string;
  count: string;
}

export const INITIAL_ROWS: Omit<Row, 'key'>[] = [
  { cable: 'uutp-6', diameter: '', count: '24' },
  { cable: 'fo-u-12', diameter: '', count: '4' },
];

const labelClass = 'mb-1 block text-sm font-medium text-slate-800';
const errorClass = 'mt-1 text-sm font-medium text-red-700';

/** `onInputs` hears the inputs whenever they change and are valid. */
export function TrayFillPanel({ locale, onInputs }: { locale: Locale; onInputs?: (inputs: FillInputs) => void }) {
  const t = useMemo(() => translator(calculatorMessages, locale), [locale]);
  const id = useId();
  const nextKey = useRef(INITIAL_ROWS.length);
  const [rows, setRows] = useState<Row[]>(() => INITIAL_ROWS.map((r, key) => ({ ...r, key })));
  const [mode, setMode] = useState<'pick' | 'recommend'>('pick');
  const [width, setWidth] = useState('100');
  const [height, setHeight] = useState('60');
  const [reserveText, setReserveText] = useState(String(DEFAULT_RESERVE * 100));
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const f1 = numberFormat(locale, 1);
  const f2 = numberFormat(locale, 2);

  // Focus the cable select of a row just added, or the add button after a removal.
  useEffect(() => {
    if (focusKey === null) return;
    if (focusKey < 0) addRef.current?.focus();
    else document.getElementById(`${id}-cable-${focusKey}`)?.focus();
    setFocusKey(null);
  }, [focusKey, id]);

  // Inputs read by the rules; an error per field that is not valid.
  const parsed = useMemo(() => {
    const errors: Record<string, string> = {};
    const list = rows.map((r) => {
      const diameter = r.cable === CUSTOM ? parseDecimal(r.diameter) : (findCable(r.cable)?.diameter ?? Number.NaN);
      const count = parseWhole(r.count);
      if (!(diameter > 0 && diameter <= MAX_DIAMETER)) errors[`d${r.key}`] = t('v.diameter');
      if (!(count >= 0 && count <= MAX_COUNT)) errors[`c${r.key}`] = t('v.count');
      return { diameter, count };
    });
    const percent = parseDecimal(reserveText);
    if (!(percent >= 0 && percent <= MAX_RESERVE * 100)) errors.reserve = t('v.reserve');
    const valid = Object.keys(errors).length === 0;
    return { rows: list, errors, valid, reserve: valid ? percent / 100 : DEFAULT_RESERVE };
  }, [rows, reserveText, t]);
  const { errors, reserve } = parsed;

  const result = useMemo(() => {
    if (!parsed.valid) return null;
    let tray: Tray = { width: Number(width), height: Number(height) };
    if (mode === 'recommend') tray = recommendTray(cablesArea(parsed.rows), parsed.reserve) ?? STANDARD_TRAYS[STANDARD_TRAYS.length - 1];
    return { tray, ...trayFill({ rows: parsed.rows, tray, reserve: parsed.reserve }) };
  }, [parsed, mode, width, height]);

  useEffect(() => {
    if (!result) return;
    const list = rows.map(
      (r, i): WorkbookRow =>
        r.cable === CUSTOM ? { diameter: parsed.rows[i].diameter, count: parsed.rows[i].count } : { cable: r.cable, count: parsed.rows[i].count },
    );
    onInputs?.({ rows: list, tray: result.tray, reserve: parsed.reserve });
  }, [result, rows, parsed, onInputs]);

  // The drawing follows the inputs a moment later on slow phones (a deferred value).
  const drawInput = useMemo(() => {
    if (!result) return null;
    const cables: DrawnCable[] = [];
    let total = 0;
    parsed.rows.forEach((r, row) => {
      total += r.count;
      if (total <= MAX_DRAWN_CIRCLES) for (let i = 0; i < r.count; i++) cables.push({ row, diameter: r.diameter });
    });
    return { tray: result.tray, reserve: parsed.reserve, cables, total };
  }, [result, parsed]);
  const deferred = useDeferredValue(drawInput);
  const packing = useMemo(() => {
    if (!deferred || deferred.total > MAX_DRAWN_CIRCLES) return null;
    return packCircles(
      deferred.tray.width,
      deferred.tray.height,
      deferred.cables.map((c) => c.diameter),
    );
  }, [deferred]);

  const dims = (tr: Tray) => t('fill.trayDims', { w: tr.width, h: tr.height });
  let status = t('fill.statusInvalid');
  if (result) {
    const fill = f1.format(result.fill * 100);
    if (result.passes) status = t('fill.statusPass', { fill, tray: dims(result.tray) });
    else if (result.recommended) status = t('fill.statusFail', { fill, tray: dims(result.tray), rec: dims(result.recommended) });
    else status = t('fill.statusFailNone', { fill, tray: dims(result.tray) });
  }

  function update(key: number, patch: Partial<Row>) {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  const full = rows.length >= WORKBOOK_MAX_ROWS;
  function addRow() {
    if (full) return;
    const key = nextKey.current++;
    setRows((list) => [...list, { key, cable: 'uutp-6', diameter: '', count: '1' }]);
    setFocusKey(key);
  }

  function removeRow(key: number) {
    setRows((list) => list.filter((r) => r.key !== key));
    setFocusKey(-1);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <div className="min-w-0 space-y-6">
        <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t('fill.cables')}</legend>
          <ul className="space-y-4">
            {rows.map((r, i) => {
              const n = i + 1;
              const custom = r.cable === CUSTOM;
              const cable = findCable(r.cable);
              const dErr = errors[`d${r.key}`];
              const cErr = errors[`c${r.key}`];
              return (
                <li
                  key={r.key}
                  className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-x-3 gap-y-2 border-b border-slate-100 pb-4 last:border-b-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_7rem_6.5rem_auto]"
                  data-testid="cable-row"
                >
                  <div className="col-span-3 sm:col-span-1">
                    <label htmlFor={`${id}-cable-${r.key}`} className={`${labelClass} flex items-center gap-2`}>
                      <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: rowColour(i) }} />
                      {t('fill.cableRow', { n })}
                    </label>
                    <select
                      id={`${id}-cable-${r.key}`}
                      value={r.cable}
                      onChange={(e) =>
                        update(r.key, {
                          cable: e.target.value,
                          diameter:
                            e.target.value === CUSTOM
                              ? r.diameter || (cable ? String(cable.diameter).replace('.', locale === 'pl' ? ',' : '.') : '')
                              : r.diameter,
                        })
                      }
                      className={inputClass}
                    >
                      {CABLES.map((c) => (
                        <option key={c.id} value={c.id}>
                          {cableName(c, locale)} ({f1.format(c.diameter)} mm)
                        </option>
                      ))}
                      <option value={CUSTOM}>{t('fill.custom')}</option>
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${id}-d-${r.key}`} className={labelClass}>
                      {t('fill.diameter')}
                    </label>
                    <input
                      id={`${id}-d-${r.key}`}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      readOnly={!custom}
                      value={custom ? r.diameter : cable ? f1.format(cable.diameter) : ''}
                      onChange={(e) => update(r.key, { diameter: e.target.value })}
                      aria-invalid={dErr ? true : undefined}
                      aria-describedby={dErr ? `${id}-d-${r.key}-e` : undefined}
                      className={`${inputClass} ${custom ? '' : 'bg-slate-100 text-slate-700'}`}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-c-${r.key}`} className={labelClass}>
                      {t('fill.count')}
                    </label>
                    <input
                      id={`${id}-c-${r.key}`}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={r.count}
                      onChange={(e) => update(r.key, { count: e.target.value })}
                      aria-invalid={cErr ? true : undefined}
                      aria-describedby={cErr ? `${id}-c-${r.key}-e` : undefined}
                      className={inputClass}
                    />
                  </div>
                  <div className="flex items-end">
                    <button
                      type="button"
                      onClick={() => removeRow(r.key)}
                      disabled={rows.length === 1}
                      aria-label={t('fill.remove', { n })}
                      title={t('fill.remove', { n })}
                      className="inline-flex h-[38px] w-10 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="currentColor">
                        <path d="M7 3a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v1h4a1 1 0 1 1 0 2h-1v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6H3a1 1 0 0 1 0-2h4V3Zm-1 3v10h8V6H6Zm2 2a1 1 0 0 1 2 0v6a1 1 0 1 1-2 0V8Zm3 0a1 1 0 1 1 2 0v6a1 1 0 1 1-2 0V8Z" />
                      </svg>
                    </button>
                  </div>
                  {(dErr || cErr) && (
                    <div className="col-span-3 sm:col-span-4">
                      {dErr && (
                        <p id={`${id}-d-${r.key}-e`} className={errorClass}>
                          {dErr}
                        </p>
                      )}
                      {cErr && (
                        <p id={`${id}-c-${r.key}-e`} className={errorClass}>
                          {cErr}
                        </p>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            ref={addRef}
            type="button"
            onClick={addRow}
            disabled={full}
            aria-describedby={full ? `${id}-full` : undefined}
            className="mt-4 inline-flex items-center gap-2 rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <span aria-hidden="true" className="text-lg leading-none">
              +
            </span>
            {t('fill.add')}
          </button>
          {full && (
            <p id={`${id}-full`} className="mt-2 text-sm text-slate-600">
              {t('v.rows', { max: WORKBOOK_MAX_ROWS })}
            </p>
          )}
        </fieldset>

        <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t('fill.tray')}</legend>
          <div role="radiogroup" aria-label={t('fill.mode')} className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(['pick', 'recommend'] as const).map((m) => (
              <label key={m} className="flex items-start gap-2">
                <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} className="mt-1 h-4 w-4 accent-brand-700" />
                <span>{t(m === 'pick' ? 'fill.modePick' : 'fill.modeRecommend')}</span>
              </label>
            ))}
          </div>
          {mode === 'pick' && (
            <div className="mt-4 grid grid-cols-2 items-end gap-3 sm:max-w-md">
              <div>
                <label htmlFor={`${id}-w`} className={labelClass}>
                  {t('fill.width')}
                </label>
                <select id={`${id}-w`} value={width} onChange={(e) => setWidth(e.target.value)} className={inputClass}>
                  {TRAY_WIDTHS.map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-h`} className={labelClass}>
                  {t('fill.height')}
                </label>
                <select id={`${id}-h`} value={height} onChange={(e) => setHeight(e.target.value)} className={inputClass}>
                  {TRAY_HEIGHTS.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          <div className="mt-4 sm:max-w-md">
            <label htmlFor={`${id}-reserve`} className={labelClass}>
              {t('fill.reserve')}
            </label>
            <input
              id={`${id}-reserve`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={reserveText}
              onChange={(e) => setReserveText(e.target.value)}
              aria-invalid={errors.reserve ? true : undefined}
              aria-describedby={`${id}-reserve-h${errors.reserve ? ` ${id}-reserve-e` : ''}`}
              className={`${inputClass} max-w-[8rem]`}
            />
            <p id={`${id}-reserve-h`} className="mt-1 text-sm text-slate-600">
              {t('fill.reserveHelp')}
            </p>
            {errors.reserve && (
              <p id={`${id}-reserve-e`} className={errorClass}>
                {errors.reserve}
              </p>
            )}
          </div>
        </fieldset>
      </div>

      <section aria-labelledby={`${id}-res`} className="min-w-0 self-start rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5 lg:sticky lg:top-24">
        <h2 id={`${id}-res`} className="text-lg font-semibold text-slate-900">
          {t('fill.results')}
        </h2>
        <p
          aria-live="polite"
          data-testid="fill-status"
          data-pass={result ? String(result.passes) : undefined}
          className={`mt-3 rounded-md px-3 py-2 text-sm font-semibold ${!result ? 'bg-slate-200 text-slate-800' : result.passes ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
        >
          {status}
        </p>
        {result && (
          <dl className="mt-4 space-y-1.5 text-sm" data-testid="fill-results">
            <ResultRow label={t('fill.cablesArea')} value={t('fill.mm2', { v: f2.format(result.cablesArea) })} testId="cables-area" />
            <ResultRow label={t('fill.trayChosen')} value={dims(result.tray)} testId="tray" />
            <ResultRow label={t('fill.trayArea')} value={t('fill.mm2', { v: f2.format(result.trayArea) })} />
            <ResultRow
              label={t('fill.usableArea', { reserve: f1.format(reserve * 100) })}
              value={t('fill.mm2', { v: f2.format(result.usableArea) })}
              testId="usable-area"
            />
            <ResultRow label={t('fill.fill')} value={`${f1.format(result.fill * 100)} %`} strong testId="fill" />
            <ResultRow label={t('fill.fillOfTray')} value={`${f1.format(result.fillOfTray * 100)} %`} />
            <ResultRow label={t('fill.recommended')} value={result.recommended ? dims(result.recommended) : '—'} strong testId="recommended" />
          </dl>
        )}
        {result && !result.recommended && <p className="mt-3 text-sm font-medium text-red-800">{t('fill.noneFits')}</p>}
        {deferred && (
          <TrayDrawing locale={locale} tray={deferred.tray} reserve={deferred.reserve} cables={deferred.cables} packing={packing} total={deferred.total} />
        )}
      </section>
    </div>
  );
}

function ResultRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 pb-1.5 last:border-b-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className={`whitespace-nowrap text-right tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
