import { type FormEvent, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { api } from '~/core/http/api-client';
import { parseId } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { formatDateTime } from '~/core/time/format';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { type BadgeTone, StatusBadge } from '~/core/ui/form/status-badge';
import { Pagination } from '~/core/ui/pagination';
import { getWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, WEBHOOK_EVENTS } from '~/core/webhooks/webhooks.server';
import { webhooksMessages } from '../../webhooks/messages';
import { type DeliveryJson, deliveryJson, type EndpointJson, endpointJson } from '../../webhooks/webhooks-json';
import { IntegrationsTabs } from '../components/integrations-tabs';
import type { Route } from './+types/admin-integrations-webhooks';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/integrations/webhooks', title: translator(webhooksMessages, layout.locale)('title'), robots: 'noindex' });
}

/**
 * /{locale}/admin/integrations/webhooks: the endpoints with their latest deliveries, the create form
 * (the secret shown once), and with ?log={id} one endpoint's delivery log with "send again".
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'integrations');
  const url = new URL(args.request.url);
  const page = parsePage(url.searchParams.get('page'));
  const logId = parseId(url.searchParams.get('log') ?? undefined);
  const logEndpoint = logId ? await getWebhookEndpoint(logId) : null;
  if (logEndpoint) {
    const log = await listWebhookDeliveries(logEndpoint.id, { page });
    return {
      events: WEBHOOK_EVENTS,
      endpoints: null,
      log: { endpoint: { id: logEndpoint.id, url: logEndpoint.url }, items: log.items.map(deliveryJson), page: log.page, pages: log.pages },
    };
  }
  const list = await listWebhookEndpoints({ page, perPage: 20 });
  return { events: WEBHOOK_EVENTS, endpoints: { items: list.items.map(endpointJson), page: list.page, pages: list.pages }, log: null };
}

type T = ReturnType<typeof useT<keyof typeof webhooksMessages.pl & string>>;
type EventKey = (typeof WEBHOOK_EVENTS)[number];

const STATUS_TONES: Record<string, BadgeTone> = { pending: 'amber', succeeded: 'green', failed: 'red' };

export default function AdminIntegrationsWebhooks({ loaderData }: Route.ComponentProps) {
  const t = useT(webhooksMessages);
  const { events, endpoints, log } = loaderData;
  return (
    <div>
      <AdminPageHeader title={t('title')} lead={t('lead')} />
      <IntegrationsTabs />
      {log ? (
        <DeliveryLog log={log} t={t} />
      ) : (
        <div className="space-y-5">
          <CreateEndpoint events={events} t={t} />
          <EndpointList items={endpoints?.items ?? []} events={events} t={t} />
          <Pagination page={endpoints?.page ?? 1} pages={endpoints?.pages ?? 1} />
        </div>
      )}
    </div>
  );
}

function EndpointForm({
  events,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  idPrefix,
  t,
}: {
  events: readonly EventKey[];
  initial: { url: string; events: string[]; active: boolean };
  submitLabel: string;
  onSubmit: (body: { url: string; events: string[]; active: boolean }) => Promise<{ ok: boolean; errors?: Record<string, string[]> }>;
  onCancel?: () => void;
  idPrefix: string;
  t: T;
}) {
  const f = useFieldErrors({ prefix: idPrefix });
  const [url, setUrl] = useState(initial.url);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(initial.events));
  const [active, setActive] = useState(initial.active);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await onSubmit({ url: url.trim(), events: events.filter((ev) => selected.has(ev)), active });
    setBusy(false);
    if (res.ok) f.clear();
    else f.showFieldErrors(res.errors);
  };
  const urlField = f.field('url');
  return (
    <form ref={f.formRef} onSubmit={submit} noValidate className="space-y-4">
      <Field label={t('field.url')} htmlFor={urlField.id} hint={t('field.url.hint')}>
        <input
          {...urlField}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            f.clear('url');
          }}
          placeholder="https://erp.example.com/cobi/webhooks"
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          className={inputClass}
        />
        <FieldError {...f.error('url')} />
      </Field>
      <fieldset aria-describedby={f.message('events') ? f.error('events').id : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-900">{t('field.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {events.map((ev) => {
            const id = `${idPrefix}-event-${ev.replace(/\W/g, '-')}`;
            return (
              <label key={ev} htmlFor={id} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  id={id}
                  type="checkbox"
                  name="events"
                  value={ev}
                  checked={selected.has(ev)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected((s) => {
                      const next = new Set(s);
                      if (on) next.add(ev);
                      else next.delete(ev);
                      return next;
                    });
                    f.clear('events');
                  }}
                  className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
                />
                <span>
                  {t(`event.${ev}`)} <code className="break-all text-xs text-slate-500">{ev}</code>
                </span>
              </label>
            );
          })}
        </div>
        <FieldError {...f.error('events')} />
      </fieldset>
      <label htmlFor={`${idPrefix}-active`} className="flex items-center gap-2 text-sm text-slate-800">
        <input
          id={`${idPrefix}-active`}
          type="checkbox"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        {t('field.active')}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            {t('cancel')}
          </button>
        )}
        <button type="submit" disabled={busy} className={primaryButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function CreateEndpoint({ events, t }: { events: readonly EventKey[]; t: T }) {
  const revalidator = useRevalidator();
  const [secret, setSecret] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <AdminCard title={t('add')}>
      {secret && (
        <div role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-900">{t('secret.title')}</p>
          <p className="mt-1 text-sm text-amber-900">{t('secret.lead')}</p>
          <input
            readOnly
            aria-label={t('secret.title')}
            value={secret}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} mt-2 font-mono text-sm`}
            data-testid="webhook-secret"
          />
          <button type="button" onClick={() => setSecret(null)} className={`${secondaryButton} mt-3`}>
            {t('secret.done')}
          </button>
        </div>
      )}
      <EndpointForm
        key={formKey}
        events={events}
        initial={{ url: '', events: [], active: true }}
        submitLabel={t('create')}
        idPrefix="webhook-new"
        t={t}
        onSubmit={async (body) => {
          const res = await api<{ id: number; secret: string }>('/api/admin/integrations/webhooks', { method: 'POST', body, json: true });
          if (!res.ok) return { ok: false, errors: res.errors };
          setSecret(res.data.secret);
          setFormKey((k) => k + 1);
          await revalidator.revalidate();
          return { ok: true };
        }}
      />
    </AdminCard>
  );
}

function EndpointList({ items, events, t }: { items: EndpointJson[]; events: readonly EventKey[]; t: T }) {
  if (items.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-600">{t('none')}</p>;
  return (
    <ul className="space-y-4">
      {items.map((e) => (
        <li key={`${e.id}-${e.updated_at}`}>
          <EndpointCard endpoint={e} events={events} t={t} />
        </li>
      ))}
    </ul>
  );
}

function EndpointCard({ endpoint: e, events, t }: { endpoint: EndpointJson; events: readonly EventKey[]; t: T }) {
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  return (
    <AdminCard>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{e.url}</p>
          <p className="mt-1 text-xs text-slate-600">
            {t('col.created')}: {formatDateTime(e.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={e.active ? 'green' : 'grey'}>{e.active ? t('field.active') : `${t('field.active')}: ${t('no')}`}</StatusBadge>
          <StatusBadge tone="green">
            {t('status.succeeded')}: {e.counts.succeeded}
          </StatusBadge>
          <StatusBadge tone="amber">
            {t('status.pending')}: {e.counts.pending}
          </StatusBadge>
          <StatusBadge tone="red">
            {t('status.failed')}: {e.counts.failed}
          </StatusBadge>
        </div>
      </div>
      {editing ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <EndpointForm
            events={events}
            initial={{ url: e.url, events: e.events, active: e.active }}
            submitLabel={t('save')}
            idPrefix={`webhook-${e.id}`}
            t={t}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              const res = await api(`/api/admin/integrations/webhooks/${e.id}`, { method: 'PUT', body, json: true });
              if (!res.ok) return { ok: false, errors: res.errors };
              setEditing(false);
              await revalidator.revalidate();
              return { ok: true };
            }}
          />
        </div>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-1.5">
            {e.events.map((ev) => (
              <li key={ev}>
                <StatusBadge tone="blue">{t(`event.${ev}` as never)}</StatusBadge>
              </li>
            ))}
          </ul>
          {e.recent.length > 0 && <DeliveryTable items={e.recent} t={t} compact />}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Link to={`/${locale}/admin/integrations/webhooks?log=${e.id}`} className={secondaryButton}>
              {t('log')}
            </Link>
            <button type="button" onClick={() => setEditing(true)} className={secondaryButton}>
              {t('edit')}
            </button>
            <ConfirmDialog
              trigger={t('delete')}
              triggerClassName={dangerButton}
              message={t('confirm.delete', { url: e.url })}
              submitUrl="/api/admin/integrations/webhooks"
              id={e.id}
              onConfirm={() => revalidator.revalidate()}
            />
          </div>
        </>
      )}
    </AdminCard>
  );
}

function DeliveryTable({ items, t, compact = false }: { items: DeliveryJson[]; t: T; compact?: boolean }) {
  const revalidator = useRevalidator();
  const retry = async (id: string) => {
    const res = await api(`/api/admin/integrations/webhooks/deliveries/${id}/retry`, { method: 'POST' });
    if (res.ok) await revalidator.revalidate();
  };
  return (
    <>
      {/* Below 768 px each delivery is a small card: a table of eight columns does not fit. */}
      <ul className="mt-4 divide-y divide-slate-100 border-y border-slate-100 md:hidden">
        {items.map((d) => (
          <li key={d.id} className="space-y-1 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <code className="break-all text-xs">{d.event}</code>
              <StatusBadge tone={STATUS_TONES[d.status] ?? 'grey'}>{t(`status.${d.status}` as never)}</StatusBadge>
            </div>
            <p className="text-slate-700">
              {formatDateTime(d.last_attempt_at ?? d.created_at)} · {t('col.code')}: {d.last_status_code ?? '—'} · {t('col.attempts')}: {d.attempts}
            </p>
            {d.next_attempt_at && (
              <p className="text-slate-700">
                {t('col.next')}: {formatDateTime(d.next_attempt_at)}
              </p>
            )}
            {!compact && d.last_error && <p className="break-all text-xs text-slate-600">{d.last_error}</p>}
            <button type="button" onClick={() => retry(d.id)} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
              {t('retry')}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto md:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('col.time')}</th>
              <th className="py-2 pr-3 font-medium">{t('col.event')}</th>
              <th className="py-2 pr-3 font-medium">{t('col.status')}</th>
              <th className="py-2 pr-3 font-medium">{t('col.code')}</th>
              <th className="py-2 pr-3 font-medium">{t('col.attempts')}</th>
              <th className="py-2 pr-3 font-medium">{t('col.next')}</th>
              {!compact && <th className="py-2 pr-3 font-medium">{t('col.error')}</th>}
              <th className="py-2 font-medium">
                <span className="sr-only">{t('col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((d) => (
              <tr key={d.id}>
                <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(d.last_attempt_at ?? d.created_at)}</td>
                <td className="py-2 pr-3">
                  <code className="text-xs">{d.event}</code>
                </td>
                <td className="py-2 pr-3">
                  <StatusBadge tone={STATUS_TONES[d.status] ?? 'grey'}>{t(`status.${d.status}` as never)}</StatusBadge>
                </td>
                <td className="py-2 pr-3">{d.last_status_code ?? '—'}</td>
                <td className="py-2 pr-3">{d.attempts}</td>
                <td className="whitespace-nowrap py-2 pr-3">{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'}</td>
                {!compact && (
                  <td className="max-w-xs truncate py-2 pr-3 text-xs text-slate-600" title={d.last_error ?? undefined}>
                    {d.last_error ?? ''}
                  </td>
                )}
                <td className="py-2 text-right">
                  <button type="button" onClick={() => retry(d.id)} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
                    {t('retry')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function DeliveryLog({ log, t }: { log: { endpoint: { id: number; url: string }; items: DeliveryJson[]; page: number; pages: number }; t: T }) {
  const locale = useLocale();
  const [params] = useSearchParams();
  return (
    <AdminCard title={t('log')}>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/integrations/webhooks`} className="text-brand-700 hover:underline">
          ← {t('title')}
        </Link>
      </p>
      <p className="break-all font-mono text-sm text-slate-900">{log.endpoint.url}</p>
      {log.items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t('noDeliveries')}</p>
      ) : (
        <DeliveryTable key={params.toString()} items={log.items} t={t} />
      )}
      <Pagination page={log.page} pages={log.pages} />
    </AdminCard>
  );
}
