import { samePath, type SitemapSource } from '~/core/seo/sitemap';

/** The public form pages of this feature (the contact form lives on the content's contact page). */
export const formsSitemap: SitemapSource = async () => ({ pages: [{ paths: samePath('/complaint-form') }], nextChange: null });
