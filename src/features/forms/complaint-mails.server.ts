import { formatDate } from '~/core/time/format';
import { defineMail } from '~/core/mail/templates.server';
import { formsMessages } from './messages';

export interface ComplaintMailParams {
  number: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  productName: string;
  attachments: number;
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** To the sender: the number and the 21 working days (SPEC section 9) with the due date. */
export const complaintReceivedMail = defineMail({
  kind: 'forms.complaint-received',
  messages: formsMessages,
  subject: (p: ComplaintMailParams, { t }) => t('mail.complaint.subject', { number: p.number }),
  render: (p, { t }) => ({
    heading: t('mail.complaint.heading'),
    paragraphs: [t('mail.complaint.p1', { number: p.number }), t('mail.complaint.p2', { due: day(p.dueDate) })],
    details: [
      { label: t('mail.label.number'), value: p.number },
      { label: t('mail.label.due'), value: day(p.dueDate) },
      { label: t('mail.label.product'), value: p.productName },
      { label: t('mail.label.company'), value: p.companyName },
    ],
  }),
});

/** To the complaints inbox (COMPLAINTS_EMAIL): a new complaint with its due date and a link. */
export const complaintNoticeMail = defineMail({
  kind: 'forms.complaint-notice',
  messages: formsMessages,
  subject: (p: ComplaintMailParams & { url: string }, { t }) => t('mail.notice.subject', { number: p.number }),
  // Answering the notice reaches the sender.
  headers: (p) => ({ 'Reply-To': p.email }),
  render: (p, { t }) => ({
    heading: t('mail.notice.heading', { number: p.number }),
    paragraphs: [t('mail.notice.p1', { company: p.companyName, due: day(p.dueDate) }), t('mail.complaint.p2', { due: day(p.dueDate) })],
    details: [
      { label: t('mail.label.number'), value: p.number },
      { label: t('mail.label.due'), value: day(p.dueDate) },
      { label: t('mail.label.company'), value: p.companyName },
      { label: t('mail.label.contact'), value: p.contactPerson },
      { label: t('mail.label.email'), value: p.email },
      { label: t('mail.label.phone'), value: p.phone },
      { label: t('mail.label.product'), value: p.productName },
      { label: t('mail.label.attachments'), value: String(p.attachments) },
    ],
    action: { label: t('mail.notice.button'), url: p.url },
  }),
});

/** To the sender: a status change with the staff's comment. */
export const complaintStatusMail = defineMail({
  kind: 'forms.complaint-status',
  messages: formsMessages,
  subject: (p: { number: string; status: string; comment: string | null; dueDate: string }, { t }) =>
    t('mail.status.subject', { number: p.number, status: p.status }),
  render: (p, { t }) => ({
    heading: t('mail.status.heading', { number: p.number }),
    paragraphs: [t('mail.status.p1', { status: p.status }), ...(p.comment ? [`${t('mail.status.comment')} ${p.comment}`] : [])],
    details: [
      { label: t('mail.label.number'), value: p.number },
      { label: t('mail.label.status'), value: p.status },
      { label: t('mail.label.due'), value: day(p.dueDate) },
    ],
  }),
});

/** To the inbox of the chosen subject: a contact form message. */
export const contactMessageMail = defineMail({
  kind: 'forms.contact-message',
  messages: formsMessages,
  subject: (p: { subject: string; name: string; email: string; phone: string; message: string; url: string }, { t }) =>
    t('mail.contact.subject', { subject: p.subject }),
  headers: (p) => ({ 'Reply-To': p.email }),
  render: (p, { t }) => ({
    heading: t('mail.contact.heading'),
    paragraphs: p.message.split(/\n{2,}/),
    details: [
      { label: t('mail.label.subject'), value: p.subject },
      { label: t('mail.label.contact'), value: p.name },
      { label: t('mail.label.email'), value: p.email },
      ...(p.phone ? [{ label: t('mail.label.phone'), value: p.phone }] : []),
    ],
    action: { label: t('mail.contact.button'), url: p.url },
  }),
});
