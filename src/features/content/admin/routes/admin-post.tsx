import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { PostForm } from '../components/post-form';
import { StateBadge } from '../components/state-badge';
import { warsawDay } from '~/core/time/days';
import { contentAdminMessages } from '../messages';
import { getAdminPost } from '../posts-admin.server';
import type { Route } from './+types/admin-post';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(contentAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/post/${params.id}` : '/admin/post',
    title: params.id ? t('post.edit') : t('post.new'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/post (new) and /{locale}/admin/post/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'posts');
  const today = warsawDay(new Date());
  if (!args.params.id) return { post: null, today };
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const post = await getAdminPost(id);
  if (!post) throw data(null, { status: 404 });
  return { post, today };
}

export default function AdminPost({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const { post, today } = loaderData;
  const slug = post ? (locale === 'en' && post.slug_en) || post.slug_pl : '';
  return (
    <div>
      <AdminPageHeader
        title={post ? t('post.edit') : t('post.new')}
        lead={
          post ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StateBadge state={post.state} />
              {t('version', { version: post.version, date: formatDate(post.updated_at) })}
            </span>
          ) : undefined
        }
        actions={
          post?.state === 'published' ? (
            <a href={`/${locale}/post/${post.id}-${slug}`} target="_blank" rel="noopener" className={secondaryButton}>
              {t('preview')}
            </a>
          ) : undefined
        }
      />
      <PostForm key={post?.id ?? 'new'} post={post} today={today} />
    </div>
  );
}
