// Which stored files are in use. Every feature that keeps file ids in its rows (a product image, a
// post's picture, a link inside rich text, later attachments, contracts, invoices) declares a
// source listing them; the file collector (gc.server.ts) removes only files that no source names.
import { inArray } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { defineMessages, type Locale, translator } from '~/core/i18n/locale';
import { files } from './files.schema';

/** Every file id the feature's rows refer to, including ids named inside rich-text HTML. */
export type FileReferenceSource = (db: Db) => Promise<Iterable<string>>;

const sources = new Map<string, FileReferenceSource>();

/** Adds (or replaces, by feature name) a source of file references. */
export function registerFileReferences(name: string, source: FileReferenceSource): void {
  sources.set(name, source);
}

export function fileReferenceSourceNames(): string[] {
  return [...sources.keys()];
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// The two ways a page links a stored file: the download route and the resized-image route
// (core/files/urls.ts), absolute or relative, in src, href or srcset.
const IN_HTML = new RegExp(`/(?:files|img)/(${UUID})(?=/)`, 'gi');

/** The file ids that rich-text HTML links to (downloads and images). */
export function fileIdsInHtml(html: string | null | undefined): string[] {
  if (!html) return [];
  return [...html.matchAll(IN_HTML)].map((m) => (m[1] as string).toLowerCase());
}

/** The union of every registered source; throws when a source fails (a partial set is unsafe). */
export async function referencedFileIds(db: Db): Promise<Set<string>> {
  if (sources.size === 0) throw new Error('No file reference sources are registered (src/server.server.ts)');
  const ids = new Set<string>();
  for (const source of sources.values()) {
    for (const id of await source(db)) if (id) ids.add(id.toLowerCase());
  }
  return ids;
}

const ownMessages = defineMessages({
  pl: { 'files.foreign': 'Ten plik nie został przesłany dla tej treści. Prześlij go tutaj jeszcze raz.' },
  en: { 'files.foreign': 'This file was not uploaded for this content. Upload it here again.' },
});

/**
 * The one rule of what content may link (issue 37): a lesson, post or page may reference only files
 * uploaded for its own feature (`files.owner`, set by the feature's upload routes), so an editor of
 * one area cannot publish another area's private file (a complaint's attachment, an invoice) by its
 * id. Ids the record already references stay allowed (files stored before owners were kept); ids no
 * file has are left to the caller. `fields` maps a form field to the ids it names (a field's own
 * file id, or `fileIdsInHtml` of its rich text); the answer is the 422 errors, one sentence under
 * each field that names a foreign file (empty when all is well).
 */
export async function foreignFileErrors(
  db: Db,
  owner: string,
  fields: Record<string, Iterable<string | null | undefined>>,
  alreadyReferenced: Iterable<string | null | undefined>,
  locale: Locale,
): Promise<Record<string, string[]>> {
  const keep = new Set([...alreadyReferenced].filter((id): id is string => Boolean(id)).map((id) => id.toLowerCase()));
  const byField = Object.entries(fields).map(
    ([field, ids]) => [field, [...ids].filter((id): id is string => Boolean(id)).map((id) => id.toLowerCase())] as const,
  );
  const wanted = [...new Set(byField.flatMap(([, ids]) => ids))].filter((id) => !keep.has(id) && /^[0-9a-f-]{36}$/.test(id));
  if (wanted.length === 0) return {};
  const rows = await db.select({ id: files.id, owner: files.owner }).from(files).where(inArray(files.id, wanted));
  const foreign = new Set(rows.filter((r) => r.owner !== owner).map((r) => r.id.toLowerCase()));
  const errors: Record<string, string[]> = {};
  const t = translator(ownMessages, locale);
  for (const [field, ids] of byField) if (ids.some((id) => foreign.has(id))) errors[field] = [t('files.foreign')];
  return errors;
}
