import { data, Link, redirect } from 'react-router';
import { consentFromRequest } from '~/core/consent/consent';
import { EmbedHtml } from '~/core/consent/embed-html';
import { youtubeIdsInHtml } from '~/core/consent/video-posters';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { imageUrl } from '~/core/files/urls';
import { formatDate } from '~/core/time/format';
import { isLocale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import NotFound, { notFoundMeta } from '~/core/routes/not-found';
import { type AlternatePathsHandle, layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { stripHtml } from '~/core/text';
import { PageHeader } from '../components/page-header';
import { PostCard } from '../components/post-card';
import { postPath } from '../links';
import { contentMessages } from '../messages';
import { videoPostersFor } from '../media.server';
import { findPost, latestPosts, parseIdSlug } from '../posts.server';
import type { Route } from './+types/post';

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const parsed = parseIdSlug(params.idSlug);
  const post = parsed ? await findPost(parsed.id, locale) : undefined;
  if (!parsed || !post) return data(null, { status: 404 });
  // A wrong or missing slug (old link, other language) moves for good to the canonical address.
  if (parsed.slug !== post.slug) throw redirect(postPath(locale, post.id, post.slug), 301);
  const [more, posters] = await Promise.all([latestPosts(locale, 3, post.id), videoPostersFor(youtubeIdsInHtml(post.content), locale)]);
  return { post, more, posters, consent: consentFromRequest(request) };
}

/** The post's address in each language (its slugs differ): meta's hreflang links and the language switch. */
export const handle: AlternatePathsHandle<{ post: { id: number; slugs: Record<'pl' | 'en', string> } }> = {
  alternatePaths: (d) => (d?.post ? { pl: `/post/${d.post.id}-${d.post.slugs.pl}`, en: `/post/${d.post.id}-${d.post.slugs.en}` } : undefined),
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  if (!loaderData) return notFoundMeta(matches);
  const { post } = loaderData;
  const description = post.lead || stripHtml(post.content).slice(0, 200);
  const url = `${layout.origin}${postPath(layout.locale, post.id, post.slug)}`;
  return seoMeta({
    ...layout,
    path: `/post/${post.id}-${post.slug}`,
    alternatePaths: handle.alternatePaths(loaderData),
    title: post.title,
    description,
    image: post.image ? imageUrl(post.image.fileId, 1024) : undefined,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: post.title,
        datePublished: post.publishedAt,
        description,
        mainEntityOfPage: url,
        ...(post.image ? { image: [`${layout.origin}${imageUrl(post.image.fileId, 1024)}`] } : {}),
        publisher: { '@type': 'Organization', name: 'COBI NET' },
        inLanguage: layout.locale,
      },
    ],
  });
}

export default function Post({ loaderData }: Route.ComponentProps) {
  const c = useT(contentMessages);
  const locale = useLocale();
  if (!loaderData) return <NotFound />;
  const { post, more, posters, consent } = loaderData;
  return (
    <>
      <PageHeader title={post.title} crumbs={[{ to: `/${locale}/posts`, label: c('posts.title') }]}>
        <p className="mt-3 text-brand-100">
          <span className="sr-only">{c('post.published')} </span>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </p>
      </PageHeader>
      <article className="mx-auto max-w-3xl px-4 py-10">
        {post.image && (
          <ResponsiveImage
            image={{ ...post.image, alt: '' }}
            sizes="(min-width: 768px) 720px, 100vw"
            displayWidth={1024}
            priority
            className="aspect-[16/9] w-full rounded-lg object-cover shadow-sm"
          />
        )}
        {post.lead && <p className="mt-8 text-lg font-medium leading-relaxed text-slate-800">{post.lead}</p>}
        <EmbedHtml html={post.content} serverConsent={consent} posters={posters} className="mt-4 text-slate-700" />
        <p className="mt-10">
          <Link to={`/${locale}/posts`} className="font-medium text-brand-700 hover:underline">
            <span aria-hidden="true">← </span>
            {c('post.back')}
          </Link>
        </p>
      </article>
      {more.length > 0 && (
        <section aria-labelledby="more-news" className="border-t border-slate-200">
          <div className="mx-auto max-w-7xl px-4 pt-12">
            <h2 id="more-news" className="text-2xl font-bold text-slate-900">
              {c('post.more')}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {more.map((p) => (
                <li key={p.id} className="flex">
                  <PostCard post={p} locale={locale} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
