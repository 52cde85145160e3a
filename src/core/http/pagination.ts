export const DEFAULT_PER_PAGE = 24;

/** Reads `?page=` (starting at 1); anything invalid becomes 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
}

export interface Paged<T> {
  items: T[];
  pages: number;
  page: number;
  total: number;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The URL of another page: keeps the path and every other query value, changes only `page`. */
export function pageHref(url: URL | string, page: number): string {
  const u = new URL(url, 'http://x');
  if (page <= 1) u.searchParams.delete('page');
  else u.searchParams.set('page', String(page));
  const qs = u.searchParams.toString();
  return `${u.pathname}${qs ? `?${qs}` : ''}${u.hash}`;
}

/**
 * The page a list shows once its rows are counted: the requested page within 1…the last page (a page
 * number past the last shows the last page, never "page 99 of 2" over an empty list), and its offset.
 */
export function pageWithin(requested: number | undefined, total: number, perPage: number): { page: number; pages: number; offset: number } {
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(requested ?? 1) || 1), pages);
  return { page, pages, offset: (page - 1) * perPage };
}
