import type { FastifyRequest } from 'fastify';
import { onCacheClear } from '~/core/server/page-cache.server';
import type { StoredFile } from './storage.server';

/**
 * Who may download a stored file. Uploads are private unless a feature says otherwise: each
 * feature registers a rule for the files it links from its pages ('public' for everyone, 'private'
 * for this visitor only, false when it does not know the file or the visitor may not read it).
 */
export type FileAccess = 'public' | 'private' | false;
export type FileAccessRule = (file: StoredFile, request: FastifyRequest) => FileAccess | Promise<FileAccess>;

const rules = new Map<string, FileAccessRule>();

/** Registers (or replaces) the rule of one feature, e.g. registerFileAccess('catalog', rule). */
export function registerFileAccess(name: string, rule: FileAccessRule): void {
  rules.set(name, rule);
}

// 'public' answers are the same for every visitor; they are kept briefly so that a page full of
// product images does not query the database once per image. Admin changes clear them.
const PUBLIC_TTL_MS = 60_000;
const MAX_CACHED = 5000;
const publicFiles = new Map<string, number>();
onCacheClear(() => publicFiles.clear());

/** The most open access any rule grants to this request, or false. */
export async function fileAccess(file: StoredFile, request: FastifyRequest): Promise<FileAccess> {
  const until = publicFiles.get(file.id);
  if (until !== undefined && until > Date.now()) return 'public';
  let result: FileAccess = false;
  for (const rule of rules.values()) {
    const access = await rule(file, request);
    if (access === 'public') {
      if (publicFiles.size >= MAX_CACHED) publicFiles.delete(publicFiles.keys().next().value as string);
      publicFiles.set(file.id, Date.now() + PUBLIC_TTL_MS);
      return 'public';
    }
    if (access === 'private') result = 'private';
  }
  return result;
}
