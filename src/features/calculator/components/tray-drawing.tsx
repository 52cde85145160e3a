// The SVG cross-section of the tray with the cables packed in it (packing.ts), redrawn as the inputs change.
import { useId } from 'react';
import { numberFormat, type Locale, translator } from '~/core/i18n/locale';
import { calculatorMessages } from '../messages';
import { MAX_DRAWN_CIRCLES, type Packing } from '../packing';
import type { Tray } from '../rules';

/** Colours of the cable rows (the same swatch is shown next to the row). */
export const ROW_COLOURS = ['#1d4ed8', '#0e7490', '#7c3aed', '#c2410c', '#15803d', '#be185d', '#a16207', '#334155'];

export function rowColour(i: number): string {
  return ROW_COLOURS[i % ROW_COLOURS.length];
}

export interface DrawnCable {
  /** The row the cable belongs to (its colour). */
  row: number;
  diameter: number;
}

export function TrayDrawing(props: {
  locale: Locale;
  tray: Tray;
  reserve: number;
  cables: DrawnCable[];
  packing: Packing | null;
  /** Total number of cables (the packing is null above MAX_DRAWN_CIRCLES). */
  total: number;
}) {
  const { tray, reserve, cables, packing, total, locale } = props;
  const t = translator(calculatorMessages, locale);
  const id = useId();
  const fmt = numberFormat(locale, 0);
  const W = tray.width;
  const H = tray.height;
  const top = Math.max(H, packing?.top ?? 0);
  const wall = Math.min(Math.max(W * 0.012, 1.2), 3);
  const font = Math.min(Math.max(Math.max(W, top) * 0.055, 3.2), 30);
  const padX = font * 4.4;
  const padTop = font * 0.6;
  const padBottom = wall + font * 1.8;
  const minX = -(wall + font * 0.6);
  const width = W + wall * 2 + font * 0.6 + padX;
  const height = top + padTop + padBottom;
  const y = (v: number) => top - v;
  const usableY = y(H * (1 - reserve));
  const trayLabel = t('fill.trayDims', { w: W, h: H });

  return (
    <figure className="mt-4">
      <svg
        viewBox={`${minX} ${-padTop} ${width} ${height}`}
        className="mx-auto block h-auto max-h-80 w-full"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        data-testid="tray-drawing"
        data-circles={packing?.circles.length ?? 0}
      >
        <title id={`${id}-t`}>{t('fill.drawing', { tray: trayLabel, count: total })}</title>
        <desc id={`${id}-d`}>{t('fill.drawingDesc')}</desc>
        <rect x={0} y={y(H)} width={W} height={H} fill="#f8fafc" />
        {packing?.circles.map((c) => {
          const over = c.y + c.r > H + 1e-6;
          return (
            <circle
              key={c.index}
              cx={c.x}
              cy={y(c.y)}
              r={Math.max(c.r - Math.min(0.15, c.r * 0.05), 0.1)}
              fill={over ? '#fca5a5' : rowColour(cables[c.index]?.row ?? 0)}
              stroke={over ? '#b91c1c' : '#ffffff'}
              strokeWidth={Math.min(0.4, c.r * 0.12)}
              data-over={over ? 'true' : undefined}
            />
          );
        })}
        <line
          x1={0}
          x2={W}
          y1={usableY}
          y2={usableY}
          stroke="#b45309"
          strokeWidth={Math.max(font * 0.08, 0.3)}
          strokeDasharray={`${font * 0.4} ${font * 0.25}`}
        />
        <path
          d={`M ${-wall} ${y(H)} L ${-wall} ${y(-wall)} L ${W + wall} ${y(-wall)} L ${W + wall} ${y(H)} L ${W} ${y(H)} L ${W} ${y(0)} L 0 ${y(0)} L 0 ${y(H)} Z`}
          fill="#64748b"
        />
        <text x={W / 2} y={y(-wall) + font * 1.3} fontSize={font} textAnchor="middle" fill="#0f172a">
          {t('fill.mm', { v: fmt.format(W) })}
        </text>
        <text x={W + wall + font * 0.5} y={y(H / 2)} fontSize={font} dominantBaseline="middle" fill="#0f172a">
          {t('fill.mm', { v: fmt.format(H) })}
        </text>
      </svg>
      <figcaption className="mt-2 space-y-1 text-sm text-slate-700">
        <span className="flex items-center gap-2">
          <svg width="28" height="8" aria-hidden="true" className="shrink-0">
            <line x1="0" x2="28" y1="4" y2="4" stroke="#b45309" strokeWidth="2" strokeDasharray="5 3" />
          </svg>
          {t('fill.usableLine')} ({numberFormat(locale, 1).format(reserve * 100)} %)
        </span>
        {packing === null && total > MAX_DRAWN_CIRCLES && <span className="block text-amber-800">{t('fill.drawingTooMany', { max: MAX_DRAWN_CIRCLES })}</span>}
        {packing && packing.above > 0 && (
          <span className="block font-medium text-red-700" data-testid="drawing-above">
            {t('fill.drawingAbove', { n: packing.above })}
          </span>
        )}
        {packing && packing.skipped > 0 && <span className="block font-medium text-red-700">{t('fill.drawingSkipped', { n: packing.skipped })}</span>}
      </figcaption>
    </figure>
  );
}
