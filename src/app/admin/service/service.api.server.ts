import path from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendBackup } from '~/core/backup/backup.api.server';
import { collectUnreferencedFiles } from '~/core/files/gc.server';
import { HttpError } from '~/core/http/errors';
import { formatFileSize } from '~/core/i18n/file-size';
import { translator } from '~/core/i18n/locale';
import { countOutboxByStatus, retryMail } from '~/core/mail/outbox.server';
import { sweepNow } from '~/core/maintenance/sweep.server';
import { getDb } from '~/core/db/db.server';
import { requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { serviceMessages } from './messages';
import { clearCaches, databaseState, outboxForAdmin, outboxMailForAdmin, rebuildImageSizes, rebuildSearchIndex, storageState } from './service.server';
import { outboxQuery, SERVICE_ACTIONS } from './validation';

/** The sweepers' names (src/server.server.ts) as the screen says them. */
const SWEEPER_LABELS = {
  sessions: 'sweeper.sessions',
  'account-tokens': 'sweeper.account-tokens',
  'newsletter-unconfirmed': 'sweeper.newsletter-unconfirmed',
  'webhook-deliveries': 'sweeper.webhook-deliveries',
  'integration-idempotency': 'sweeper.integration-idempotency',
  'api-key-usage': 'sweeper.api-key-usage',
} as const;

const tr = (request: FastifyRequest) => translator(serviceMessages, requestLocale(request));

/**
 * The service screen's API. Its overview and the mail list read with admin access alone (SPEC
 * section 6); everything that could take the site over (backup, mail bodies, file cleanup, sweeps,
 * every change) needs service.update (issue 37): GET routes say so, other methods need it anyway.
 */
export const serviceApi: FastifyPluginAsync = async (app) => {
  const guard = requireAdminArea('service');
  const guardUpdate = requireAdminArea('service', 'update');
  const dataDir = app.config.dataDir;
  // The backup download is a plain form post (the browser saves a large file as it arrives).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  app.get('/api/admin/service', { preHandler: guard }, async () => {
    const [database, storage, counts] = await Promise.all([databaseState(), storageState(dataDir), countOutboxByStatus()]);
    return { database, storage, mail: { counts, smtp: Boolean(app.config.SMTP_URL) } };
  });

  app.get('/api/admin/service/mails', { preHandler: guard }, async (request) => {
    const query = outboxQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await outboxForAdmin({ status: query.status, page: query.page, q: query.q });
    return { items, pages, page, total };
  });

  app.get('/api/admin/service/mails/:id', { preHandler: guardUpdate }, async (request) => {
    const mail = await outboxMailForAdmin(String((request.params as { id?: string }).id ?? ''));
    if (!mail) throw new HttpError(404, tr(request)('mail.notFound'));
    return mail;
  });

  // Uploaded files nothing refers to, older than the grace period (a dry run: nothing is removed).
  app.get('/api/admin/service/unused-files', { preHandler: guardUpdate }, async () => {
    const { orphans, young } = await collectUnreferencedFiles({ db: getDb(), dryRun: true });
    return { items: orphans, total: orphans.length, bytes: orphans.reduce((s, f) => s + f.size, 0), young };
  });

  // The confirm dialog's POST {submitUrl}/{id}: the mail id.
  app.post('/api/admin/service/retry-mail/:id', { preHandler: guard }, async (request) => {
    const ok = await retryMail(String((request.params as { id?: string }).id ?? ''));
    if (!ok) throw new HttpError(404, tr(request)('retry.impossible'));
    return { message: tr(request)('done.retry') };
  });

  // A backup of the database and the uploaded files, as a download (form field `_token` or the header).
  const formToken: Record<string, unknown> = { formToken: true };
  app.post('/api/admin/service/backup', { preHandler: guard, config: formToken }, async (request, reply) =>
    sendBackup(reply, { dataDir, busyMessage: tr(request)('backup.busy') }),
  );

  // The confirm dialog's POST {submitUrl}/{id}: the action's name.
  app.post('/api/admin/service/:action', { preHandler: guard }, async (request) => {
    const t = tr(request);
    const parsed = z.object({ action: z.enum(SERVICE_ACTIONS) }).safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, t('action.unknown'));
    switch (parsed.data.action) {
      case 'clear-caches':
        clearCaches();
        return { message: t('done.clear-caches') };
      case 'rebuild-images': {
        const removed = await rebuildImageSizes(dataDir);
        return { message: t('done.rebuild-images', { count: removed.files, size: formatFileSize(removed.bytes, requestLocale(request)) }), ...removed };
      }
      case 'rebuild-search': {
        const result = await rebuildSearchIndex();
        return { message: t('done.rebuild-search', result), ...result };
      }
      case 'remove-unused-files': {
        const result = await collectUnreferencedFiles({ db: getDb(), dryRun: false, cacheDir: path.join(dataDir, 'files', 'cache') });
        const size = formatFileSize(result.freedBytes, requestLocale(request));
        return { message: t('done.remove-unused-files', { count: result.removed, size }), removed: result.removed, freedBytes: result.freedBytes };
      }
      case 'sweep-expired': {
        const { deleted, failed } = await sweepNow();
        const failures = Object.keys(failed);
        if (failures.length) throw new HttpError(500, t('sweep.failed', { names: failures.join(', ') }));
        const details = Object.entries(deleted)
          .map(([name, n]) => `${name in SWEEPER_LABELS ? t(SWEEPER_LABELS[name as keyof typeof SWEEPER_LABELS]) : name}: ${n}`)
          .join(', ');
        const count = Object.values(deleted).reduce((a, b) => a + b, 0);
        return { message: t('done.sweep-expired', { count, details }), deleted };
      }
    }
  });
};
