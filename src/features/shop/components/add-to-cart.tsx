// "Add to cart" of the product page, per catalogue number, for B2B customers: quantity stepping by
// the multiple, the version select for a Flatpack/Szafa złożona product, net prices.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/core/http/api-client';
import { unitLabel } from '~/core/i18n/units';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, Hint, inputClass, Label } from '~/core/ui/form/field';
import { shopMessages } from '../messages';
import { stepQuantity } from '../rules';
import { money } from './shop-ui';
import { Button } from '~/core/ui/form/button';

export interface OrderableNumber {
  id: number;
  number: string;
  name: string;
  multiple: number;
  multiple_unit: string;
  price_netto?: string | null;
  user_price_attribute?: string | null;
}

function NumberForm({ n, versions }: { n: OrderableNumber; versions: string[] }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const [quantity, setQuantity] = useState(String(n.multiple));
  const [version, setVersion] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState(false);
  const base = `add-${n.id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    const res = await api('/api/cart/positions', {
      method: 'POST',
      body: { product_catalog_number_id: n.id, quantity: quantity.replace(',', '.'), ...(versions.length ? { additional_informations: version } : {}) },
    });
    setPending(false);
    if (res.ok) {
      setErrors({});
      setAdded(true);
    } else if (res.errors) {
      const first: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.errors)) first[k.replace(/^positions\.\d+\./, '')] = v[0] ?? '';
      setErrors(first);
    }
  };
  const q = Number(quantity.replace(',', '.')) || n.multiple;
  const noPrice = n.user_price_attribute == null;
  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 p-3" data-testid={`add-${n.number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono text-sm font-semibold text-slate-900">{n.number}</p>
        <p className="text-sm text-slate-700">{n.name}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {noPrice ? (
          t('add.noPrice')
        ) : (
          <>
            <span className="mr-3">{t('add.priceBase', { price: money(n.price_netto, locale) })}</span>
            <strong className="text-slate-900">{t('add.price', { price: money(n.user_price_attribute, locale) })}</strong>
          </>
        )}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {versions.length > 0 && (
          <div className="min-w-40">
            <Label htmlFor={`${base}-v`}>{t('add.version')}</Label>
            <select
              id={`${base}-v`}
              className={inputClass}
              value={version}
              onChange={(e) => setVersion(e.target.value)}
              aria-invalid={errors.additional_informations ? true : undefined}
              aria-describedby={errors.additional_informations ? `${base}-v-error` : undefined}
            >
              <option value="">{t('select.empty')}</option>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {t(`version.${v}` as 'version.Flatpack')}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <Label htmlFor={`${base}-q`}>{t('add.quantity', { unit: unitLabel(n.multiple_unit, locale) })}</Label>
          <div className="flex items-center gap-1">
            <button
              type="button"
              className="h-9 w-9 rounded-md border border-slate-300 hover:bg-slate-50"
              aria-label={t('row.less')}
              onClick={() => setQuantity(String(stepQuantity(q, n.multiple, -1)))}
            >
              −
            </button>
            <input
              id={`${base}-q`}
              type="number"
              inputMode="decimal"
              min={n.multiple}
              step={n.multiple}
              className={`${inputClass} w-24 text-right`}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={errors.quantity ? `${base}-q-error` : `${base}-q-hint`}
            />
            <button
              type="button"
              className="h-9 w-9 rounded-md border border-slate-300 hover:bg-slate-50"
              aria-label={t('row.more')}
              onClick={() => setQuantity(String(stepQuantity(q, n.multiple, 1)))}
            >
              +
            </button>
          </div>
        </div>
        <Button type="submit" disabled={pending || noPrice}>
          {pending ? t('add.adding') : t('add.button')}
        </Button>
      </div>
      <Hint id={`${base}-q-hint`}>{t('row.multiple', { multiple: n.multiple, unit: unitLabel(n.multiple_unit, locale) })}</Hint>
      <FieldError id={`${base}-v-error`} message={errors.additional_informations} />
      <FieldError id={`${base}-q-error`} message={errors.quantity ?? errors.product_catalog_number_id} />
      {added && (
        <p className="mt-2 text-sm">
          <Link to={`/${locale}/cart`} className="font-semibold text-brand-700 hover:underline">
            {t('add.goToCart')} →
          </Link>
        </p>
      )}
    </form>
  );
}

export function AddToCart({ numbers, versions }: { numbers: OrderableNumber[]; versions: string[] }) {
  const t = useT(shopMessages);
  if (numbers.length === 0) return null;
  return (
    <section aria-labelledby="add-to-cart-heading" className="mt-6 rounded-lg border-2 border-brand-100 bg-brand-50/40 p-4">
      <h2 id="add-to-cart-heading" className="text-base font-semibold text-slate-900">
        {t('add.title')}
      </h2>
      <div className="mt-3 space-y-3">
        {numbers.map((n) => (
          <NumberForm key={n.id} n={n} versions={versions} />
        ))}
      </div>
    </section>
  );
}
