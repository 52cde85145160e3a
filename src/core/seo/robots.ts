/** Paths crawlers should skip: the API, the admin panel and the account pages of both languages. */
export const ROBOTS_DISALLOW = ['/api/', '/pl/admin', '/en/admin', '/pl/my-account', '/en/my-account'];

/** The text of /robots.txt: everything else is open, and the sitemap is named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin.replace(/\/$/, '')}/sitemap.xml`, ''].join('\n');
}
