import { isLocale } from '~/core/i18n/locale';
import { Link } from 'react-router';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '../components/page-header';
import { listRealizations } from '../media.server';
import { contentMessages } from '../messages';
import type { Route } from './+types/realizations';

export async function loader({ params }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  return { items: await listRealizations(locale) };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const c = contentMessages[layout.locale];
  return seoMeta({ ...layout, path: '/realizations', title: c['realizations.title'], description: c['realizations.lead'] });
}

export default function Realizations({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const c = useT(contentMessages);
  const locale = useLocale();
  return (
    <>
      <PageHeader title={c('realizations.title')} lead={c('realizations.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {items.length === 0 ? (
          <p className="text-slate-600">{c('realizations.empty')}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((r) => (
              <li key={r.id} className="flex">
                <article className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                  <div className="aspect-[16/10] bg-brand-50">
                    {r.image && (
                      <ResponsiveImage
                        image={{ ...r.image, alt: '' }}
                        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                        displayWidth={640}
                        className="h-full w-full object-cover"
                      />
                    )}
                  </div>
                  <div className="flex flex-1 flex-col p-5">
                    <h2 className="text-lg font-semibold leading-snug text-slate-900">{r.title}</h2>
                    <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                      {r.location && (
                        <div className="flex gap-1">
                          <dt className="font-medium text-slate-700">{c('realizations.location')}:</dt>
                          <dd>{r.location}</dd>
                        </div>
                      )}
                      {r.year && (
                        <div className="flex gap-1">
                          <dt className="font-medium text-slate-700">{c('realizations.year')}:</dt>
                          <dd>{r.year}</dd>
                        </div>
                      )}
                    </dl>
                    {r.description && <p className="mt-3 text-sm leading-relaxed text-slate-700">{r.description}</p>}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <aside className="mt-12 rounded-lg bg-brand-50 p-6 sm:p-8">
          <h2 className="text-xl font-bold text-brand-900">{c('realizations.ctaTitle')}</h2>
          <p className="mt-2 max-w-3xl text-slate-700">{c('realizations.ctaText')}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to={`/${locale}/guarantee`} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {c('realizations.ctaGuarantee')}
            </Link>
            <Link to={`/${locale}/contact`} className="rounded-md border border-brand-700 bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
              {c('realizations.ctaContact')}
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
