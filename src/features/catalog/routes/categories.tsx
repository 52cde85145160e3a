import { Link } from 'react-router';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { categoryTiles } from '../catalog.server';
import { Breadcrumbs } from '../components/breadcrumbs';
import { catalogMessages } from '../messages';
import { categoryPath } from '../search';
import type { Route } from './+types/categories';

// /{locale}/categories: the main categories with their image and subcategories.
export async function loader({ params }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  return { locale, tiles: await categoryTiles(locale) };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(catalogMessages, layout.locale);
  return seoMeta({ ...layout, path: '/categories', title: t('categories.title'), description: t('categories.intro') });
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogMessages);
  const { locale, tiles } = loaderData;
  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
          <Breadcrumbs items={[{ label: t('home'), to: `/${locale}` }, { label: t('categories.title') }]} />
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('categories.title')}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">{t('categories.intro')}</p>
          <Link to={`/${locale}/category`} className="mt-4 inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('categories.all')}
          </Link>
        </div>
      </div>
      <ul className="mx-auto grid max-w-7xl gap-5 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((c, i) => (
          <li
            key={c.id}
            className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition hover:border-brand-300 hover:shadow-md"
          >
            <div className="aspect-[4/3] bg-slate-50">
              {c.image && (
                <ResponsiveImage
                  image={c.image}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  displayWidth={400}
                  priority={i < 3}
                  className="h-full w-full object-contain"
                />
              )}
            </div>
            <div className="flex flex-1 flex-col p-5">
              <h2 className="text-lg font-semibold text-slate-900">
                <Link to={categoryPath(locale, c.id, c.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700">
                  {c.name}
                </Link>
              </h2>
              {c.children.length > 0 && (
                <ul className="relative z-10 mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
                  {c.children.map((s) => (
                    <li key={s.id}>
                      <Link to={categoryPath(locale, s.id, s.slug)} className="text-slate-600 underline-offset-2 hover:text-brand-700 hover:underline">
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
