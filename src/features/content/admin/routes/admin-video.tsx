import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { VideoForm } from '../components/video-form';
import { getAdminVideo } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import type { Route } from './+types/admin-video';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(contentAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/video/${params.id}` : '/admin/video',
    title: params.id ? t('video.edit') : t('video.new'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/video (new) and /{locale}/admin/video/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'videos');
  if (!args.params.id) return { video: null };
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const video = await getAdminVideo(id);
  if (!video) throw data(null, { status: 404 });
  return { video };
}

export default function AdminVideo({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const { video } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title={video ? t('video.edit') : t('video.new')}
        lead={video ? t('version', { version: video.version, date: formatDate(video.updated_at) }) : undefined}
        actions={
          video ? (
            <a href={`/${locale}/${video.is_instructional ? 'videos-instructional' : 'videos'}`} target="_blank" rel="noopener" className={secondaryButton}>
              {t('preview')}
            </a>
          ) : undefined
        }
      />
      <VideoForm key={video ? `${video.id}` : 'new'} video={video} />
    </div>
  );
}
