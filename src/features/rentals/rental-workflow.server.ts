// The status machine of a tester rental (core/workflow) and its mails: every change, the first
// status included, mails the tenant in the tenant's language.
import { registerValueLabels } from '~/core/audit/value-labels';
import { eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { formatDate } from '~/core/time/format';
import type { Locale } from '~/core/i18n/locale';
import { totalsOfNet, formatMoney } from '~/core/money/money';
import { defineMail } from '~/core/mail/templates.server';
import { defineWorkflow } from '~/core/workflow/workflow';
import { rentalMessages } from './messages';
import { testerRentals, testers } from './rentals.schema';
import { RENTAL_STATUSES, RENTAL_TRANSITIONS, type RentalStatus } from './statuses';

/** Who moves a rental: an administrator of tester rentals, the tenant, or the system. */
export type RentalActor = { id: number; isAdmin: boolean; isOwner: boolean } | null;

const isAdmin = (a: RentalActor) => Boolean(a?.isAdmin);
const isAdminOrOwner = (a: RentalActor) => Boolean(a?.isAdmin || a?.isOwner);

const labels = Object.fromEntries(RENTAL_STATUSES.map((s) => [s, { pl: rentalMessages.pl[`status.${s}`], en: rentalMessages.en[`status.${s}`] }])) as {
  [K in RentalStatus]: { pl: string; en: string };
};

let appUrl = 'http://localhost:3000';
/** The site's address for the links in the mails (set by the API plugin from APP_URL). */
export function setRentalAppUrl(url: string) {
  appUrl = url.replace(/\/$/, '');
}

interface StatusMailParams {
  id: number;
  status: string;
  first: boolean;
  comment: string | null;
  tester: string;
  /** DD.MM.YYYY, or '' when none is recorded. */
  calibration: string;
  from: string;
  to: string;
  gross: number;
  waybill: string;
  url: string;
}

export const rentalStatusMail = defineMail({
  kind: 'rentals.status',
  messages: rentalMessages,
  subject: (p: StatusMailParams, { t }) => t('mail.subject', { id: p.id, status: p.status }),
  render: (p: StatusMailParams, { t, locale }) => ({
    heading: t('mail.heading', { status: p.status }),
    paragraphs: [p.first ? t('mail.new') : t('mail.changed', { status: p.status }), ...(p.comment ? [t('mail.comment', { comment: p.comment })] : [])],
    details: [
      { label: t('mail.tester'), value: p.tester },
      ...(p.calibration ? [{ label: t('mail.calibration'), value: p.calibration }] : []),
      { label: t('mail.dates'), value: `${p.from} – ${p.to}` },
      { label: t('mail.cost'), value: formatMoney(p.gross, locale) },
      ...(p.waybill ? [{ label: t('mail.waybill'), value: p.waybill }] : []),
    ],
    action: { label: t('mail.button'), url: p.url },
  }),
});

export const rentalWorkflow = defineWorkflow<RentalStatus, RentalActor>({
  name: 'tester_rental',
  states: RENTAL_STATUSES,
  initial: 'new',
  transitions: RENTAL_TRANSITIONS,
  who: {
    'new->confirmed': isAdmin,
    'new->cancelled': isAdminOrOwner,
    'confirmed->contract_signed': isAdminOrOwner,
    'confirmed->cancelled': isAdmin,
    'contract_signed->sent': isAdmin,
    'contract_signed->cancelled': isAdmin,
    'sent->returned': isAdmin,
    'returned->settled': isAdmin,
  },
  labels,
  onChange: async (tx: Db, change) => {
    const [row] = await tx
      .select({ rental: testerRentals, testerName: testers.name, calibration: testers.calibrationValidUntil })
      .from(testerRentals)
      .innerJoin(testers, eq(testers.id, testerRentals.testerId))
      .where(eq(testerRentals.id, Number(change.entityId)));
    if (!row) return;
    const r = row.rental;
    const locale: Locale = r.locale === 'en' ? 'en' : 'pl';
    await rentalStatusMail(
      tx,
      { email: r.tenantEmail, locale },
      {
        id: r.id,
        status: labels[change.to][locale],
        first: change.from === null,
        comment: change.comment,
        tester: row.testerName,
        calibration: row.calibration ? formatDate(`${row.calibration}T12:00:00Z`) : '',
        from: formatDate(`${r.dateFrom}T12:00:00Z`),
        to: formatDate(`${r.dateTo}T12:00:00Z`),
        gross: totalsOfNet(r.cost).gross,
        waybill: r.waybillNumber,
        url: `${appUrl}/${locale}/my-account/tester-rentals/${r.id}`,
      },
    );
  },
});
// The change log shows this workflow's statuses by name (issue 41 point 10).
registerValueLabels('tester_rental', 'status', rentalWorkflow.labels ?? {});
