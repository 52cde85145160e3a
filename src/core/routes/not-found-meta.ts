import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { layoutFromMatches } from '~/core/seo/meta';

type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];

/**
 * The meta of every page that answers 404 ("Nie znaleziono strony – COBI NET" / "Page not found –
 * COBI NET", noindex): the 404 route's, and the features' pages whose record is missing. A module of
 * its own, so that a page can have this meta without loading the 404 page's code (catalogue pages
 * load that only when they answer 404).
 */
export function notFoundMeta(matches: MetaMatches) {
  const t = translator(coreMessages, layoutFromMatches(matches).locale);
  return [{ title: `${t('notFound.title')} – ${t('site.name')}` }, { name: 'robots', content: 'noindex' }];
}
