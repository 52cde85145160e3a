// The contact form: messages are stored, mailed to the inbox of their subject, and listed for the
// staff with read/unread.
import { pageWithin } from '~/core/http/pagination';
import { and, count, desc, eq, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { contactMessageMail } from './complaint-mails.server';
import { CONTACT_SUBJECTS, type ContactSubject, contactMessages } from './forms.schema';
import { formsMessages } from './messages';
import type { ContactInput } from './validation';

export const CONTACT_PER_PAGE = 20;

/**
 * The inbox of each subject: CONTACT_EMAILS ("sales=a@x.pl,training=b@x.pl") names some, the rest
 * go to CONTACT_EMAIL (default: the company address).
 */
export function contactInbox(subject: ContactSubject, config: { CONTACT_EMAIL?: string; CONTACT_EMAILS?: string }, fallback: string): string {
  for (const pair of (config.CONTACT_EMAILS ?? '').split(',')) {
    const [key, email] = pair.split('=').map((s) => s.trim());
    if (key === subject && email) return email;
  }
  return config.CONTACT_EMAIL ?? fallback;
}

export async function storeContactMessage(
  input: ContactInput,
  opts: { userId: number | null; locale: Locale; inbox: string; appUrl: string },
): Promise<number> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(contactMessages)
      .values({
        userId: opts.userId,
        locale: opts.locale,
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        acceptedPrivacyAt: new Date(),
      })
      .returning({ id: contactMessages.id });
    await contactMessageMail(
      tx,
      { email: opts.inbox, locale: 'pl' },
      {
        subject: translator(formsMessages, 'pl')(`contact.subject.${input.subject}`),
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        url: `${opts.appUrl.replace(/\/$/, '')}/pl/admin/contact-messages`,
      },
    );
    return row.id;
  });
}

/** GET /api/admin/contact-messages: newest first; `unread=1` only the unread; `subject` filters. */
export async function listContactMessages(filters: { unread?: string; subject?: string; page?: number } = {}) {
  const db = getDb();
  const where: SQL[] = [];
  if (filters.unread === '1') where.push(isNull(contactMessages.readAt));
  if (filters.unread === '0') where.push(isNotNull(contactMessages.readAt));
  if (filters.subject && (CONTACT_SUBJECTS as readonly string[]).includes(filters.subject))
    where.push(eq(contactMessages.subject, filters.subject as ContactSubject));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(cond);
  const shown = pageWithin(filters.page, total, CONTACT_PER_PAGE);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(cond)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_PER_PAGE)
    .offset(shown.offset);
  const [{ unread }] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      subject: r.subject,
      message: r.message,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    pages: shown.pages,
    page: shown.page,
    unread,
  };
}

/** PUT /api/admin/contact-messages/{id} {read}: marks a message read or unread. */
export async function markContactMessage(id: number, read: boolean): Promise<boolean> {
  const rows = await getDb()
    .update(contactMessages)
    .set({ readAt: read ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
