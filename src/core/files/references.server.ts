// Which stored files are in use. Every feature that keeps file ids in its rows (a product image, a
// post's picture, a link inside rich text, later attachments, contracts, invoices) declares a
// source listing them; the file collector (gc.server.ts) removes only files that no source names.
import type { Db } from '~/core/db/client.server';

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
