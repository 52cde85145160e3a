// The warranty certification application (SPEC section 3): one schema for the draft (every field
// may be empty, but what is given must be valid) and the submission rules on top of it (everything
// required; copper only, fibre only or both, at least one; the attachments each part needs).
import { z } from 'zod';
import { attachmentsSchema } from '~/core/files/attachments';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { APPLICATION_ATTACHMENT_KINDS, type ApplicationAttachmentKind, CABLING_STANDARDS, FIBRE_CLASSES, LAN_CLASSES, SHIELDING_METHODS } from './constants';
import { formsMessages } from './messages';
import { asBool } from './validation';

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function applicationSchema(locale: Locale) {
  const t = translator(formsMessages, locale);
  // One-line fields (the investment's name goes into mail subjects and the certificate); the
  // additional information is a text area.
  const text = (max: number) => z.preprocess(asText, oneLine(z.string(t('v.required')).max(max, t('v.max', { max })), t));
  const longText = (max: number) => z.preprocess(asText, z.string(t('v.required')).max(max, t('v.max', { max })));
  const choice = <const C extends readonly string[]>(values: C) =>
    z.preprocess(asText, z.union([z.literal(''), z.enum(values as unknown as [C[number], ...C[number][]], t('v.choice'))], t('v.choice')));
  const count = z.preprocess(
    asText,
    z.string().refine((v) => v === '' || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= 100000), t('app.v.count')),
  );
  const email = z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
    z
      .string()
      .max(254, t('v.max', { max: 254 }))
      .refine((e) => e === '' || z.email().safeParse(e).success, t('v.email')),
  );
  const phone = z.preprocess(
    asText,
    z.string().refine((p) => p === '' || PHONE_RE.test(p), t('v.phone')),
  );
  const day = z.preprocess(
    asText,
    z.string().refine((d) => d === '' || (ISO_DATE_RE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d), t('v.date')),
  );
  const lan = z.object({ class: choice(LAN_CLASSES), shielding_method: choice(SHIELDING_METHODS), tracks_count: count, standard: choice(CABLING_STANDARDS) });
  const emptyLan = { class: '', shielding_method: '', tracks_count: '', standard: '' };
  return z.object({
    investment_name: text(255),
    investment_address_1: text(255),
    investment_address_2: text(255),
    contact_person: text(150),
    contact_phone: phone,
    contact_email: email,
    activity_type: text(255),
    measurements_completed_at: day,
    installer_company_name: text(255),
    installer_address_1: text(255),
    installer_address_2: text(255),
    installer_name: text(150),
    installer_phone: phone,
    installer_email: email,
    installer_certificate_number: text(100),
    lan: z.preprocess(
      (v) => {
        const list = Array.isArray(v) ? v : [];
        return [list[0] ?? emptyLan, list[1] ?? emptyLan];
      },
      z.tuple([lan, lan]),
    ),
    fibre: z.preprocess(
      (v) => (v && typeof v === 'object' ? v : {}),
      z.object({
        class: choice(FIBRE_CLASSES),
        connectors_type: text(100),
        fibres_count_cable_1: count,
        fibres_count_cable_2: count,
        tracks_count: count,
        standard: choice(CABLING_STANDARDS),
        tests_method: text(255),
      }),
    ),
    additional_informations: longText(5000),
    is_measuring_device_borrowed: z.preprocess(asBool, z.boolean()),
    are_all_components_provider: z.preprocess(asBool, z.boolean()),
    attachments: attachmentsSchema(locale, { kinds: APPLICATION_ATTACHMENT_KINDS }),
    /** Ids of attachments saved before that the applicant removed. */
    remove_attachments: z.preprocess(
      (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number().int().positive()).max(100),
    ),
  });
}
export type ApplicationInput = z.infer<ReturnType<typeof applicationSchema>>;
export type ApplicationData = Omit<ApplicationInput, 'attachments' | 'remove_attachments'>;

const filled = (o: Record<string, string>) => Object.values(o).some((v) => v !== '');

/** The network parts an application describes: copper lines 1 and 2, fibre. */
export function networkParts(d: { lan: readonly Record<string, string>[]; fibre: Record<string, string> }) {
  return { lan1: filled(d.lan[0] ?? {}), lan2: filled(d.lan[1] ?? {}), fibre: filled(d.fibre) };
}

/** The attachment kinds the described network needs. */
export function requiredKinds(d: Pick<ApplicationData, 'lan' | 'fibre'>): ApplicationAttachmentKind[] {
  const p = networkParts(d);
  const kinds: ApplicationAttachmentKind[] = [];
  if (p.lan1) kinds.push('lan_measurements_1');
  if (p.lan2) kinds.push('lan_measurements_2');
  if (p.lan1 || p.lan2) kinds.push('lan_calibration_certificate');
  if (p.fibre) kinds.push('fibre_measurements', 'fibre_calibration_certificate');
  return kinds;
}

/**
 * What a submission needs beyond the draft's rules: every field of the investment, the contact
 * and the installer; each described network part complete; at least one part; an attachment of
 * every kind the parts need (`kinds`: the kinds the application has, saved and new).
 */
export function submissionErrors(d: ApplicationData, kinds: ReadonlySet<string>, locale: Locale): Record<string, string[]> {
  const t = translator(formsMessages, locale);
  const errors: Record<string, string[]> = {};
  const need = (path: string, value: string) => {
    if (value === '') errors[path] = [t('v.required')];
  };
  for (const key of [
    'investment_name',
    'investment_address_1',
    'contact_person',
    'contact_phone',
    'contact_email',
    'activity_type',
    'measurements_completed_at',
    'installer_company_name',
    'installer_address_1',
    'installer_name',
    'installer_phone',
    'installer_email',
    'installer_certificate_number',
  ] as const) {
    need(key, d[key]);
  }
  const parts = networkParts(d);
  if (!parts.lan1 && !parts.lan2 && !parts.fibre) errors['lan.0.class'] = [t('app.v.network')];
  d.lan.forEach((line, i) => {
    if (filled(line)) for (const [k, v] of Object.entries(line)) need(`lan.${i}.${k}`, v);
  });
  if (parts.fibre) for (const [k, v] of Object.entries(d.fibre)) need(`fibre.${k}`, v);
  const missing = requiredKinds(d).filter((k) => !kinds.has(k));
  if (missing.length) errors.attachments = missing.map((k) => t('app.v.attachmentKind', { kind: t(`app.kind.${k}`) }));
  return errors;
}
