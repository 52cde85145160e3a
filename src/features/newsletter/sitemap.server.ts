import { samePath, type SitemapSource } from '~/core/seo/sitemap';

/** The newsletter page and the calculator page (its offer, for visitors without access). */
export const newsletterSitemap: SitemapSource = async () => ({
  pages: [{ paths: samePath('/newsletter') }, { paths: samePath('/calculator') }],
  nextChange: null,
});
