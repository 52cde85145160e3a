import { data } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { isLocale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { Pagination } from '~/core/ui/pagination';
import NotFound, { notFoundMeta } from '~/core/routes/not-found';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '../components/page-header';
import { PostCard } from '../components/post-card';
import { contentMessages } from '../messages';
import { listPosts } from '../posts.server';
import type { Route } from './+types/posts';

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  const list = await listPosts(locale, page);
  // A page past the last one does not exist (page 1 of an empty list does).
  if (page > list.pages) return data(null, { status: 404 });
  return list;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const c = (k: 'posts.title' | 'posts.lead') => contentMessages[layout.locale][k];
  if (!loaderData) return notFoundMeta(matches);
  const page = loaderData.page;
  return seoMeta({
    ...layout,
    path: page > 1 ? `/posts?page=${page}` : '/posts',
    title: page > 1 ? `${c('posts.title')} – ${page}` : c('posts.title'),
    description: c('posts.lead'),
  });
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const c = useT(contentMessages);
  const t = useT();
  const locale = useLocale();
  if (!loaderData) return <NotFound />;
  const { items, page, pages } = loaderData;
  return (
    <>
      <PageHeader title={c('posts.title')} lead={c('posts.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {items.length === 0 ? (
          <p className="text-slate-600">{c('posts.empty')}</p>
        ) : (
          <>
            <h2 className="sr-only">{pages > 1 ? t('pagination.text', { x: page, y: pages }) : c('posts.title')}</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((p) => (
                <li key={p.id} className="flex">
                  <PostCard post={p} locale={locale} headingLevel={3} />
                </li>
              ))}
            </ul>
          </>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </>
  );
}
