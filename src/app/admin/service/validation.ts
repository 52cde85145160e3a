import { z } from 'zod';
import type { MailStatus } from '~/core/mail/mail.schema';

/** The outbox states (mail.schema's MAIL_STATUSES, repeated so the browser bundle needs no table code). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const satisfies readonly MailStatus[];

/** The outbox list's query (status filter, search, page); invalid values fall back to defaults. */
export const outboxQuery = z.object({
  page: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(100_000)).catch(1),
  status: z.enum(MAIL_STATUSES).optional().catch(undefined),
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()).catch(''),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

/** The maintenance actions: POST /api/admin/service/{action}. */
export const SERVICE_ACTIONS = ['clear-caches', 'rebuild-images', 'rebuild-search', 'sweep-expired', 'remove-unused-files'] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];
