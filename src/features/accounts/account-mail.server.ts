import { COMPANY } from '~/core/company';
import type { Db } from '~/core/db/client.server';
import type { Locale } from '~/core/i18n/locale';
import { defineMail } from '~/core/mail/templates.server';
import { accountMessages } from './messages';

interface Recipient {
  email: string;
  firstName: string;
  locale: Locale;
}

interface WithLink {
  name: string;
  url: string;
}

// The mails of the accounts feature: their content only; layout, footer and outbox come from core/mail.

export const verificationMail = defineMail({
  kind: 'account.verify',
  messages: accountMessages,
  subject: (_p: WithLink, { t }) => t('mail.verify.subject'),
  render: ({ name, url }: WithLink, { t }) => ({
    heading: t('mail.verify.heading'),
    paragraphs: [t('mail.verify.p1', { name }), t('mail.verify.p2'), t('mail.verify.p3')],
    action: { label: t('mail.verify.action'), url },
    footerNote: t('mail.verify.note'),
  }),
});

export const resetMail = defineMail({
  kind: 'account.reset',
  messages: accountMessages,
  subject: (_p: WithLink, { t }) => t('mail.reset.subject'),
  render: ({ name, url }: WithLink, { t }) => ({
    heading: t('mail.reset.heading'),
    paragraphs: [t('mail.reset.p1', { name }), t('mail.reset.p2'), t('mail.reset.p3')],
    action: { label: t('mail.reset.action'), url },
    footerNote: t('mail.reset.note'),
  }),
});

export const accountActiveMail = defineMail({
  kind: 'account.active',
  messages: accountMessages,
  subject: (_p: WithLink, { t }) => t('mail.active.subject'),
  render: ({ name, url }: WithLink, { t }) => ({
    heading: t('mail.active.heading'),
    paragraphs: [t('mail.active.p1', { name }), t('mail.active.p2')],
    action: { label: t('mail.active.action'), url },
  }),
});

export const accountInactiveMail = defineMail({
  kind: 'account.inactive',
  messages: accountMessages,
  subject: (_p: { name: string }, { t }) => t('mail.inactive.subject'),
  render: ({ name }: { name: string }, { t }) => ({
    heading: t('mail.inactive.heading'),
    paragraphs: [t('mail.active.p1', { name }), t('mail.inactive.p2'), t('mail.inactive.p3', { email: COMPANY.email })],
  }),
});

export const b2bGrantedMail = defineMail({
  kind: 'account.b2b',
  messages: accountMessages,
  subject: (_p: WithLink, { t }) => t('mail.b2b.subject'),
  render: ({ name, url }: WithLink, { t }) => ({
    heading: t('mail.b2b.heading'),
    paragraphs: [t('mail.active.p1', { name }), t('mail.b2b.p2')],
    action: { label: t('mail.b2b.action'), url },
  }),
});

/** Someone registered with an address that already has an account: its owner is told instead of the form. */
export const registerAttemptMail = defineMail({
  kind: 'account.register-attempt',
  messages: accountMessages,
  subject: (_p: WithLink, { t }) => t('mail.registerAttempt.subject'),
  render: ({ name, url }: WithLink, { t }) => ({
    heading: t('mail.registerAttempt.heading'),
    paragraphs: [t('mail.reset.p1', { name }), t('mail.registerAttempt.p2'), t('mail.registerAttempt.p3')],
    action: { label: t('mail.registerAttempt.action'), url },
    footerNote: t('mail.registerAttempt.note'),
  }),
});

/** The mails of the accounts feature, written to the outbox in the caller's transaction. */
export async function sendVerificationMail(db: Db, to: Recipient, url: string) {
  await verificationMail(db, to, { name: to.firstName, url });
}

export async function sendResetMail(db: Db, to: Recipient, url: string) {
  await resetMail(db, to, { name: to.firstName, url });
}

export async function sendAccountActiveMail(db: Db, to: Recipient, loginUrl: string) {
  await accountActiveMail(db, to, { name: to.firstName, url: loginUrl });
}

export async function sendAccountInactiveMail(db: Db, to: Recipient) {
  await accountInactiveMail(db, to, { name: to.firstName });
}

export async function sendB2bGrantedMail(db: Db, to: Recipient, shopUrl: string) {
  await b2bGrantedMail(db, to, { name: to.firstName, url: shopUrl });
}

export async function sendRegisterAttemptMail(db: Db, to: Recipient, loginUrl: string) {
  await registerAttemptMail(db, to, { name: to.firstName, url: loginUrl });
}
