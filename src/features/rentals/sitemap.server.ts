import { samePath, type SitemapSource } from '~/core/seo/sitemap';

/** The public rental pages (the booking page needs a login and is left out). */
export const rentalsSitemap: SitemapSource = async () => ({
  pages: [{ paths: samePath('/tester-rentals') }, { paths: samePath('/tester-rentals-price-list') }],
  nextChange: null,
});
