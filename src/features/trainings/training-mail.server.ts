// The mails of the online trainings (content only; layout and outbox come from core/mail).
import { COMPANY } from '~/core/company';
import { formatDate } from '~/core/time/format';
import { defineMail } from '~/core/mail/templates.server';
import { trainingMessages } from './messages';

/** To the trainings inbox: a learner started a training (or asks to extend expired access). */
export const acceptanceRequestMail = defineMail({
  kind: 'trainings.acceptance-request',
  messages: trainingMessages,
  subject: (p: { name: string; email: string; title: string; url: string; extension?: boolean }, { t }) =>
    t(p.extension ? 'mail.ext.subject' : 'mail.req.subject', { title: p.title, name: p.name }),
  render: (p, { t }) => ({
    heading: t(p.extension ? 'mail.ext.heading' : 'mail.req.heading'),
    paragraphs: [t(p.extension ? 'mail.ext.p1' : 'mail.req.p1', { name: p.name, email: p.email, title: p.title })],
    details: [
      { label: t('mail.label.participant'), value: `${p.name} <${p.email}>` },
      { label: t('mail.label.training'), value: p.title },
    ],
    action: { label: t('mail.req.action'), url: p.url },
  }),
});

/** To the learner: the request was accepted (with the end of access) or refused. */
export const decisionMail = defineMail({
  kind: 'trainings.decision',
  messages: trainingMessages,
  subject: (p: { name: string; title: string; accepted: boolean; expiresAt: Date | null; url: string }, { t }) =>
    t(p.accepted ? 'mail.acc.subject' : 'mail.ref.subject', { title: p.title }),
  render: (p, { t }) => ({
    heading: t(p.accepted ? 'mail.acc.heading' : 'mail.ref.heading'),
    paragraphs: [
      t('mail.hello', { name: p.name }),
      p.accepted
        ? t('mail.acc.p2', { title: p.title, date: p.expiresAt ? formatDate(p.expiresAt) : '' })
        : t('mail.ref.p2', { title: p.title, email: COMPANY.email }),
    ],
    ...(p.accepted ? { action: { label: t('mail.acc.action'), url: p.url } } : {}),
  }),
});

/** To the learner: access extended. */
export const extensionMail = defineMail({
  kind: 'trainings.extended',
  messages: trainingMessages,
  subject: (p: { name: string; title: string; expiresAt: Date; url: string }, { t }) => t('mail.extd.subject', { title: p.title }),
  render: (p, { t }) => ({
    heading: t('mail.extd.heading'),
    paragraphs: [t('mail.hello', { name: p.name }), t('mail.extd.p2', { title: p.title, date: formatDate(p.expiresAt) })],
    action: { label: t('mail.acc.action'), url: p.url },
  }),
});

/** To the holder: a certificate was revoked, with the reason (issue 42). */
export const certificateRevokedMail = defineMail({
  kind: 'trainings.certificate-revoked',
  messages: trainingMessages,
  subject: (p: { name: string; number: string; title: string; reason: string; url: string }, { t }) => t('mail.revoked.subject', { number: p.number }),
  render: (p, { t }) => ({
    heading: t('mail.revoked.heading'),
    paragraphs: [t('mail.hello', { name: p.name }), t('mail.revoked.p2', { number: p.number, title: p.title }), t('mail.revoked.p3', { email: COMPANY.email })],
    details: [
      { label: t('cert.number'), value: p.number },
      { label: t('cert.training'), value: p.title },
      { label: t('mail.revoked.reason'), value: p.reason },
    ],
    action: { label: t('mail.revoked.action'), url: p.url },
  }),
});

/** To the holder: the certificate ends in 90, 30 or 7 days (issue 42). */
export const certificateExpiryMail = defineMail({
  kind: 'trainings.certificate-expiring',
  messages: trainingMessages,
  subject: (p: { name: string; number: string; title: string; validUntil: string; days: number; url: string }, { t }) =>
    t('mail.expiring.subject', { title: p.title, days: p.days }),
  render: (p, { t }) => ({
    heading: t('mail.expiring.heading'),
    paragraphs: [t('mail.hello', { name: p.name }), t('mail.expiring.p2', { number: p.number, title: p.title, date: formatDate(p.validUntil), days: p.days })],
    action: { label: t('mail.expiring.action'), url: p.url },
  }),
});
