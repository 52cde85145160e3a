import { data, Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';

// Any unknown path under a valid locale: the 404 page with HTTP status 404.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: '404' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.text')}</p>
      <Link to={`/${locale}`} className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
