import { formatDate } from '~/core/time/format';
import { useT } from '~/core/i18n/use-locale';
import { formsMessages } from '../messages';

type Data = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function Rows({ items }: { items: [string, string][] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2 sm:grid-cols-[16rem_minmax(0,1fr)]">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-sm text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An application's data, read-only (my account and admin detail). */
export function ApplicationView({ data, attachments }: { data: Data; attachments: { id: number; kind: string; fileId: string; filename: string }[] }) {
  const t = useT(formsMessages);
  const lan = (Array.isArray(data.lan) ? data.lan : []) as Data[];
  const fibre = (data.fibre ?? {}) as Data;
  const yes = (v: unknown) => (v ? '✓' : '—');
  const section = 'rounded-lg border border-slate-200 bg-white p-5';
  const h = 'mb-2 text-base font-semibold text-brand-900';
  return (
    <div className="space-y-4">
      <section className={section}>
        <h2 className={h}>{t('app.section.investment')}</h2>
        <Rows
          items={[
            [t('app.f.investment_name'), str(data.investment_name)],
            [t('app.f.investment_address_1'), [str(data.investment_address_1), str(data.investment_address_2)].filter(Boolean).join(', ')],
            [t('app.f.contact_person'), [str(data.contact_person), str(data.contact_phone), str(data.contact_email)].filter(Boolean).join(', ')],
            [t('app.f.activity_type'), str(data.activity_type)],
            [t('app.f.measurements_completed_at'), data.measurements_completed_at ? formatDate(`${str(data.measurements_completed_at)}T12:00:00Z`) : ''],
          ]}
        />
      </section>
      <section className={section}>
        <h2 className={h}>{t('app.section.installer')}</h2>
        <Rows
          items={[
            [
              t('app.f.installer_company_name'),
              [str(data.installer_company_name), str(data.installer_address_1), str(data.installer_address_2)].filter(Boolean).join(', '),
            ],
            [t('app.f.installer_name'), [str(data.installer_name), str(data.installer_phone), str(data.installer_email)].filter(Boolean).join(', ')],
            [t('app.f.installer_certificate_number'), str(data.installer_certificate_number)],
          ]}
        />
      </section>
      {lan
        .map((l, i) => ({ l, n: i + 1 }))
        .map(({ l, n }) =>
          Object.values(l).some(Boolean) ? (
            <section key={`lan-${n}`} className={section}>
              <h2 className={h}>{t('app.section.lan', { n })}</h2>
              <Rows
                items={[
                  [t('app.f.class'), str(l.class)],
                  [t('app.f.shielding_method'), str(l.shielding_method)],
                  [t('app.f.tracks_count'), str(l.tracks_count)],
                  [t('app.f.standard'), str(l.standard)],
                ]}
              />
            </section>
          ) : null,
        )}
      {Object.values(fibre).some(Boolean) && (
        <section className={section}>
          <h2 className={h}>{t('app.section.fibre')}</h2>
          <Rows
            items={[
              [t('app.f.fibre_class'), str(fibre.class)],
              [t('app.f.connectors_type'), str(fibre.connectors_type)],
              [t('app.f.fibres_count_cable_1'), str(fibre.fibres_count_cable_1)],
              [t('app.f.fibres_count_cable_2'), str(fibre.fibres_count_cable_2)],
              [t('app.f.tracks_count'), str(fibre.tracks_count)],
              [t('app.f.standard'), str(fibre.standard)],
              [t('app.f.tests_method'), str(fibre.tests_method)],
            ]}
          />
        </section>
      )}
      <section className={section}>
        <h2 className={h}>{t('app.section.other')}</h2>
        <Rows
          items={[
            [t('app.f.additional_informations'), str(data.additional_informations)],
            [t('app.f.is_measuring_device_borrowed'), yes(data.is_measuring_device_borrowed)],
            [t('app.f.are_all_components_provider'), yes(data.are_all_components_provider)],
          ]}
        />
      </section>
      <section className={section}>
        <h2 className={h}>{t('app.section.attachments')}</h2>
        {attachments.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.noAttachments')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {attachments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-slate-600">{t(`app.kind.${a.kind as 'lan_measurements_1'}`)}</span>
                <a href={`/files/${a.fileId}/${encodeURIComponent(a.filename)}`} className="break-all font-medium text-brand-700 hover:underline">
                  {a.filename}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
