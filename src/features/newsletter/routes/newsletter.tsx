// /{locale}/newsletter: what the newsletter gives and the signup form.
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { NewsletterForm } from '../components/newsletter-form';
import { newsletterMessages } from '../messages';
import type { Route } from './+types/newsletter';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(newsletterMessages, layout.locale);
  return seoMeta({ ...layout, path: '/newsletter', title: t('page.title'), description: t('page.metaDescription') });
}

export default function Newsletter() {
  const t = useT(newsletterMessages);
  const benefits = [t('page.benefit1'), t('page.benefit2'), t('page.benefit3')];
  return (
    <>
      <PageHeader title={t('page.title')} lead={t('page.lead')} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1fr_1.3fr]">
        <ul className="space-y-4">
          {benefits.map((b) => (
            <li key={b} className="flex gap-3 text-slate-800">
              <svg
                width="22"
                height="22"
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="mt-0.5 shrink-0 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
              >
                <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{b}</span>
            </li>
          ))}
        </ul>
        <section aria-labelledby="newsletter-form-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="newsletter-form-title" className="mb-4 text-2xl font-bold text-slate-900">
            {t('form.submit')}
          </h2>
          <NewsletterForm variant="page" />
        </section>
      </div>
    </>
  );
}
