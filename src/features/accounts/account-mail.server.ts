import { COMPANY } from '~/core/company';
import type { Db } from '~/core/db/client.server';
import { type Locale, translator } from '~/core/i18n/locale';
import { brandedMail } from '~/core/mail/layout.server';
import { enqueueMail } from '~/core/mail/outbox.server';
import { accountMessages } from './messages';

interface Recipient {
  email: string;
  firstName: string;
  locale: Locale;
}

/** The mails of the accounts feature, written to the outbox in the caller's transaction. */
export async function sendVerificationMail(db: Db, to: Recipient, url: string) {
  const t = translator(accountMessages, to.locale);
  const { html, text } = brandedMail({
    locale: to.locale,
    heading: t('mail.verify.heading'),
    paragraphs: [t('mail.verify.p1', { name: to.firstName }), t('mail.verify.p2'), t('mail.verify.p3')],
    action: { label: t('mail.verify.action'), url },
    footerNote: t('mail.verify.note'),
  });
  await enqueueMail(db, { to: to.email, subject: t('mail.verify.subject'), html, text, locale: to.locale, kind: 'account.verify' });
}

export async function sendResetMail(db: Db, to: Recipient, url: string) {
  const t = translator(accountMessages, to.locale);
  const { html, text } = brandedMail({
    locale: to.locale,
    heading: t('mail.reset.heading'),
    paragraphs: [t('mail.reset.p1', { name: to.firstName }), t('mail.reset.p2'), t('mail.reset.p3')],
    action: { label: t('mail.reset.action'), url },
    footerNote: t('mail.reset.note'),
  });
  await enqueueMail(db, { to: to.email, subject: t('mail.reset.subject'), html, text, locale: to.locale, kind: 'account.reset' });
}

export async function sendAccountActiveMail(db: Db, to: Recipient, loginUrl: string) {
  const t = translator(accountMessages, to.locale);
  const { html, text } = brandedMail({
    locale: to.locale,
    heading: t('mail.active.heading'),
    paragraphs: [t('mail.active.p1', { name: to.firstName }), t('mail.active.p2')],
    action: { label: t('mail.active.action'), url: loginUrl },
  });
  await enqueueMail(db, { to: to.email, subject: t('mail.active.subject'), html, text, locale: to.locale, kind: 'account.active' });
}

export async function sendAccountInactiveMail(db: Db, to: Recipient) {
  const t = translator(accountMessages, to.locale);
  const { html, text } = brandedMail({
    locale: to.locale,
    heading: t('mail.inactive.heading'),
    paragraphs: [t('mail.active.p1', { name: to.firstName }), t('mail.inactive.p2'), t('mail.inactive.p3', { email: COMPANY.email })],
  });
  await enqueueMail(db, { to: to.email, subject: t('mail.inactive.subject'), html, text, locale: to.locale, kind: 'account.inactive' });
}

export async function sendB2bGrantedMail(db: Db, to: Recipient, shopUrl: string) {
  const t = translator(accountMessages, to.locale);
  const { html, text } = brandedMail({
    locale: to.locale,
    heading: t('mail.b2b.heading'),
    paragraphs: [t('mail.active.p1', { name: to.firstName }), t('mail.b2b.p2')],
    action: { label: t('mail.b2b.action'), url: shopUrl },
  });
  await enqueueMail(db, { to: to.email, subject: t('mail.b2b.subject'), html, text, locale: to.locale, kind: 'account.b2b' });
}
