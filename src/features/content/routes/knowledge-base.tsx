import { Form, Link } from 'react-router';
import { formatFileSize } from '~/core/i18n/file-size';
import { isLocale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { SectionTabs } from '~/core/ui/section-tabs';
import { productDocumentLibrary, type LibraryDocumentGroup } from '~/features/catalog/product-documents.server';
import { fileKind } from '../components/file-size';
import { PageHeader } from '../components/page-header';
import { knowledgeBaseQuery } from '../knowledge-base-query';
import { NEW_TAB, staticSiteHref } from '../links';
import { contentMessages } from '../messages';
import { KNOWLEDGE_BASE_SECTIONS, type KnowledgeBaseSection, parseSection } from '../knowledge-base';
import { type KnowledgeBaseItem, knowledgeBaseItems, searchKnowledgeBase } from '../static-sites.server';
import type { Route } from './+types/knowledge-base';

/** Product documents shown per type in the Dokumenty section before "show all". */
const PER_TYPE = 6;

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const url = new URL(request.url);
  // SPEC section 2: the query `section` chooses Materiały, Dokumenty or Instrukcje (default Materiały).
  const section = parseSection(url.searchParams.get('section'));
  const { q, type } = knowledgeBaseQuery.parse({ q: url.searchParams.get('q') ?? '', type: url.searchParams.get('type') ?? undefined });
  if (q) {
    // A search covers every section and the product documents.
    const [items, documents] = await Promise.all([searchKnowledgeBase(locale, q), productDocumentLibrary(locale, { search: q })]);
    return { section, q, type: undefined, items, documents };
  }
  const [items, documents] = await Promise.all([
    knowledgeBaseItems(locale, section),
    section === 'Dokumenty' ? productDocumentLibrary(locale, type ? { type } : { limit: PER_TYPE }) : Promise.resolve([]),
  ]);
  return { section, q, type, items, documents };
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
    // Search results and the full list of one type are views of the same pages.
    ...(loaderData?.q || loaderData?.type ? { robots: 'noindex' } : {}),
  });
}

export default function KnowledgeBase({ loaderData }: Route.ComponentProps) {
  const { section, q, type, items, documents } = loaderData;
  const t = useT();
  const c = useT(contentMessages);
  const locale = useLocale();
  const documentCount = documents.reduce((n, g) => n + g.total, 0);
  return (
    <>
      <PageHeader title={c('kb.title')} lead={c('kb.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Form method="get" role="search" className="mb-8 flex max-w-2xl flex-wrap items-end gap-2">
          {section !== 'Materiały' && <input type="hidden" name="section" value={section} />}
          <div className="min-w-0 flex-1">
            <label htmlFor="kb-search" className="block text-sm font-medium text-slate-800">
              {c('kb.search.label')}
            </label>
            <input
              id="kb-search"
              name="q"
              type="search"
              defaultValue={q}
              key={q}
              maxLength={100}
              placeholder={c('kb.search.placeholder')}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
          </div>
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
            {c('kb.search.submit')}
          </button>
        </Form>
        <SectionTabs
          label={c('kb.sections')}
          sections={KNOWLEDGE_BASE_SECTIONS}
          current={q ? null : section}
          labelOf={(s) => t(SECTION_LABEL[s])}
          extra={{ q: null, type: null }}
        />
        {q ? (
          <SearchResults q={q} section={section} items={items} documents={documents} documentCount={documentCount} />
        ) : (
          <>
            <h2 className="mt-8 text-2xl font-bold text-slate-900">{t(SECTION_LABEL[section])}</h2>
            <p className="mt-2 max-w-3xl text-slate-600">{c(SECTION_LEAD[section])}</p>
            {items.length === 0 ? <p className="mt-6 text-slate-600">{c('kb.empty')}</p> : <SiteItems items={items} testId="kb-items" />}
            {section === 'Dokumenty' && documents.length > 0 && (
              <section aria-labelledby="kb-products-heading" className="mt-12" data-testid="kb-product-documents">
                <h2 id="kb-products-heading" className="text-2xl font-bold text-slate-900">
                  {c('kb.products.title')}
                </h2>
                <p className="mt-2 max-w-3xl text-slate-600">{c('kb.products.lead')}</p>
                {type && (
                  <p className="mt-4">
                    <Link to={`/${locale}/knowledge-base?section=Dokumenty`} className="font-medium text-brand-700 underline hover:text-brand-800">
                      {c('kb.products.allTypes')}
                    </Link>
                  </p>
                )}
                <DocumentGroups groups={documents} showAll={!type} headingLevel={3} />
              </section>
            )}
          </>
        )}
      </div>
    </>
  );
}

function SearchResults({
  q,
  section,
  items,
  documents,
  documentCount,
}: {
  q: string;
  section: KnowledgeBaseSection;
  items: KnowledgeBaseItem[];
  documents: LibraryDocumentGroup[];
  documentCount: number;
}) {
  const c = useT(contentMessages);
  const locale = useLocale();
  const clear = `/${locale}/knowledge-base${section === 'Materiały' ? '' : `?section=${encodeURIComponent(section)}`}`;
  const total = items.length + documentCount;
  return (
    <section aria-labelledby="kb-results-heading" className="mt-8" data-testid="kb-results">
      <h2 id="kb-results-heading" className="text-2xl font-bold text-slate-900">
        {c('kb.search.results', { q })}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600">
        <span role="status">{total === 0 ? c('kb.search.none', { q }) : c('kb.search.count', { count: total })}</span>
        <Link to={clear} className="font-medium text-brand-700 underline hover:text-brand-800">
          {c('kb.search.clear')}
        </Link>
      </p>
      {items.length > 0 && (
        <>
          <h3 className="mt-8 text-xl font-semibold text-slate-900">{c('kb.search.pages')}</h3>
          <SiteItems items={items} testId="kb-items" />
        </>
      )}
      {documents.length > 0 && (
        <div data-testid="kb-product-documents">
          <h3 className="mt-10 text-xl font-semibold text-slate-900">{c('kb.products.title')}</h3>
          <DocumentGroups groups={documents} showAll={false} headingLevel={4} />
        </div>
      )}
    </section>
  );
}

/** The static sites (pages and files) of a section or of the search results. */
function SiteItems({ items, testId }: { items: KnowledgeBaseItem[]; testId: string }) {
  const t = useT();
  const c = useT(contentMessages);
  const locale = useLocale();
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {items.map((item) => {
        const link = staticSiteHref(locale, item);
        const restricted = item.role_ids.length > 0;
        return (
          <li
            key={item.id}
            className="relative flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
          >
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
  );
}

/** Product documents by type: each with its file (downloads under its name in the page's language) and its products. */
function DocumentGroups({ groups, showAll, headingLevel }: { groups: LibraryDocumentGroup[]; showAll: boolean; headingLevel: 3 | 4 }) {
  const c = useT(contentMessages);
  const locale = useLocale();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="mt-6 space-y-10">
      {groups.map((group) => {
        const label = c(`kb.type.${group.type}`);
        return (
          <section key={group.type} aria-labelledby={`kb-type-${group.type}`} data-type={group.type}>
            <Heading id={`kb-type-${group.type}`} className="text-lg font-semibold text-slate-900">
              {label} <span className="font-normal text-slate-600">({group.total})</span>
            </Heading>
            <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
              {group.items.map((d) => (
                <li key={d.fileId} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-bold text-slate-700"
                  >
                    {fileKind(d.filename)}
                  </span>
                  <div className="min-w-0">
                    <a
                      href={d.url}
                      download={d.filename}
                      className="font-semibold leading-snug text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
                    >
                      {d.name}
                    </a>
                    <p className="mt-1 break-all text-xs text-slate-600">
                      {d.filename} · {formatFileSize(d.size, locale)}
                    </p>
                    {d.products.length > 0 && (
                      <p className="mt-1 text-sm text-slate-700">
                        {c('kb.products.for')}{' '}
                        {d.products.map((p, i) => (
                          <span key={p.id}>
                            {i > 0 && ', '}
                            <Link to={p.href} className="text-brand-700 underline hover:text-brand-800">
                              {p.name}
                            </Link>
                          </span>
                        ))}
                        {d.productCount > d.products.length && ` ${c('kb.products.more', { count: d.productCount - d.products.length })}`}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {showAll && group.total > group.items.length && (
              <p className="mt-3">
                <Link
                  to={`/${locale}/knowledge-base?section=Dokumenty&type=${group.type}`}
                  className="inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-800"
                >
                  {c('kb.products.showAll', { type: label, count: group.total })}
                </Link>
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}
