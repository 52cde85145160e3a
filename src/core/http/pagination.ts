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
