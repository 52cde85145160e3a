// The mails of the courses feature (content only; layout, footer and outbox come from core/mail).
import { COMPANY } from '~/core/company';
import type { MailDetail } from '~/core/mail/layout.server';
import { defineMail } from '~/core/mail/templates.server';
import { formatMoney } from '~/core/money/money';
import type { RegistrationStatus } from './courses.schema';
import { courseMessages } from './messages';
import { CANCEL_DAYS_BEFORE, formatDays } from './rules';

/** What every course mail says about the date. */
export interface CourseMailParams {
  name: string;
  title: string;
  dateFrom: string;
  dateTo: string;
  timeFrom: string;
  timeTo: string;
  city: string;
  venue: string;
  price: number;
  /** Absolute URL of the registration in the participant's account (null: registered without an account). */
  url: string | null;
}

type Tr = (key: keyof typeof courseMessages.pl & string, vars?: Record<string, string | number>) => string;

function details(p: CourseMailParams, t: Tr, locale: 'pl' | 'en'): MailDetail[] {
  return [
    { label: t('label.dates'), value: formatDays(p.dateFrom, p.dateTo) },
    { label: t('label.hours'), value: `${p.timeFrom}–${p.timeTo}` },
    { label: t('label.city'), value: p.city },
    { label: t('label.venue'), value: p.venue },
    { label: t('label.price'), value: formatMoney(p.price, locale) },
  ];
}

const action = (p: CourseMailParams, t: Tr) => (p.url ? { action: { label: t('mail.details.action'), url: p.url } } : {});

/** Registration confirmed: the date, the venue and what to bring. */
export const registrationMail = defineMail({
  kind: 'courses.registered',
  messages: courseMessages,
  subject: (p: CourseMailParams, { t }) => t('mail.reg.subject', { title: p.title, date: formatDays(p.dateFrom, p.dateTo) }),
  render: (p, { t, locale }) => ({
    heading: t('mail.reg.heading'),
    paragraphs: [t('mail.reg.p1', { name: p.name }), t('mail.reg.p2', { title: p.title }), t('mail.reg.bring')],
    details: details(p, t, locale),
    ...action(p, t),
    footerNote: t('mail.reg.note', { days: CANCEL_DAYS_BEFORE, email: COMPANY.email }),
  }),
});

/** On the waiting list of a full date. */
export const waitingListMail = defineMail({
  kind: 'courses.waiting',
  messages: courseMessages,
  subject: (p: CourseMailParams, { t }) => t('mail.wait.subject', { title: p.title, date: formatDays(p.dateFrom, p.dateTo) }),
  render: (p, { t, locale }) => ({
    heading: t('mail.wait.heading'),
    paragraphs: [t('mail.reg.p1', { name: p.name }), t('mail.wait.p2', { title: p.title })],
    details: details(p, t, locale),
    ...action(p, t),
  }),
});

/** A status change made by the organiser (or the participant's cancellation). */
export const statusMail = defineMail({
  kind: 'courses.status',
  messages: courseMessages,
  subject: (p: CourseMailParams & { status: RegistrationStatus }, { t }) => t('mail.status.subject', { title: p.title, status: t(`status.${p.status}`) }),
  render: (p, { t, locale }) => ({
    heading: t('mail.status.heading'),
    paragraphs: [
      t('mail.reg.p1', { name: p.name }),
      t('mail.status.p2', { title: p.title, date: formatDays(p.dateFrom, p.dateTo), status: t(`status.${p.status}`) }),
      t(`mail.status.${p.status}`, { email: COMPANY.email }),
      ...(p.status === 'registered' || p.status === 'confirmed' ? [t('mail.reg.bring')] : []),
    ],
    details: details(p, t, locale),
    ...action(p, t),
  }),
});

/** The certificate was issued. */
export const certificateMail = defineMail({
  kind: 'courses.certificate',
  messages: courseMessages,
  subject: (p: CourseMailParams & { number: string }, { t }) => t('mail.cert.subject', { title: p.title }),
  render: (p, { t }) => ({
    heading: t('mail.cert.heading'),
    paragraphs: [t('mail.reg.p1', { name: p.name }), t('mail.cert.p2', { title: p.title, number: p.number, email: COMPANY.email })],
    details: [{ label: t('label.certificate'), value: p.number }],
    ...(p.url ? { action: { label: t('mail.cert.action'), url: p.url } } : {}),
  }),
});
