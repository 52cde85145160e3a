import { Link } from 'react-router';
import { consentFromRequest } from '~/core/consent/consent';
import { ConsentGate } from '~/core/consent/consent-gate';
import { imageSrcSet, imageUrl } from '~/core/files/urls';
import { isLocale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '../components/page-header';
import { listVideos } from '../media.server';
import { contentMessages } from '../messages';
import type { Route } from './+types/videos';

// One module for two routes (ids 'videos' and 'videos-instructional'): the path tells which list.
function isInstructional(url: string): boolean {
  return new URL(url).pathname
    .replace(/\.data$/, '')
    .replace(/\/$/, '')
    .endsWith('/videos-instructional');
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'pl';
  const instructional = isInstructional(request.url);
  return {
    instructional,
    videos: await listVideos(locale, instructional),
    // The server renders the consent gate from the visitor's cookie: no flash on hydration.
    consent: consentFromRequest(request),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const c = contentMessages[layout.locale];
  const instructional = loaderData?.instructional ?? false;
  return seoMeta({
    ...layout,
    path: instructional ? '/videos-instructional' : '/videos',
    title: instructional ? c['videos.instructional.title'] : c['videos.title'],
    description: instructional ? c['videos.instructional.lead'] : c['videos.lead'],
  });
}

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { instructional, videos, consent } = loaderData;
  const c = useT(contentMessages);
  const locale = useLocale();
  const tabs = [
    { to: `/${locale}/videos`, label: c('videos.tab.all'), current: !instructional },
    { to: `/${locale}/videos-instructional`, label: c('videos.tab.instructional'), current: instructional },
  ];
  return (
    <>
      <PageHeader
        title={instructional ? c('videos.instructional.title') : c('videos.title')}
        lead={instructional ? c('videos.instructional.lead') : c('videos.lead')}
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <nav aria-label={c('videos.kinds')}>
          <ul className="flex flex-wrap gap-2">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={tab.current ? 'page' : undefined}
                  className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${
                    tab.current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-800'
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {videos.length === 0 ? (
          <p className="mt-8 text-slate-600">{c('videos.empty')}</p>
        ) : (
          <ul className="mt-8 grid gap-8 md:grid-cols-2">
            {videos.map((v) => (
              <li key={v.id}>
                <article aria-labelledby={`video-${v.id}`}>
                  <ConsentGate
                    kind="video"
                    serverConsent={consent}
                    className="aspect-video w-full"
                    poster={
                      v.poster
                        ? {
                            src: imageUrl(v.poster.fileId, 640),
                            srcSet: imageSrcSet(v.poster.fileId, v.poster.width),
                            sizes: '(min-width: 768px) 36rem, 100vw',
                            alt: c('videos.poster', { title: v.title }),
                            width: v.poster.width ?? undefined,
                            height: v.poster.height ?? undefined,
                          }
                        : undefined
                    }
                  >
                    <iframe
                      className="aspect-video w-full rounded-lg border-0 bg-slate-900"
                      src={`https://www.youtube-nocookie.com/embed/${v.youtubeId}?rel=0`}
                      title={v.title}
                      loading="lazy"
                      allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
                      referrerPolicy="strict-origin-when-cross-origin"
                      allowFullScreen
                    />
                  </ConsentGate>
                  <h2 id={`video-${v.id}`} className="mt-4 text-lg font-semibold text-slate-900">
                    {v.title}
                  </h2>
                  {v.description && <p className="mt-1 text-slate-600">{v.description}</p>}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
