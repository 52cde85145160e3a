import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useRevalidator, useSearchParams } from 'react-router';
import { formatFileSize } from '~/core/i18n/file-size';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { countOutboxByStatus, type OutboxListItem } from '~/core/mail/outbox.server';
import { collectUnreferencedFiles, DEFAULT_GRACE_MS } from '~/core/files/gc.server';
import { getDb } from '~/core/db/db.server';
import { requireAdmin } from '~/core/permissions/guards.server';
import { canAccessAdmin } from '~/core/permissions/permissions';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { formatDateTime } from '~/core/time/format';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { serviceMessages } from '../messages';
import { databaseState, outboxForAdmin, outboxMailForAdmin, storageState } from '../service.server';
import { MAIL_STATUSES, outboxQuery, SERVICE_ACTIONS } from '../validation';
import type { Route } from './+types/admin-service';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/service', title: translator(serviceMessages, layout.locale)('title'), robots: 'noindex' });
}

/** /{locale}/admin/service: database, outbox (the development mailbox), storage, maintenance. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'service');
  // Mail bodies, unused files, actions and the backup need service.update (issue 37).
  const canUpdate = canAccessAdmin(user.can, 'service', 'update');
  const url = new URL(args.request.url);
  const query = outboxQuery.parse(Object.fromEntries(url.searchParams));
  const mailId = url.searchParams.get('mail');
  const { config } = args.context;
  const [database, storage, counts, outbox, mail, unused] = await Promise.all([
    databaseState(),
    storageState(config.dataDir),
    countOutboxByStatus(),
    outboxForAdmin({ status: query.status, page: query.page, q: query.q }),
    mailId && canUpdate ? outboxMailForAdmin(mailId) : Promise.resolve(null),
    canUpdate ? collectUnreferencedFiles({ db: getDb(), dryRun: true }) : Promise.resolve({ orphans: [] }),
  ]);
  return {
    database,
    storage,
    counts,
    smtp: Boolean(config.SMTP_URL),
    canUpdate,
    /** The session's anti-forgery token: the backup form works before hydration too. */
    token: args.context.xsrfToken,
    outbox: {
      ...outbox,
      page: Math.min(outbox.page, outbox.pages),
      items: outbox.items.map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        nextAttemptAt: m.nextAttemptAt.toISOString(),
      })),
    },
    mail: mail
      ? { ...mail, createdAt: mail.createdAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null, nextAttemptAt: mail.nextAttemptAt.toISOString() }
      : null,
    mailMissing: Boolean(mailId) && canUpdate && !mail,
    unusedFiles: {
      graceHours: DEFAULT_GRACE_MS / 3_600_000,
      bytes: unused.orphans.reduce((sum, f) => sum + f.size, 0),
      // The first ones by age; the action removes them all.
      items: unused.orphans.slice(0, 50).map((f) => ({ id: f.id, name: f.originalName, size: f.size, createdAt: f.createdAt.toISOString() })),
      total: unused.orphans.length,
    },
  };
}

type MailItem = Omit<OutboxListItem, 'createdAt' | 'sentAt' | 'nextAttemptAt'> & { createdAt: string; sentAt: string | null; nextAttemptAt: string };

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

function StatusBadge({ status }: { status: string }) {
  const t = useT(serviceMessages);
  const key = `mail.status.${status}` as const;
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status] ?? ''}`}>
      {key in serviceMessages.pl ? t(key as 'mail.status.sent') : status}
    </span>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The backup download: a plain form post carrying the anti-forgery token as `_token` (as the server
 * rendered it, and read again from the XSRF-TOKEN cookie at submit once hydrated), so the browser
 * saves the archive as it arrives, however large.
 */
function BackupForm({ label, token }: { label: string; token: string }) {
  return (
    <form method="post" action="/api/admin/service/backup" onSubmit={refreshToken}>
      <TokenField token={token} />
      <button type="submit" className={primaryButton}>
        {label}
      </button>
    </form>
  );
}

export default function AdminService({ loaderData }: Route.ComponentProps) {
  const t = useT(serviceMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [params] = useSearchParams();
  const { database, storage, counts, smtp, outbox, mail, unusedFiles, canUpdate } = loaderData;
  const applied = database.migrations.filter((m) => m.applied).length;
  const usage = (u: { bytes: number; files: number }) => t('storage.usage', { size: formatFileSize(u.bytes, locale), count: u.files });

  const mailHref = (id: string | null, view?: 'text') => {
    const next = new URLSearchParams(params);
    if (id) next.set('mail', id);
    else next.delete('mail');
    if (view) next.set('view', view);
    else next.delete('view');
    const qs = next.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: mailHref changes only with the URL's query
  const columns = useMemo<ColumnDef<MailItem, unknown>[]>(
    () => [
      {
        id: 'created',
        header: t('col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.createdAt)}</span>,
      },
      { id: 'to', header: t('col.to'), cell: ({ row }) => <span className="break-all">{row.original.to}</span> },
      {
        id: 'subject',
        header: t('col.subject'),
        cell: ({ row }) =>
          canUpdate ? (
            <Link to={mailHref(row.original.id)} className="font-medium text-brand-800 hover:underline">
              {row.original.subject}
            </Link>
          ) : (
            row.original.subject
          ),
      },
      { id: 'kind', header: t('col.kind'), cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.kind}</span> },
      { id: 'status', header: t('col.status'), cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      { id: 'attempts', header: t('col.attempts'), cell: ({ row }) => <span className="tabular-nums">{row.original.attempts}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('col.actions')}</span>,
        cell: ({ row }) =>
          row.original.status === 'sent' || !canUpdate ? null : (
            <ConfirmDialog
              trigger={
                <>
                  {t('mail.retry')}
                  <span className="sr-only">: {row.original.subject}</span>
                </>
              }
              triggerClassName="whitespace-nowrap rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              title={t('mail.retry')}
              message={t('mail.retryConfirm', { subject: row.original.subject, to: row.original.to })}
              method="POST"
              submitUrl="/api/admin/service/retry-mail"
              id={row.original.id}
              onConfirm={() => void revalidator.revalidate()}
            />
          ),
      },
    ],
    [t, revalidator, location.search, canUpdate],
  );

  return (
    <div className="space-y-5">
      <AdminPageHeader title={t('title')} lead={t('lead')} />

      {mail && (
        <AdminCard title={`${t('mail.preview')}: ${mail.subject}`} id="mail-preview">
          <dl className="grid gap-x-6 sm:grid-cols-2">
            <Stat label={t('mail.from')} value={<span className="break-all">{mail.to}</span>} />
            <Stat label={t('col.status')} value={<StatusBadge status={mail.status} />} />
            <Stat label={t('col.created')} value={formatDateTime(mail.createdAt)} />
            <Stat label={t('mail.sentAt')} value={mail.sentAt ? formatDateTime(mail.sentAt) : '–'} />
            <Stat label={t('col.kind')} value={<span className="font-mono text-xs">{mail.kind}</span>} />
            <Stat label={t('col.attempts')} value={mail.attempts} />
            {mail.attachments.length > 0 && (
              <Stat label={t('mail.attachments')} value={mail.attachments.map((a) => `${a.filename} (${formatFileSize(a.size, locale)})`).join(', ')} />
            )}
            {mail.lastError && <Stat label={t('mail.lastError')} value={<span className="break-all text-red-700">{mail.lastError}</span>} />}
          </dl>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <nav aria-label={t('mail.views')} className="flex gap-1">
              <Link
                to={mailHref(mail.id)}
                aria-current={params.get('view') !== 'text' ? 'page' : undefined}
                className={params.get('view') !== 'text' ? primaryButton : secondaryButton}
              >
                {t('mail.viewHtml')}
              </Link>
              <Link
                to={mailHref(mail.id, 'text')}
                aria-current={params.get('view') === 'text' ? 'page' : undefined}
                className={params.get('view') === 'text' ? primaryButton : secondaryButton}
              >
                {t('mail.viewText')}
              </Link>
            </nav>
            <Link to={mailHref(null)} className={`${secondaryButton} ml-auto`}>
              {t('mail.close')}
            </Link>
          </div>
          {params.get('view') === 'text' ? (
            <pre className="mt-4 max-h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
              {mail.text}
            </pre>
          ) : (
            // The mail's HTML in a sandbox without scripts, forms or same-origin access.
            <iframe
              title={`${t('mail.preview')}: ${mail.subject}`}
              sandbox=""
              srcDoc={mail.html}
              referrerPolicy="no-referrer"
              className="mt-4 h-[36rem] w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </AdminCard>
      )}
      {loaderData.mailMissing && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('mail.notFound')}
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-3">
        <AdminCard title={t('db.title')}>
          <dl className="divide-y divide-slate-100">
            <Stat label={t('db.kind')} value={t(`db.kind.${database.kind}`)} />
            <Stat label={t('db.size')} value={database.sizeBytes === null ? '–' : formatFileSize(database.sizeBytes, locale)} />
            <Stat label={t('db.migrations')} value={t('db.migrationsValue', { applied, total: database.migrations.length })} />
          </dl>
          {database.unknownMigrations > 0 && <p className="mt-2 text-sm text-amber-800">{t('db.migrationsUnknown', { n: database.unknownMigrations })}</p>}
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">{t('db.migrationsList')}</summary>
            <ul className="mt-2 space-y-1">
              {database.migrations.map((m) => (
                <li key={m.tag} className="flex justify-between gap-3">
                  <span className="font-mono text-xs">{m.tag}</span>
                  <span className={m.applied ? 'text-slate-600' : 'font-medium text-amber-800'}>
                    {m.appliedAt ? formatDateTime(m.appliedAt) : t('db.pending')}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        </AdminCard>

        <AdminCard title={t('storage.title')}>
          <dl className="divide-y divide-slate-100">
            <Stat label={t('storage.dataDir')} value={<span className="font-mono text-xs [overflow-wrap:anywhere]">{storage.dataDir}</span>} />
            <Stat label={t('storage.files')} value={usage(storage.files)} />
            <Stat label={t('storage.cache')} value={usage(storage.imageCache)} />
            <Stat label={t('storage.mailbox')} value={usage(storage.mailbox)} />
            <Stat label={t('storage.unused', { hours: unusedFiles.graceHours })} value={usage({ bytes: unusedFiles.bytes, files: unusedFiles.total })} />
          </dl>
          {unusedFiles.total > 0 && (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-brand-800 hover:underline">{t('storage.unusedList')}</summary>
              <ul className="mt-2 space-y-1" data-testid="unused-files">
                {unusedFiles.items.map((f) => (
                  <li key={f.id} className="flex justify-between gap-3">
                    <span className="[overflow-wrap:anywhere]">{f.name}</span>
                    <span className="whitespace-nowrap tabular-nums text-slate-600">
                      {formatFileSize(f.size, locale)} · {formatDateTime(f.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </AdminCard>

        <AdminCard title={t('mail.title')}>
          <dl className="divide-y divide-slate-100">
            <Stat label={t('mail.mode')} value={smtp ? t('mail.mode.smtp') : t('mail.mode.mailbox')} />
            {!smtp && <Stat label={t('mail.mailboxDir')} value={<span className="font-mono text-xs [overflow-wrap:anywhere]">{storage.mailbox.dir}</span>} />}
            {MAIL_STATUSES.map((s) => (
              <Stat
                key={s}
                label={t(`mail.status.${s}`)}
                value={
                  <Link to={`${location.pathname}?status=${s}#outbox`} className="tabular-nums text-brand-800 hover:underline">
                    {counts[s]}
                  </Link>
                }
              />
            ))}
          </dl>
        </AdminCard>
      </div>

      {canUpdate && (
        <>
          <AdminCard title={t('actions.title')}>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
              {SERVICE_ACTIONS.map((action) => (
                <li key={action} className="flex flex-col justify-between gap-3 rounded-md border border-slate-200 p-3">
                  <p className="text-sm text-slate-700">{t(`actions.${action}.text`)}</p>
                  <ConfirmDialog
                    trigger={t(`actions.${action}`)}
                    triggerClassName={`${primaryButton} self-start`}
                    title={t(`actions.${action}`)}
                    message={t(`actions.${action}.confirm`)}
                    method="POST"
                    destructive={action === 'remove-unused-files' || action === 'sweep-expired'}
                    submitUrl="/api/admin/service"
                    id={action}
                    onConfirm={() => void revalidator.revalidate()}
                  />
                </li>
              ))}
            </ul>
          </AdminCard>

          <AdminCard title={t('backup.title')} id="backup">
            <p className="mb-3 text-sm text-slate-700">{t('backup.text')}</p>
            <BackupForm token={loaderData.token} label={t('backup.download')} />
          </AdminCard>
        </>
      )}
      {!canUpdate && <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{t('readOnly')}</p>}

      <AdminCard title={t('outbox.title')} id="outbox">
        <p className="-mt-2 mb-4 text-sm text-slate-600">{t('outbox.lead')}</p>
        <DataTable
          caption={t('outbox.caption')}
          columns={columns}
          items={outbox.items}
          pages={outbox.pages}
          page={outbox.page}
          getRowId={(r) => r.id}
          filters={[
            { name: 'status', label: t('outbox.status'), type: 'select', options: MAIL_STATUSES.map((s) => ({ id: s, name: t(`mail.status.${s}`) })) },
            { name: 'q', label: t('outbox.search'), type: 'text' },
          ]}
        />
      </AdminCard>
    </div>
  );
}
