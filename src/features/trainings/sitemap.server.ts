import { samePath, type SitemapSource } from '~/core/seo/sitemap';

/** The public list of online trainings (the training pages need a login and are noindex). */
export const trainingsSitemap: SitemapSource = async () => ({
  pages: [{ paths: samePath('/trainings') }],
  nextChange: null,
});
