import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { integrationsMessages } from '../../messages';
import type { FieldDoc } from '../../reference.server';
import { integrationReference } from '../../reference.server';
import { IntegrationsTabs } from '../components/integrations-tabs';
import type { Route } from './+types/admin-integrations-reference';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/integrations/reference', title: translator(integrationsMessages, layout.locale)('ref.title'), robots: 'noindex' });
}

/** /{locale}/admin/integrations/reference: the integration API's reference, read from its OpenAPI document. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'integrations');
  return integrationReference();
}

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  PUT: 'bg-amber-100 text-amber-900',
  POST: 'bg-green-100 text-green-900',
  DELETE: 'bg-red-100 text-red-900',
};

function Fields({ caption, fields }: { caption: string; fields: FieldDoc[] }) {
  const t = useT(integrationsMessages);
  if (fields.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold text-slate-800">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('ref.field')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('ref.type')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('ref.description')}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono text-xs break-all text-slate-900">
                {f.name}
                {f.required && <span className="ml-1 font-sans text-xs text-red-700">({t('ref.required')})</span>}
              </td>
              <td className="py-1 pr-3 font-mono text-xs break-all text-slate-700">{f.type}</td>
              <td className="py-1 text-slate-700">{f.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminIntegrationsReference({ loaderData: doc }: Route.ComponentProps) {
  const t = useT(integrationsMessages);
  return (
    <div>
      <IntegrationsTabs />
      <AdminPageHeader
        title={t('ref.title')}
        lead={t('ref.lead')}
        actions={
          <a href="/api/integration/v1/openapi.json" className={secondaryButton} download="openapi.json">
            {t('ref.download')}
          </a>
        }
      />
      <div className="space-y-4">
        <AdminCard title={`${doc.title} ${doc.version}`}>
          <p className="font-mono text-sm text-slate-700">{doc.server}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t('ref.auth')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('ref.authText')}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t('ref.idempotency')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('ref.idempotencyText')}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t('ref.errors')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('ref.errorsText')}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t('ref.operations')}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {doc.operations.map((op) => (
              <li key={op.id}>
                <a href={`#${op.id}`} className="text-brand-800 hover:underline">
                  <span className="font-mono">
                    {op.method} {op.path}
                  </span>{' '}
                  – {op.summary}
                </a>
              </li>
            ))}
          </ul>
        </AdminCard>
        {doc.operations.map((op) => (
          <section key={op.id} id={op.id} aria-labelledby={`${op.id}-title`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id={`${op.id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_COLOURS[op.method] ?? 'bg-slate-100'}`}>{op.method}</span>
              <span className="font-mono text-base break-all">{op.path}</span>
            </h2>
            <p className="mt-1 font-medium text-slate-800">{op.summary}</p>
            {op.description && <p className="mt-1 text-sm text-slate-700">{op.description}</p>}
            <p className="mt-2 text-sm">
              {t('ref.scope')}: <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{op.scope}</code>
            </p>
            <Fields caption={t('ref.params')} fields={op.params} />
            <Fields caption={t('ref.body')} fields={op.body} />
            <Fields caption={t('ref.response')} fields={op.response} />
            <h3 className="mt-4 text-sm font-semibold text-slate-800">{t('ref.responses')}</h3>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
              {op.responses.map((r) => (
                <li key={r.status}>
                  <span className="font-mono">{r.status}</span> – {r.description}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
