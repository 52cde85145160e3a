// One way to declare a transactional mail: a feature names its kind, its subject and its content
// (heading, paragraphs, details, button) in both languages; the branded layout, the plain-text
// part, the footer and the outbox are the same for every mail.
//
//   export const orderPlacedMail = defineMail({
//     kind: 'shop.order-placed',
//     messages: shopMessages,
//     subject: (p: { number: string }, { t }) => t('mail.placed.subject', { number: p.number }),
//     render: (p, { t }) => ({ heading: t('mail.placed.heading'), paragraphs: [...], details: [...] }),
//   });
//   await orderPlacedMail(tx, { email, locale }, { number });   // inside the order's transaction
import type { Db } from '~/core/db/client.server';
import { type Locale, type Messages, translator } from '~/core/i18n/locale';
import { type BrandedMailInput, brandedMail } from './layout.server';
import { enqueueMail, type MailAttachment, type OutgoingMail } from './outbox.server';

export interface MailRecipient {
  email: string;
  /** The recipient's language: the whole mail, subject and footer included, is written in it. */
  locale: Locale;
}

/** What a template gets besides its parameters: the language and the feature's translator. */
export interface MailContext<K extends string> {
  locale: Locale;
  t: (key: K, vars?: Record<string, string | number>) => string;
}

/** The content of a mail: everything of brandedMail's input except the language. */
export type MailContent = Omit<BrandedMailInput, 'locale'>;

export interface MailDefinition<P, K extends string> {
  /** What the mail is for, e.g. 'account.verify' (the outbox's kind, filterable by the admin). */
  kind: string;
  /** The feature's message table; render and subject get its translator for the recipient's language. */
  messages?: Messages<K>;
  subject: Record<Locale, string> | ((params: P, ctx: MailContext<K>) => string);
  render: (params: P, ctx: MailContext<K>) => MailContent;
  /** Extra headers (the allowed list of the outbox), e.g. List-Unsubscribe of a newsletter mail. */
  headers?: (params: P, ctx: MailContext<K>) => OutgoingMail['headers'];
}

export interface MailTemplate<P> {
  /** Puts the mail into the outbox in the caller's transaction (it exists exactly when the change does). */
  (db: Db, to: MailRecipient, params: P, extra?: { attachments?: MailAttachment[] }): Promise<void>;
  kind: string;
  /** The finished mail without sending it (previews, tests). */
  compose(to: MailRecipient, params: P): OutgoingMail;
}

const noMessages: Messages<never> = { pl: {}, en: {} } as Messages<never>;

/** Declares a mail; the result sends it: `await mail(tx, { email, locale }, params)`. */
export function defineMail<P, K extends string = never>(def: MailDefinition<P, K>): MailTemplate<P> {
  const compose = (to: MailRecipient, params: P): OutgoingMail => {
    const locale: Locale = to.locale === 'en' ? 'en' : 'pl';
    const ctx: MailContext<K> = { locale, t: translator((def.messages ?? noMessages) as Messages<K>, locale) };
    // A subject built from parameters (a record's name, an investment) is one line whatever was
    // stored: a line break or tab in a record typed before the input check must not stop its mails.
    const subject = (typeof def.subject === 'function' ? def.subject(params, ctx) : def.subject[locale]).replace(/\s+/g, ' ').trim();
    const { html, text } = brandedMail({ ...def.render(params, ctx), locale });
    const headers = def.headers?.(params, ctx);
    return { to: to.email, subject, html, text, locale, kind: def.kind, ...(headers ? { headers } : {}) };
  };
  const send = async (db: Db, to: MailRecipient, params: P, extra?: { attachments?: MailAttachment[] }) => {
    await enqueueMail(db, { ...compose(to, params), ...(extra?.attachments?.length ? { attachments: extra.attachments } : {}) });
  };
  return Object.assign(send, { kind: def.kind, compose });
}
