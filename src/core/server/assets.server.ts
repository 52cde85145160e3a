import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The built assets (build/client/assets: hashed, immutable JS and CSS) are read into memory at
// start and kept compressed: gzip right away, brotli (smaller, slow to make) in the background.
// A request then costs a map lookup; no file system access and no compression per request.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const MIN_COMPRESS_BYTES = 512;

export interface Asset {
  type: string;
  plain: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

function walk(dir: string, prefix: string, out: Map<string, string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`, out);
    else if (entry.isFile()) out.set(`${prefix}${entry.name}`, full);
  }
}

/** Reads every file under `dir` keyed by its URL path below `urlPrefix`; gzip now, brotli later. */
export function loadAssets(dir: string, urlPrefix: string): { assets: Map<string, Asset>; brotliDone: Promise<void> } {
  const files = new Map<string, string>();
  walk(dir, urlPrefix, files);
  const assets = new Map<string, Asset>();
  const toBrotli: [Asset, Buffer][] = [];
  for (const [url, file] of files) {
    const ext = path.extname(file).toLowerCase();
    const plain = readFileSync(file);
    const asset: Asset = { type: TYPES[ext] ?? 'application/octet-stream', plain };
    if (COMPRESSIBLE.has(ext) && plain.length >= MIN_COMPRESS_BYTES) {
      asset.gzip = gzipSync(plain, { level: 9 });
      toBrotli.push([asset, plain]);
    }
    assets.set(url, asset);
  }
  // One file at a time, so that the slow brotli work holds one thread of libuv's pool and never
  // starves file system calls (start-up, static files) that share that pool.
  const brotliDone = toBrotli.reduce<Promise<void>>(
    (chain, [asset, plain]) =>
      chain.then(
        () =>
          new Promise<void>((resolve) => {
            brotliCompress(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }, (err, out) => {
              if (!err && out.length < plain.length) asset.br = out;
              resolve();
            });
          }),
      ),
    Promise.resolve(),
  );
  return { assets, brotliDone };
}

/** The best encoding of an asset that the client accepts: br, then gzip, then none. */
export function chooseEncoding(asset: Asset, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (asset.br && ok('br')) return 'br';
  if (asset.gzip && ok('gzip')) return 'gzip';
  return null;
}

/** How long the assets of earlier builds stay served after a deploy (a tab opened before it still asks for them). */
export const ASSET_ARCHIVE_DAYS = 14;
const ARCHIVED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Keeps this build's assets in `archiveDir` beside those of earlier builds (hashed names never
 * clash), marks this build's as fresh, and deletes the ones no build has used for ASSET_ARCHIVE_DAYS.
 * Only top-level files are archived (Vite's assets folder is flat).
 */
export function archiveAssets(dir: string, archiveDir: string, now = Date.now()): void {
  mkdirSync(archiveDir, { recursive: true });
  const current = new Set<string>();
  const at = new Date(now);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !ARCHIVED_NAME.test(entry.name)) continue;
    current.add(entry.name);
    const target = path.join(archiveDir, entry.name);
    if (!existsSync(target)) copyFileSync(path.join(dir, entry.name), target);
    utimesSync(target, at, at);
  }
  const oldest = now - ASSET_ARCHIVE_DAYS * 86_400_000;
  for (const name of readdirSync(archiveDir)) {
    const file = path.join(archiveDir, name);
    if (!current.has(name) && statSync(file).mtimeMs < oldest) unlinkSync(file);
  }
}

/**
 * Serves `dir` under `urlPrefix` (e.g. "/assets/") from memory with long-lived caching; with
 * `archiveDir`, an asset of an earlier build (issue 41 point 5: a tab opened before a deploy
 * loading a chunk of its own build) comes from that folder for ASSET_ARCHIVE_DAYS.
 */
export function registerAssets(app: FastifyInstance, dir: string, urlPrefix: string, archiveDir?: string) {
  const { assets } = loadAssets(dir, urlPrefix);
  if (archiveDir) archiveAssets(dir, archiveDir);
  const serveArchived = async (name: string, reply: FastifyReply) => {
    let plain: Buffer;
    try {
      plain = await readFile(path.join(archiveDir as string, name));
    } catch {
      return reply.callNotFound();
    }
    reply.header('content-type', TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.send(plain);
  };
  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const asset = assets.get(pathname);
    if (!asset) {
      const name = pathname.slice(urlPrefix.length);
      return archiveDir && ARCHIVED_NAME.test(name) ? serveArchived(name, reply) : reply.callNotFound();
    }
    const encoding = chooseEncoding(asset, request.headers['accept-encoding']);
    reply.header('content-type', asset.type);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (asset.gzip) reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.plain);
  };
  app.route({ method: ['GET', 'HEAD'], url: `${urlPrefix}*`, handler: serve });
}
