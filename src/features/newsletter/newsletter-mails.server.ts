// The newsletter's and the calculator purchase's mails (outbox, in the recipient's language).
import { formatMoney, formatVatRate } from '~/core/money/money';
import { defineMail } from '~/core/mail/templates.server';
import { newsletterMessages } from './messages';

interface SubscriberMail {
  name: string;
  url: string;
  /** /{locale}/newsletter/unsubscribe/{token}: in the footer and the List-Unsubscribe header. */
  unsubscribeUrl: string;
  /** POST target of RFC 8058 one-click unsubscribe. */
  oneClickUrl: string;
}

const listUnsubscribe = (p: SubscriberMail) => ({
  'List-Unsubscribe': `<${p.oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** Double opt-in: the link /{locale}/newsletter/confirm/{token}. */
export const confirmSubscriptionMail = defineMail({
  kind: 'newsletter.confirm',
  messages: newsletterMessages,
  subject: (_p: SubscriberMail, { t }) => t('mail.confirm.subject'),
  render: (p, { t }) => ({
    heading: t('mail.confirm.heading'),
    paragraphs: [t('mail.confirm.p1', { name: p.name }), t('mail.confirm.p2')],
    action: { label: t('mail.confirm.button'), url: p.url },
    footerNote: t('mail.unsubscribe'),
    footerLink: { label: t('mail.unsubscribe.link'), url: p.unsubscribeUrl },
  }),
  headers: listUnsubscribe,
});

/** After confirming: the calculator access link /{locale}/calculator/access/{token}. */
export const welcomeMail = defineMail({
  kind: 'newsletter.welcome',
  messages: newsletterMessages,
  subject: (_p: SubscriberMail, { t }) => t('mail.welcome.subject'),
  render: (p, { t }) => ({
    heading: t('mail.welcome.heading'),
    paragraphs: [t('mail.welcome.p1', { name: p.name }), t('mail.welcome.p2')],
    action: { label: t('mail.welcome.button'), url: p.url },
    footerNote: t('mail.unsubscribe'),
    footerLink: { label: t('mail.unsubscribe.link'), url: p.unsubscribeUrl },
  }),
  headers: listUnsubscribe,
});

interface ProformaMail {
  reference: string;
  net: number;
  vat: number;
  gross: number;
  account: string;
  recipient: string;
}

/** Bank transfer: the pro-forma with the account and the reference. */
export const proformaMail = defineMail({
  kind: 'newsletter.calculator-proforma',
  messages: newsletterMessages,
  subject: (p: ProformaMail, { t }) => t('mail.proforma.subject', { reference: p.reference }),
  render: (p, { t, locale }) => ({
    heading: t('mail.proforma.heading'),
    paragraphs: [t('mail.proforma.p1'), t('mail.proforma.p2')],
    details: [
      { label: t('mail.label.product'), value: t('calc.title') },
      { label: t('mail.label.net'), value: formatMoney(p.net, locale) },
      { label: t('mail.label.vat', { rate: formatVatRate() }), value: formatMoney(p.vat, locale) },
      { label: t('mail.label.gross'), value: formatMoney(p.gross, locale) },
      { label: t('mail.label.recipient'), value: p.recipient },
      { label: t('mail.label.account'), value: p.account },
      { label: t('mail.label.reference'), value: p.reference },
    ],
  }),
});

/** A paid purchase (Przelewy24 verified, or a transfer marked paid): the access link. */
export const purchasePaidMail = defineMail({
  kind: 'newsletter.calculator-paid',
  messages: newsletterMessages,
  subject: (_p: { reference: string; url: string }, { t }) => t('mail.paid.subject'),
  render: (p, { t }) => ({
    heading: t('mail.paid.heading'),
    paragraphs: [t('mail.paid.p1', { reference: p.reference })],
    action: { label: t('mail.paid.button'), url: p.url },
  }),
});

/** A B2B shop order with the calculator, confirmed by the administrator: the access link. */
export const orderAccessMail = defineMail({
  kind: 'newsletter.calculator-order',
  messages: newsletterMessages,
  subject: (_p: { number: string; url: string }, { t }) => t('mail.paid.subject'),
  render: (p, { t }) => ({
    heading: t('mail.order.heading', { number: p.number }),
    paragraphs: [t('mail.order.p1', { number: p.number })],
    action: { label: t('mail.paid.button'), url: p.url },
  }),
});
