import type { Locale } from '~/core/i18n/locale';
import { foldText, slugify, stripHtml } from '~/core/text';

/** Longest search query accepted (the header search box has the same maxLength). */
export const MAX_QUERY_LENGTH = 100;
/** At most this many words of a query take part in the search. */
const MAX_TERMS = 8;

/** The words of a text, folded (lower case, no diacritics) and split on anything but a-z and 0-9. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A catalogue number without separators, so "CN-U5-305-G" is also found as "cnu5305g". */
export function compactNumber(number: string): string {
  return searchWords(number).join('');
}

export interface SearchSource {
  namePl: string;
  nameEn: string;
  leadPl?: string;
  leadEn?: string;
  descriptionPl?: string;
  descriptionEn?: string;
  numbers: { number: string; namePl?: string; nameEn?: string }[];
}

/**
 * The products.search_text value: every distinct folded word of the numbers, names, leads and
 * descriptions (HTML stripped) in both languages. Write it with every change of a product.
 */
export function buildSearchText(p: SearchSource): string {
  const parts: string[] = [];
  for (const n of p.numbers) parts.push(n.number, compactNumber(n.number), n.namePl ?? '', n.nameEn ?? '');
  parts.push(p.namePl, p.nameEn, p.leadPl ?? '', p.leadEn ?? '');
  parts.push(stripHtml(p.descriptionPl ?? ''), stripHtml(p.descriptionEn ?? ''));
  const seen = new Set<string>();
  for (const part of parts) for (const w of searchWords(part)) seen.add(w);
  return [...seen].join(' ');
}

/** The words of a visitor's query, folded and de-duplicated, each at most 40 characters. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const w of searchWords(query.slice(0, MAX_QUERY_LENGTH))) {
    terms.add(w.slice(0, 40));
    if (terms.size >= MAX_TERMS) break;
  }
  return [...terms];
}

/**
 * The query as groups of words: each whitespace-separated chunk with its words and, when the chunk
 * has separators ("CN-U6-305-G"), its compact form ("cnu6305g"). A compact form that starts a
 * word of the index (a catalogue number) is searched instead of the separate words, so a full
 * catalogue number finds that product only; otherwise the words are ("U/UTP" -> "u", "utp").
 */
export function queryGroups(query: string): { compact: string | null; parts: string[] }[] {
  const groups: { compact: string | null; parts: string[] }[] = [];
  let count = 0;
  for (const chunk of query.slice(0, MAX_QUERY_LENGTH).split(/\s+/)) {
    const parts = [...new Set(searchWords(chunk).map((w) => w.slice(0, 40)))].slice(0, MAX_TERMS - count);
    if (parts.length === 0) continue;
    count += parts.length;
    groups.push({ compact: parts.length > 1 ? parts.join('').slice(0, 40) : null, parts });
    if (count >= MAX_TERMS) break;
  }
  return groups;
}

/**
 * The to_tsquery text of a query for SQL searches over products.search_vector: every word must
 * start a word of the product's search text. Terms hold only a-z and 0-9, so no tsquery syntax
 * gets in. Null when the query has no searchable word.
 */
export function toPrefixQuery(query: string): string | null {
  const terms = queryTerms(query);
  return terms.length ? terms.map((t) => `${t}:*`).join(' & ') : null;
}

/** "12-kabel-u-utp" -> { id: 12, slug: "kabel-u-utp" }; "12" -> { id: 12, slug: "" }; anything else -> null. */
export function parseIdSlug(value: string | undefined): { id: number; slug: string } | null {
  if (!value) return null;
  const m = /^(\d{1,9})(?:-(.*))?$/.exec(value);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return { id, slug: m[2] ?? '' };
}

/** The path segment of a product or category: "{id}-{slug}". */
export function idSlug(id: number, slug: string): string {
  const s = slugify(slug);
  return s ? `${id}-${s}` : String(id);
}

export function productPath(locale: Locale, id: number, slug: string): string {
  return `/${locale}/product/${idSlug(id, slug)}`;
}

export function categoryPath(locale: Locale, id: number, slug: string): string {
  return `/${locale}/category/${idSlug(id, slug)}`;
}

/**
 * The canonical URL of a request for "{id}-{slug}", or null when the request already has it.
 * The query string is kept, so a redirected search or page stays the same.
 */
export function canonicalRedirect(requestUrl: string, canonicalPath: string): string | null {
  const url = new URL(requestUrl);
  if (decodeURIComponent(url.pathname) === canonicalPath) return null;
  return `${canonicalPath}${url.search}`;
}
