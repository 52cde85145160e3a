// Query parameters that ad networks and mail campaigns add to links (Google, Meta, Microsoft,
// Mailchimp, HubSpot, Marketo, ...). No page reads them: the browser's analytics reads them from the
// address bar. So an anonymous visitor's page asked for with them is the page without them, rendered
// and cached once: not rendered again for every ad click (gclid and fbclid are new on each click), and
// a flood of such addresses does not push the catalogue's pages out of the page store.
const TRACKING_PARAM =
  /^(utm_[a-z_]+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok)$/i;

const isTracking = (part: string) => {
  const eq = part.indexOf('=');
  return TRACKING_PARAM.test(eq < 0 ? part : part.slice(0, eq));
};

/** The address (path and query) without tracking parameters and empty query parts; the same string when there are none. */
export function withoutTrackingParams(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&');
  const kept = parts.filter((part) => part !== '' && !isTracking(part));
  if (kept.length === parts.length) return url;
  return kept.length > 0 ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/**
 * A redirect's target with the tracking parameters of the address asked for put back (a page
 * rendered without them redirects without them, and the landing page's analytics needs them).
 */
export function withTrackingParamsOf(location: string, askedFor: string): string {
  const q = askedFor.indexOf('?');
  const tracking =
    q < 0
      ? []
      : askedFor
          .slice(q + 1)
          .split('&')
          .filter(isTracking);
  if (tracking.length === 0) return location;
  const hash = location.indexOf('#');
  const [target, fragment] = hash < 0 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
  return `${target}${target.includes('?') ? '&' : '?'}${tracking.join('&')}${fragment}`;
}

// The query parameters pages read (page-cache key rule): an anonymous page asked for with any other
// parameter is rendered for it but not cached, so a flood of made-up parameters (?x=1, ?x=2, ...)
// does not grow the page cache and store by one page each. `page` is core's pagination.
const pageParams = new Set<string>(['page']);
const pageParamPrefixes: string[] = [];
const PARAM_NAME = /^[A-Za-z0-9_.-]+$/;

/** Declares query parameters pages read: names, or prefixes ending in `*` (`f.*`: the catalogue's facets). */
export function registerPageParams(...names: string[]) {
  for (const name of names) {
    if (name.endsWith('*')) {
      if (!pageParamPrefixes.includes(name.slice(0, -1))) pageParamPrefixes.push(name.slice(0, -1));
    } else pageParams.add(name);
  }
}

/**
 * Whether every query parameter of an address (tracking parameters already left out) is one pages
 * read, written plainly (an encoded name such as `p%61ge` is another key for the same page).
 */
export function hasOnlyPageParams(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return true;
  for (const part of url.slice(q + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (!PARAM_NAME.test(name)) return false;
    if (!pageParams.has(name) && !pageParamPrefixes.some((p) => name.startsWith(p) && name.length > p.length)) return false;
  }
  return true;
}
