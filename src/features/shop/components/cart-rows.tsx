// The cart rows of SPEC section 2: each links to its product; read-only mode shows them, edit mode
// adds a remove button and makes quantity and version editable (controls disabled while a request
// runs). Errors of a row come as positions.{index}.quantity / .additional_informations.
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/core/http/api-client';
import { unitLabel } from '~/core/i18n/units';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, Hint, inputClass, Label } from '~/core/ui/form/field';
import { shopMessages } from '../messages';
import { stepQuantity, versionsOf } from '../rules';
import { money } from './shop-ui';

export interface CartRow {
  id: number;
  product_id: number | null;
  product_name: string;
  product_slug_attribute: string;
  product_catalog_number_name: string;
  product_catalog_number_number: string;
  quantity: number;
  unit: string;
  multiple: number;
  multiple_unit: string;
  choice_of_version: string | null;
  additional_informations: string;
  price_netto: string | null;
  user_price_attribute: string | null;
  value_attribute: string;
  /** The cart's lines (issue 39): the number's stock in words and a warning when the quantity is more (orders have none). */
  availability?: { state: string; text: string };
  stock_warning?: string | null;
}

export function CartRows({ rows, editable, onChanged }: { rows: CartRow[]; editable: boolean; onChanged?: () => void }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quantities, setQuantities] = useState<Record<number, string>>({});

  const send = async (row: CartRow, _index: number, body: { quantity?: number; additional_informations?: string } | null) => {
    setPending(true);
    const res = body
      ? await api(`/api/cart/positions/${row.id}`, { method: 'PUT', body, notifySuccess: false })
      : await api(`/api/cart/positions/${row.id}`, { method: 'DELETE' });
    setPending(false);
    if (res.ok) {
      setErrors({});
      setQuantities((q) => {
        const { [row.id]: _drop, ...rest } = q;
        return rest;
      });
      onChanged?.();
    } else if (res.errors) {
      const first: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.errors)) if (v[0]) first[k] = v[0];
      setErrors(first);
    }
  };

  const commitQuantity = (row: CartRow, index: number, value: number) => {
    if (value === row.quantity) return;
    // An invalid quantity goes to the server too: it answers with the nearest valid quantities.
    void send(row, index, { quantity: value });
  };

  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{t('cart.empty')}</p>;

  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="cart-rows" aria-busy={pending || undefined}>
      {rows.map((row, index) => {
        const versions = versionsOf(row.choice_of_version);
        const qKey = `positions.${index}.quantity`;
        const vKey = `positions.${index}.additional_informations`;
        const qId = `cart-q-${row.id}`;
        const vId = `cart-v-${row.id}`;
        const productHref = row.product_id ? `/${locale}/product/${row.product_id}-${row.product_slug_attribute}` : null;
        const typed = quantities[row.id];
        return (
          <li key={row.id} className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center" data-testid="cart-row">
            <div className="min-w-0">
              {/* The product is the heading; its catalogue number's own name (colour, pack) below it. */}
              {productHref ? (
                <Link to={productHref} className="font-semibold text-brand-800 hover:underline">
                  {row.product_name || row.product_catalog_number_name}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{row.product_name || row.product_catalog_number_name}</span>
              )}
              <p className="text-sm text-slate-600">
                {row.product_name && row.product_name !== row.product_catalog_number_name ? `${row.product_catalog_number_name} · ` : ''}
                {t('col.number')}: <span className="font-mono">{row.product_catalog_number_number}</span>
              </p>
              {row.availability && (
                <p className="text-sm text-slate-700" data-testid="row-availability" data-state={row.availability.state}>
                  {row.availability.text}
                </p>
              )}
              {row.stock_warning && (
                <p
                  className="mt-1 flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900"
                  data-testid="row-stock-warning"
                >
                  <span aria-hidden="true">⚠</span>
                  <span>{row.stock_warning}</span>
                </p>
              )}
              {versions.length > 0 && !editable && (
                <p className="text-sm text-slate-700">
                  {t('col.version')}:{' '}
                  <strong>
                    {versions.includes(row.additional_informations)
                      ? t(`version.${row.additional_informations}` as 'version.Flatpack')
                      : row.additional_informations || '—'}
                  </strong>
                </p>
              )}
              {versions.length > 0 && editable && (
                <div className="mt-2 max-w-xs">
                  <Label htmlFor={vId}>{t('col.version')}</Label>
                  <select
                    id={vId}
                    className={inputClass}
                    value={row.additional_informations}
                    disabled={pending}
                    aria-invalid={errors[vKey] ? true : undefined}
                    aria-describedby={errors[vKey] ? `${vId}-error` : undefined}
                    onChange={(e) => void send(row, index, { additional_informations: e.target.value })}
                  >
                    <option value="">{t('select.empty')}</option>
                    {versions.map((v) => (
                      <option key={v} value={v}>
                        {t(`version.${v}` as 'version.Flatpack')}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${vId}-error`} message={errors[vKey]} />
                </div>
              )}
            </div>
            <div className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_repeat(3,minmax(0,1fr))] md:w-[40rem] md:items-start">
              <div className={editable ? 'col-span-2 sm:col-span-1' : undefined}>
                <span className="block text-xs text-slate-600">{t('col.quantity')}</span>
                {editable ? (
                  <div>
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        className="h-9 w-9 shrink-0 rounded-md border border-slate-300 text-lg leading-none hover:bg-slate-50 disabled:opacity-50"
                        aria-label={t('row.less')}
                        disabled={pending || row.quantity <= row.multiple}
                        onClick={() => commitQuantity(row, index, stepQuantity(row.quantity, row.multiple, -1))}
                      >
                        −
                      </button>
                      <input
                        id={qId}
                        type="number"
                        inputMode="decimal"
                        min={row.multiple}
                        step={row.multiple}
                        className={`${inputClass} w-28 text-right`}
                        aria-label={`${t('col.quantity')} (${unitLabel(row.unit, locale)})`}
                        value={typed ?? String(row.quantity)}
                        disabled={pending}
                        aria-invalid={errors[qKey] ? true : undefined}
                        aria-describedby={errors[qKey] ? `${qId}-error` : `${qId}-hint`}
                        onChange={(e) => setQuantities((q) => ({ ...q, [row.id]: e.target.value }))}
                        onBlur={(e) => commitQuantity(row, index, Number(e.target.value.replace(',', '.')))}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') commitQuantity(row, index, Number(e.currentTarget.value.replace(',', '.')));
                        }}
                      />
                      <button
                        type="button"
                        className="h-9 w-9 shrink-0 rounded-md border border-slate-300 text-lg leading-none hover:bg-slate-50 disabled:opacity-50"
                        aria-label={t('row.more')}
                        disabled={pending}
                        onClick={() => commitQuantity(row, index, stepQuantity(row.quantity, row.multiple, 1))}
                      >
                        +
                      </button>
                    </div>
                    <Hint id={`${qId}-hint`}>
                      {unitLabel(row.unit, locale)} · {t('row.multiple', { multiple: row.multiple, unit: unitLabel(row.multiple_unit, locale) })}
                    </Hint>
                    <FieldError id={`${qId}-error`} message={errors[qKey]} />
                  </div>
                ) : (
                  <span className="font-medium text-slate-900" data-testid="row-quantity">
                    {row.quantity} {unitLabel(row.unit, locale)}
                  </span>
                )}
              </div>
              <div>
                <span className="block text-xs text-slate-600">{t('col.basePrice')}</span>
                <span className="tabular-nums text-slate-700">{money(row.price_netto, locale)}</span>
              </div>
              <div>
                <span className="block text-xs text-slate-600">{t('col.price')}</span>
                <span className="tabular-nums font-medium text-slate-900">{money(row.user_price_attribute, locale)}</span>
              </div>
              <div className="flex items-start justify-between gap-2 sm:block">
                <div>
                  <span className="block text-xs text-slate-600">{t('col.value')}</span>
                  <span className="tabular-nums font-semibold text-slate-900" data-testid="row-value">
                    {money(row.value_attribute, locale)}
                  </span>
                </div>
                {editable && (
                  <button
                    type="button"
                    className="mt-1 rounded-md border border-red-200 px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                    disabled={pending}
                    onClick={() => void send(row, index, null)}
                  >
                    {t('col.remove')}
                    <span className="sr-only"> {row.product_catalog_number_name}</span>
                  </button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
