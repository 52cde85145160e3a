import { Link } from 'react-router';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { formatDate } from '~/core/time/format';
import type { Locale } from '~/core/i18n/locale';
import { postPath } from '../links';
import type { PostCard as PostCardData } from '../posts.server';

/** A news post in a list: image, date, title (the link) and lead. */
export function PostCard({ post, locale, headingLevel = 2 }: { post: PostCardData; locale: Locale; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const href = postPath(locale, post.id, post.slug);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="aspect-[16/9] overflow-hidden bg-brand-50">
        {post.image && (
          <ResponsiveImage
            image={{ ...post.image, alt: '' }}
            sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            displayWidth={640}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <time dateTime={post.publishedAt} className="text-sm font-medium text-brand-700">
          {formatDate(post.publishedAt)}
        </time>
        <H className="mt-1 text-lg font-semibold leading-snug text-slate-900">
          <Link to={href} className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none">
            {post.title}
          </Link>
        </H>
        {post.lead && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.lead}</p>}
      </div>
    </article>
  );
}
