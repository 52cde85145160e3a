import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ ...layoutFromMatches(matches), path: '' });
}

export default function Home() {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-20">
        <h1 className="max-w-2xl text-4xl font-bold">{t('site.title')}</h1>
        <p className="mt-4 max-w-2xl text-brand-100">{t('site.description')}</p>
        <Link to={`/${locale}/categories`} className="mt-8 inline-block rounded-md bg-white px-5 py-2.5 font-semibold text-brand-900">
          {t('nav.products')}
        </Link>
      </div>
    </section>
  );
}
