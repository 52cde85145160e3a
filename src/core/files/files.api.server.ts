import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '~/core/http/errors';
import { fileAccess } from './access.server';
import { RESIZABLE_TYPES, resizedImagePath } from './images.server';
import { contentDisposition, downloadName, findFile, getStorage } from './storage.server';
import { type ImageWidth, isImageWidth } from './urls';

const FileParams = z.object({ id: z.uuid(), name: z.string().max(300).optional() });
const FileQuery = z.object({ inline: z.enum(['0', '1']).optional() });
const ImageParams = z.object({
  id: z.uuid(),
  width: z.coerce
    .number()
    .int()
    .refine(isImageWidth)
    .transform((w) => w as ImageWidth),
});

/** Every stored file is served sandboxed: no script, no same-origin access, nothing loaded. */
export const FILE_CSP = "default-src 'none'; sandbox";

const notFound = () => new HttpError(404, 'Not found');

/**
 * Downloads of stored files and resized images. A file is served only when a feature's access rule
 * allows it (see access.server.ts); an unknown or forbidden id answers 404 alike.
 */
export const filesApi: FastifyPluginAsync = async (app) => {
  const cacheDir = path.join(app.config.dataDir, 'files', 'cache');

  // GET /files/:id/:name? — the name in the path makes links readable; a public file is saved under it
  // when it keeps the stored extension (downloadName), any other file under its stored name.
  app.get('/files/:id/:name?', async (request, reply) => {
    const params = FileParams.safeParse(request.params);
    const query = FileQuery.safeParse(request.query);
    if (!params.success || !query.success) throw notFound();
    const file = await findFile(params.data.id);
    if (!file) throw notFound();
    const access = await fileAccess(file, request);
    if (!access) throw notFound();
    let size: number;
    try {
      size = await getStorage().size(file.storageKey);
    } catch {
      throw notFound();
    }
    // Only PDFs open in the browser (a new tab); everything else is always an attachment.
    const inline = query.data.inline === '1' && file.contentType === 'application/pdf';
    reply
      .header('content-type', file.contentType)
      .header('content-length', size)
      .header('content-disposition', contentDisposition(downloadName(file.originalName, params.data.name, access === 'public'), inline))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', access === 'public' ? 'public, max-age=86400' : 'private, no-store')
      // Inline or not, a stored file never runs as a page of this site (a PDF viewer's scripts included).
      .header('content-security-policy', FILE_CSP);
    return reply.send(getStorage().stream(file.storageKey));
  });

  // GET /img/:id/:width.webp — a stored image resized to an allowed width; ids never change, so
  // the answer is cached for a year.
  app.get('/img/:id/:width(^\\d+).webp', async (request, reply) => {
    const params = ImageParams.safeParse(request.params);
    if (!params.success) throw notFound();
    const file = await findFile(params.data.id);
    if (!file || !RESIZABLE_TYPES.has(file.contentType)) throw notFound();
    const access = await fileAccess(file, request);
    if (!access) throw notFound();
    let target: string;
    try {
      target = await resizedImagePath(file, params.data.width, cacheDir);
    } catch (e) {
      request.log.error(e);
      throw notFound();
    }
    reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', access === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
    return reply.send(createReadStream(target));
  });
};
