import { Link } from 'react-router';
import { isLocale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { fileKind, formatFileSize } from '../components/file-size';
import { PageHeader } from '../components/page-header';
import { NEW_TAB, staticSiteHref } from '../links';
import { contentMessages } from '../messages';
import { KNOWLEDGE_BASE_SECTIONS, type KnowledgeBaseSection, parseSection } from '../knowledge-base';
import { knowledgeBaseItems } from '../static-sites.server';
import type { Route } from './+types/knowledge-base';

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  // SPEC section 2: the query `section` chooses Materiały, Dokumenty or Instrukcje (default Materiały).
  const section = parseSection(new URL(request.url).searchParams.get('section'));
  return { section, items: await knowledgeBaseItems(locale, section) };
}

const SECTION_LABEL = { Materiały: 'kb.materials', Dokumenty: 'kb.documents', Instrukcje: 'kb.instructions' } as const;
const SECTION_LEAD = { Materiały: 'kb.lead.materials', Dokumenty: 'kb.lead.documents', Instrukcje: 'kb.lead.instructions' } as const;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const c = contentMessages[layout.locale];
  const section = loaderData?.section ?? 'Materiały';
  const t = translator(coreMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: section === 'Materiały' ? '/knowledge-base' : `/knowledge-base?section=${encodeURIComponent(section)}`,
    title: `${c['kb.title']} – ${t(SECTION_LABEL[section])}`,
    description: c[SECTION_LEAD[section]],
  });
}

function sectionHref(locale: string, s: KnowledgeBaseSection) {
  return `/${locale}/knowledge-base?section=${encodeURIComponent(s)}`;
}

export default function KnowledgeBase({ loaderData }: Route.ComponentProps) {
  const { section, items } = loaderData;
  const t = useT();
  const c = useT(contentMessages);
  const locale = useLocale();
  return (
    <>
      <PageHeader title={c('kb.title')} lead={c('kb.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <nav aria-label={c('kb.sections')}>
          <ul className="flex flex-wrap gap-2">
            {KNOWLEDGE_BASE_SECTIONS.map((s) => (
              <li key={s}>
                <Link
                  to={sectionHref(locale, s)}
                  aria-current={s === section ? 'page' : undefined}
                  preventScrollReset
                  className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${
                    s === section ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-800'
                  }`}
                >
                  {t(SECTION_LABEL[s])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <h2 className="mt-8 text-2xl font-bold text-slate-900">{t(SECTION_LABEL[section])}</h2>
        <p className="mt-2 max-w-3xl text-slate-600">{c(SECTION_LEAD[section])}</p>
        {items.length === 0 ? (
          <p className="mt-6 text-slate-600">{c('kb.empty')}</p>
        ) : (
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="kb-items">
            {items.map((item) => {
              const link = staticSiteHref(locale, item);
              const restricted = item.role_ids.length > 0;
              return (
                <li key={item.id} className="relative flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-12 shrink-0 items-center justify-center rounded-md text-xs font-bold ${
                      item.has_resource ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600'
                    }`}
                  >
                    {item.has_resource && item.resource_filename ? (
                      fileKind(item.resource_filename)
                    ) : (
                      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                        <path d="M5 2h7l4 4v12H5z M12 2v4h4" stroke="currentColor" strokeWidth="1.5" fill="none" />
                      </svg>
                    )}
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-semibold leading-snug text-slate-900">
                      {link.isFile ? (
                        <a href={link.href} {...NEW_TAB} className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none">
                          {item.name}
                          <span className="sr-only"> {t('footer.newTab')}</span>
                        </a>
                      ) : (
                        <Link to={link.href} className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none">
                          {item.name}
                        </Link>
                      )}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {item.file ? (
                        <>
                          {c('kb.download')} · {item.resource_filename ? fileKind(item.resource_filename) : 'PDF'}, {formatFileSize(item.file.size, locale)}
                        </>
                      ) : (
                        c('kb.readPage')
                      )}
                    </p>
                    {restricted && (
                      <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-amber-800">
                        <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
                          <path d="M6 9V6a4 4 0 118 0v3h1v9H5V9zm2 0h4V6a2 2 0 10-4 0z" fill="currentColor" />
                        </svg>
                        {c('kb.restricted')}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
