import { samePath, type SitemapSource } from '~/core/seo/sitemap';

/** The courses' public pages: the dates (canonical /courses) and the programme. The form is noindex. */
export const coursesSitemap: SitemapSource = async () => ({
  pages: [{ paths: samePath('/courses') }, { paths: samePath('/courses?section=course_form_opis') }],
  nextChange: null,
});
