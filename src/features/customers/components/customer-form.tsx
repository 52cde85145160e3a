import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api, baseHeaders, handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, fromDecimal } from '~/core/money/money';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { notify } from '~/core/ui/notify';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { type Address, type AddressInputField, applyRegistryItem, blankAddress, blankCustomer, type CustomerFormValues, fullStreet } from '../addresses';
import type { CustomerDetail } from '../customers.server';
import type { RegistryItem } from '../gus-bir.server';
import { customerMessages } from '../messages';
import { isValidNip, normalizeNip } from '../nip';

type T = ReturnType<typeof useT<keyof typeof customerMessages.pl & string>>;

/** The form's values of a saved customer. */
function valuesOf(c: CustomerDetail): CustomerFormValues {
  const plain = ({ id: _id, ...a }: Address & { id: number }): Address => a;
  return {
    name: c.name,
    tax_identification_nr: c.tax_identification_nr,
    payment_deadline_days: String(c.payment_deadline_days),
    approval_limit_max: c.approval_limit_max ?? '',
    enova_kod: c.enova_kod,
    enova_definicja_ceny: c.enova_definicja_ceny,
    is_active: c.is_active,
    invoice_address: c.invoice_address ? plain(c.invoice_address) : blankAddress(),
    delivery_addresses: c.delivery_addresses.map((a) => ({ ...a })),
  };
}

type GusState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'notFound'; nip: string }
  | { kind: 'error'; message: string }
  | { kind: 'filled'; name: string }
  | { kind: 'choose'; nip: string; items: RegistryItem[] };

/**
 * Create and edit form of a customer (SPEC section 3): main data with the GUS registry lookup,
 * the invoice address, a list of delivery addresses (rows added and removed) and, when editing,
 * the users linked to the customer.
 */
export function CustomerForm({ customer }: { customer: CustomerDetail | null }) {
  const t = useT(customerMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'customer' });
  const [values, setValues] = useState<CustomerFormValues>(() => (customer ? valuesOf(customer) : blankCustomer()));
  const latest = useRef(values);
  latest.current = values;
  // Rows need stable keys while they are added and removed.
  const [rowKeys, setRowKeys] = useState<number[]>(() => values.delivery_addresses.map((_, i) => i));
  const [nextKey, setNextKey] = useState(values.delivery_addresses.length);
  const [busy, setBusy] = useState(false);
  const [gus, setGus] = useState<GusState>({ kind: 'idle' });
  const listUrl = `/${locale}/admin/customers`;

  const set = <K extends keyof CustomerFormValues>(key: K, value: CustomerFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    f.clear(key);
  };
  const setInvoice = (field: AddressInputField, value: string) => {
    setValues((v) => ({ ...v, invoice_address: { ...v.invoice_address, [field]: value } }));
    f.clear(`invoice_address.${field}`);
  };
  const setDelivery = (index: number, field: AddressInputField, value: string) => {
    setValues((v) => ({ ...v, delivery_addresses: v.delivery_addresses.map((a, i) => (i === index ? { ...a, [field]: value } : a)) }));
    f.clear(`delivery_addresses.${index}.${field}`);
  };
  const addDelivery = (address: Address) => {
    setValues((v) => ({ ...v, delivery_addresses: [...v.delivery_addresses, { ...address }] }));
    setRowKeys((k) => [...k, nextKey]);
    setNextKey((n) => n + 1);
  };
  const removeDelivery = (index: number) => {
    setValues((v) => ({ ...v, delivery_addresses: v.delivery_addresses.filter((_, i) => i !== index) }));
    setRowKeys((k) => k.filter((_, i) => i !== index));
    // Messages of the removed row and of the rows after it no longer match their fields.
    f.clear();
  };
  const apply = (item: RegistryItem) => {
    // The latest values (the lookup may have been answered after more typing).
    const current = latest.current;
    const next = applyRegistryItem(current, item);
    if (next.delivery_addresses.length > current.delivery_addresses.length) {
      setRowKeys((k) => [nextKey, ...k]);
      setNextKey((n) => n + 1);
    }
    latest.current = next;
    setValues(next);
    f.clear();
    setGus({ kind: 'filled', name: item.nazwa });
  };

  const lookup = async () => {
    const nip = normalizeNip(values.tax_identification_nr);
    if (!isValidNip(nip)) {
      f.showFieldErrors({ tax_identification_nr: [t('nip.invalid')] });
      setGus({ kind: 'idle' });
      return;
    }
    f.clear('tax_identification_nr');
    setGus({ kind: 'loading' });
    let res: Response;
    try {
      res = await fetch(`/api/admin/customers-from-gus-bir/${nip}`, { headers: baseHeaders(), credentials: 'include' });
    } catch {
      setGus({ kind: 'idle' });
      notify.danger(translator(coreMessages, locale)('error.client'));
      return;
    }
    const payload: unknown = await res.json().catch(() => null);
    if (res.ok && Array.isArray(payload)) {
      const items = payload as RegistryItem[];
      if (items.length === 0) setGus({ kind: 'notFound', nip });
      else if (items.length === 1 && items[0]) apply(items[0]);
      else setGus({ kind: 'choose', nip, items });
    } else if (res.status === 503 || res.status === 422) {
      // Registry not configured or unreachable (503), or a NIP the server refused (422): the form stays as it is.
      const message = (payload as { message?: string } | null)?.message ?? t('gus.unavailable');
      if (res.status === 422) f.showFieldErrors({ tax_identification_nr: [message] });
      setGus(res.status === 503 ? { kind: 'error', message } : { kind: 'idle' });
    } else {
      setGus({ kind: 'idle' });
      await handleFailure(res.status, payload);
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const res = await api<{ id: number }>(customer ? `/api/admin/customers/${customer.id}` : '/api/admin/customers', {
      method: customer ? 'PUT' : 'POST',
      body: customer ? { ...values, version: customer.version } : values,
    });
    if (res.ok) {
      f.clear();
      // Still busy until the saved data is back: the form is then rendered anew (its key is the
      // version), which would close a dialog opened meanwhile, so its delete waits too.
      if (customer) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) f.showFieldErrors(res.errors);
    setBusy(false);
  };

  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <AdminCard title={t('form.main')}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <Field label={t('form.nip')} htmlFor={f.field('tax_identification_nr').id} hint={t('form.nipHint')}>
              <div className="flex flex-wrap gap-2">
                <input
                  {...f.field('tax_identification_nr')}
                  value={values.tax_identification_nr}
                  onChange={(e) => set('tax_identification_nr', e.currentTarget.value)}
                  maxLength={30}
                  inputMode="text"
                  autoComplete="off"
                  className={`${inputClass} max-w-xs`}
                />
                <button type="button" onClick={() => void lookup()} disabled={gus.kind === 'loading'} className={secondaryButton}>
                  {t('gus.button')}
                </button>
              </div>
              <FieldError {...f.error('tax_identification_nr')} />
            </Field>
            <GusPanel state={gus} onPick={apply} t={t} />
          </div>
          <div className="md:col-span-2">
            <Field label={t('form.name')} htmlFor={f.field('name').id}>
              <input
                {...f.field('name')}
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                maxLength={255}
                required
                className={inputClass}
              />
              <FieldError {...f.error('name')} />
            </Field>
          </div>
          <Field label={t('form.payment')} htmlFor={f.field('payment_deadline_days').id}>
            <input
              {...f.field('payment_deadline_days')}
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step={1}
              value={values.payment_deadline_days}
              onChange={(e) => set('payment_deadline_days', e.currentTarget.value)}
              className={`${inputClass} max-w-40`}
            />
            <FieldError {...f.error('payment_deadline_days')} />
          </Field>
          <Field label={t('form.approvalLimitMax')} htmlFor={f.field('approval_limit_max').id}>
            <input
              {...f.field('approval_limit_max')}
              inputMode="decimal"
              maxLength={20}
              value={values.approval_limit_max}
              onChange={(e) => set('approval_limit_max', e.currentTarget.value)}
              className={`${inputClass} max-w-52`}
            />
            <FieldError {...f.error('approval_limit_max')} />
          </Field>
          <Field label={t('form.enovaKod')} htmlFor={f.field('enova_kod').id}>
            <input
              {...f.field('enova_kod')}
              value={values.enova_kod}
              onChange={(e) => set('enova_kod', e.currentTarget.value)}
              maxLength={50}
              className={inputClass}
            />
            <FieldError {...f.error('enova_kod')} />
          </Field>
          <Field label={t('form.enovaCena')} htmlFor={f.field('enova_definicja_ceny').id}>
            <input
              {...f.field('enova_definicja_ceny')}
              value={values.enova_definicja_ceny}
              onChange={(e) => set('enova_definicja_ceny', e.currentTarget.value)}
              maxLength={100}
              className={inputClass}
            />
            <FieldError {...f.error('enova_definicja_ceny')} />
          </Field>
        </div>
        {customer?.credit_limit != null && (
          <p className="mt-3 text-sm text-slate-700">{t('form.creditLimit', { amount: formatMoney(fromDecimal(customer.credit_limit), locale) })}</p>
        )}
        <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="is_active"
            checked={values.is_active}
            onChange={(e) => set('is_active', e.currentTarget.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          {t('form.active')}
        </label>
      </AdminCard>

      <AdminCard title={t('form.invoice')}>
        <p className="-mt-2 mb-4 text-sm text-slate-600">{t('form.invoiceHint')}</p>
        <AddressFields path="invoice_address" address={values.invoice_address} onChange={setInvoice} f={f} t={t} />
      </AdminCard>

      <AdminCard title={t('form.delivery')}>
        {values.delivery_addresses.length === 0 ? (
          <p className="text-sm text-slate-600">{t('form.deliveryNone')}</p>
        ) : (
          <ol className="space-y-4">
            {values.delivery_addresses.map((a, i) => (
              <li key={rowKeys[i] ?? `row-${i}`} className="rounded-md border border-slate-200 p-4">
                <fieldset>
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <legend className="text-sm font-semibold text-slate-900">{t('form.deliveryItem', { n: i + 1 })}</legend>
                    <button
                      type="button"
                      onClick={() => removeDelivery(i)}
                      aria-label={t('form.deliveryRemove', { n: i + 1 })}
                      className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                    >
                      {t('common.delete')}
                    </button>
                  </div>
                  <AddressFields path={`delivery_addresses.${i}`} address={a} onChange={(field, value) => setDelivery(i, field, value)} f={f} t={t} />
                </fieldset>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" onClick={() => addDelivery(blankAddress())} className={secondaryButton}>
            {t('form.deliveryAdd')}
          </button>
          <button type="button" onClick={() => addDelivery(values.invoice_address)} className={secondaryButton}>
            {t('form.deliveryCopy')}
          </button>
        </div>
      </AdminCard>

      {customer && (
        <AdminCard title={t('form.users')}>
          {customer.users.length === 0 ? (
            <p className="text-sm text-slate-600">{t('form.usersNone')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {customer.users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link to={`/${locale}/admin/user/${u.id}`} className="font-medium text-brand-800 hover:underline">
                    {u.name || u.email}
                  </Link>
                  <span className="break-all text-slate-600">{u.email}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          {customer && (
            <ConfirmDialog
              isDisabled={busy}
              trigger={t('form.delete')}
              triggerClassName={dangerButton}
              message={t('delete.confirm', { name: customer.name })}
              submitUrl="/api/admin/customers"
              id={customer.id}
              onConfirm={() => navigate(listUrl)}
            />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={listUrl} className={secondaryButton}>
            {t('form.cancel')}
          </Link>
          <button type="submit" disabled={busy} className={primaryButton}>
            {customer ? t('form.save') : t('form.create')}
          </button>
        </div>
      </div>
    </form>
  );
}

function GusPanel({ state, onPick, t }: { state: GusState; onPick: (item: RegistryItem) => void; t: T }) {
  if (state.kind === 'idle') return <div aria-live="polite" />;
  if (state.kind === 'loading') {
    return (
      <p aria-live="polite" className="mt-2 text-sm text-slate-600">
        {t('gus.loading')}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p role="alert" className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'notFound') {
    return (
      <p role="status" className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {t('gus.notFound', { nip: state.nip })}
      </p>
    );
  }
  if (state.kind === 'filled') {
    return (
      <p role="status" className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {t('gus.filled', { name: state.name })}
      </p>
    );
  }
  return (
    <div role="status" className="mt-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm">
      <p className="font-medium text-slate-900">{t('gus.choose', { nip: state.nip })}</p>
      <ul className="mt-2 space-y-2">
        {state.items.map((item) => {
          const a = item.adres;
          const street = fullStreet({ street: a.ulica, home: a.nr_domu, flat: a.nr_lokalu });
          return (
            <li
              key={`${item.kod}-${item.nazwa}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white px-3 py-2 ring-1 ring-slate-200"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.nazwa}</p>
                <p className="text-slate-600">
                  {[street, `${a.kod_pocztowy} ${a.miejscowosc}`.trim()].filter(Boolean).join(', ')} · {t('gus.regon', { regon: item.kod })}
                </p>
              </div>
              <button type="button" onClick={() => onPick(item)} aria-label={t('gus.pickItem', { name: item.nazwa })} className={secondaryButton}>
                {t('gus.pick')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const ADDRESS_LAYOUT: { field: AddressInputField; max: number; span: string; autoComplete: string; type?: string }[] = [
  { field: 'name', max: 255, span: 'sm:col-span-6', autoComplete: 'organization' },
  { field: 'street', max: 150, span: 'sm:col-span-4', autoComplete: 'address-line1' },
  { field: 'home', max: 20, span: 'sm:col-span-1', autoComplete: 'off' },
  { field: 'flat', max: 20, span: 'sm:col-span-1', autoComplete: 'off' },
  { field: 'postcode', max: 12, span: 'sm:col-span-2', autoComplete: 'postal-code' },
  { field: 'town', max: 100, span: 'sm:col-span-2', autoComplete: 'address-level2' },
  { field: 'post', max: 100, span: 'sm:col-span-2', autoComplete: 'off' },
  { field: 'email', max: 254, span: 'sm:col-span-3', autoComplete: 'email', type: 'email' },
  { field: 'phone_number', max: 20, span: 'sm:col-span-3', autoComplete: 'tel', type: 'tel' },
];

function AddressFields({
  path,
  address,
  onChange,
  f,
  t,
}: {
  path: string;
  address: Address;
  onChange: (field: AddressInputField, value: string) => void;
  f: ReturnType<typeof useFieldErrors>;
  t: T;
}) {
  const street = fullStreet(address);
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-6">
        {ADDRESS_LAYOUT.map(({ field, max, span, autoComplete, type }) => {
          const p = `${path}.${field}`;
          return (
            <div key={field} className={span}>
              <Field label={t(`address.${field}`)} htmlFor={f.field(p).id}>
                <input
                  {...f.field(p)}
                  type={type ?? 'text'}
                  value={address[field]}
                  onChange={(e) => onChange(field, e.currentTarget.value)}
                  maxLength={max}
                  autoComplete={autoComplete}
                  className={inputClass}
                />
                <FieldError {...f.error(p)} />
              </Field>
            </div>
          );
        })}
      </div>
      {street && <p className="mt-2 text-xs text-slate-500">{t('address.full', { street })}</p>}
    </div>
  );
}
