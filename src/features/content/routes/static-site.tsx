import { loginPath } from '~/core/permissions/login-path';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { consentFromRequest } from '~/core/consent/consent';
import { EmbedHtml } from '~/core/consent/embed-html';
import { youtubeIdsInHtml } from '~/core/consent/video-posters';
import { formatFileSize } from '~/core/i18n/file-size';
import { isLocale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import NotFound, { notFoundMeta } from '~/core/routes/not-found';
import { type AlternatePathsHandle, layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { stripHtml } from '~/core/text';
import { fileKind } from '../components/file-size';
import { PageHeader } from '../components/page-header';
import { NEW_TAB } from '../links';
import { contentMessages } from '../messages';
import { staticSiteAccess } from '../static-site-access';
import { KNOWLEDGE_BASE_SECTIONS } from '../knowledge-base';
import { videoPostersFor } from '../media.server';
import { findStaticSite } from '../static-sites.server';
import { staticSiteViewer } from '../viewer.server';
import type { Route } from './+types/static-site';

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,150}$/);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const slug = Slug.safeParse(params.slug);
  const site = slug.success ? await findStaticSite(slug.data, locale) : undefined;
  if (!site) return data(null, { status: 404 });
  // A knowledge-base page has an English address on /en (static-sites.server's englishSlugs): the other language's address moves there.
  if (site.slug !== slug.data) throw redirect(`/${locale}/static/${encodeURIComponent(site.slug)}`, 301);
  // SPEC section 6: a site with role ids is only for logged-in users holding one of them.
  const access = staticSiteAccess(site, await staticSiteViewer(await context.session()));
  if (access === 'login') throw redirect(loginPath(locale, `/${locale}/static/${encodeURIComponent(site.slug)}`));
  if (access === 'home') throw redirect(`/${locale}`);
  const { roleIds, ...page } = site;
  const posters = await videoPostersFor(youtubeIdsInHtml(page.content), locale);
  // A restricted site is only shown to a logged-in user: the core cache-control hook makes it private, no-store.
  return data({ site: page, restricted: roleIds.length > 0, posters, consent: consentFromRequest(request) });
}

/** The page's address in each language (its slugs differ): meta's hreflang links and the language switch. */
export const handle: AlternatePathsHandle<{ site: { slugs: Record<'pl' | 'en', string> } }> = {
  alternatePaths: (d) => (d?.site ? { pl: `/static/${d.site.slugs.pl}`, en: `/static/${d.site.slugs.en}` } : undefined),
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  if (!loaderData) return notFoundMeta(matches);
  const { site, restricted } = loaderData;
  return seoMeta({
    ...layout,
    path: `/static/${site.slug}`,
    alternatePaths: handle.alternatePaths(loaderData),
    title: site.name,
    description: stripHtml(site.content).slice(0, 200) || undefined,
    robots: restricted ? 'noindex, nofollow' : undefined,
  });
}

export default function StaticSite({ loaderData }: Route.ComponentProps) {
  const c = useT(contentMessages);
  const t = useT();
  const locale = useLocale();
  if (!loaderData) return <NotFound />;
  const { site } = loaderData;
  const inKnowledgeBase = (KNOWLEDGE_BASE_SECTIONS as readonly string[]).includes(site.destination);
  const crumbs = inKnowledgeBase ? [{ to: `/${locale}/knowledge-base?section=${encodeURIComponent(site.destination)}`, label: t('nav.knowledgeBase') }] : [];
  return (
    <>
      <PageHeader title={site.name} crumbs={crumbs} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        {site.file && (
          <div className="mb-8 flex flex-col gap-4 rounded-lg border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-3">
              <span
                className="inline-flex size-12 shrink-0 items-center justify-center rounded-md bg-brand-700 text-xs font-bold text-white"
                aria-hidden="true"
              >
                {fileKind(site.file.name)}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{site.file.name}</p>
                {site.file.size != null && (
                  <p className="text-sm text-slate-600">
                    {fileKind(site.file.name)}, {formatFileSize(site.file.size, locale)}
                  </p>
                )}
              </div>
            </div>
            <a
              href={site.file.url}
              {...NEW_TAB}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M10 3v9m0 0l-4-4m4 4l4-4M4 15h12" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
              {c('static.download')}
              <span className="sr-only">
                {' '}
                {site.file.name} {t('footer.newTab')}
              </span>
            </a>
          </div>
        )}
        {site.content ? (
          <EmbedHtml html={site.content} serverConsent={loaderData.consent} posters={loaderData.posters} className="text-slate-700" />
        ) : (
          !site.file && <p className="text-slate-600">{c('static.empty')}</p>
        )}
      </div>
    </>
  );
}
