import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerFileAccess } from '~/core/files/access.server';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError, validationError } from '~/core/http/errors';
import { bodyError, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { canAccessAdmin } from '~/core/permissions/permissions';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { homeSectionsSchema } from '../home-sections';
import { adminHomeSectionsWithVersion, saveHomeSections } from '../home-sections.server';
import {
  createRealization,
  createVideo,
  deleteRealization,
  deleteVideo,
  getAdminRealization,
  getAdminVideo,
  listAdminRealizations,
  listAdminVideos,
  updateRealization,
  updateVideo,
} from './media-admin.server';
import { contentAdminMessages, homeSectionsMessages } from './messages';
import { createPost, deletePost, getAdminPost, isPostImage, listAdminPosts, updatePost } from './posts-admin.server';
import {
  createStaticSite,
  deleteStaticSite,
  getAdminStaticSite,
  isStaticSiteFile,
  listAdminStaticSites,
  roleOptions,
  updateStaticSite,
} from './static-sites-admin.server';
import { CONTENT_OWNER, IMAGE_MAX_BYTES, RESOURCE_MAX_BYTES, storeImage, storeResource, UploadRejected } from './uploads.server';
import {
  postListQuery,
  postSchema,
  postUpdateSchema,
  realizationListQuery,
  realizationSchema,
  realizationUpdateSchema,
  siteListQuery,
  staticSiteSchema,
  staticSiteUpdateSchema,
  videoListQuery,
  videoSchema,
  videoUpdateSchema,
} from './validation';

const tr = (request: FastifyRequest) => translator(contentAdminMessages, requestLocale(request));

const canPosts = requireAdminArea('posts');
const canSites = requireAdminArea('static_sites');
const canHome = requireAdminArea('home_sections');
const canVideos = requireAdminArea('videos');
const canRealizations = requireAdminArea('realizations');

/** Post, static-site, video and realization forms: JSON or multipart without files (SPEC section 7). */
async function formRoutes(app: FastifyInstance) {
  await registerFormBody(app, { limits: { files: 0, fields: 200, fieldSize: 1024 * 1024 } });

  // News posts ------------------------------------------------------------------------------
  app.get('/api/admin/posts', { preHandler: canPosts }, async (request) => {
    const query = postListQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listAdminPosts(query, requestLocale(request));
    return { items, pages, page, total };
  });

  app.get('/api/admin/posts/:id', { preHandler: canPosts }, async (request) => {
    const post = await getAdminPost(idOf(request, tr(request)('msg.notFound')));
    if (!post) throw new HttpError(404, tr(request)('msg.notFound'));
    return post;
  });

  app.post('/api/admin/posts', { preHandler: canPosts }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(postSchema(locale), nestFormBody(request.body));
    const row = await createPost(input, await actorOf(request), locale);
    return { message: tr(request)('msg.created'), id: row.id };
  });

  app.put('/api/admin/posts/:id', { preHandler: canPosts }, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.notFound'));
    const input = parseOr422(postUpdateSchema(locale), nestFormBody(request.body));
    const row = await updatePost(id, input, await actorOf(request), locale);
    return { message: tr(request)('msg.updated'), id: row.id, version: row.version };
  });

  app.delete('/api/admin/posts/:id', { preHandler: canPosts }, async (request) => {
    await deletePost(idOf(request, tr(request)('msg.notFound')), await actorOf(request), requestLocale(request));
    return { message: tr(request)('msg.deleted') };
  });

  // Static sites -----------------------------------------------------------------------------
  app.get('/api/admin/static-sites/role-options', { preHandler: canSites }, async (request) => roleOptions(requestLocale(request)));

  app.get('/api/admin/static-sites', { preHandler: canSites }, async (request) => {
    const query = siteListQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listAdminStaticSites(query, requestLocale(request));
    return { items, pages, page, total };
  });

  app.get('/api/admin/static-sites/:id', { preHandler: canSites }, async (request) => {
    const site = await getAdminStaticSite(idOf(request, tr(request)('msg.notFound')));
    if (!site) throw new HttpError(404, tr(request)('msg.notFound'));
    return site;
  });

  app.post('/api/admin/static-sites', { preHandler: canSites }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(staticSiteSchema(locale), nestFormBody(request.body));
    const row = await createStaticSite(input, await actorOf(request), locale);
    return { message: tr(request)('msg.siteCreated'), id: row.id };
  });

  app.put('/api/admin/static-sites/:id', { preHandler: canSites }, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.notFound'));
    const input = parseOr422(staticSiteUpdateSchema(locale), nestFormBody(request.body));
    const row = await updateStaticSite(id, input, await actorOf(request), locale);
    return { message: tr(request)('msg.updated'), id: row.id, version: row.version };
  });

  app.delete('/api/admin/static-sites/:id', { preHandler: canSites }, async (request) => {
    await deleteStaticSite(idOf(request, tr(request)('msg.notFound')), await actorOf(request), requestLocale(request));
    return { message: tr(request)('msg.siteDeleted') };
  });

  // Videos (the poster is uploaded first, the form saves its id) --------------------------------
  app.get('/api/admin/videos', { preHandler: canVideos }, async (request) => {
    const query = videoListQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listAdminVideos(query, requestLocale(request));
    return { items, pages, page, total };
  });

  app.get('/api/admin/videos/:id', { preHandler: canVideos }, async (request) => {
    const video = await getAdminVideo(idOf(request, tr(request)('msg.notFound')));
    if (!video) throw new HttpError(404, tr(request)('msg.notFound'));
    return video;
  });

  app.post('/api/admin/videos', { preHandler: canVideos }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(videoSchema(locale), nestFormBody(request.body));
    const row = await createVideo(input, await actorOf(request), locale);
    return { message: tr(request)('msg.videoCreated'), id: row.id };
  });

  app.put('/api/admin/videos/:id', { preHandler: canVideos }, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.notFound'));
    const input = parseOr422(videoUpdateSchema(locale), nestFormBody(request.body));
    const row = await updateVideo(id, input, await actorOf(request), locale);
    return { message: tr(request)('msg.updated'), id: row.id, version: row.version };
  });

  app.delete('/api/admin/videos/:id', { preHandler: canVideos }, async (request) => {
    await deleteVideo(idOf(request, tr(request)('msg.notFound')), await actorOf(request), requestLocale(request));
    return { message: tr(request)('msg.videoDeleted') };
  });

  // Realizations -------------------------------------------------------------------------------
  app.get('/api/admin/realizations', { preHandler: canRealizations }, async (request) => {
    const query = realizationListQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listAdminRealizations(query, requestLocale(request));
    return { items, pages, page, total };
  });

  app.get('/api/admin/realizations/:id', { preHandler: canRealizations }, async (request) => {
    const realization = await getAdminRealization(idOf(request, tr(request)('msg.notFound')));
    if (!realization) throw new HttpError(404, tr(request)('msg.notFound'));
    return realization;
  });

  app.post('/api/admin/realizations', { preHandler: canRealizations }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(realizationSchema(locale), nestFormBody(request.body));
    const row = await createRealization(input, await actorOf(request), locale);
    return { message: tr(request)('msg.realizationCreated'), id: row.id };
  });

  app.put('/api/admin/realizations/:id', { preHandler: canRealizations }, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.notFound'));
    const input = parseOr422(realizationUpdateSchema(locale), nestFormBody(request.body));
    const row = await updateRealization(id, input, await actorOf(request), locale);
    return { message: tr(request)('msg.updated'), id: row.id, version: row.version };
  });

  app.delete('/api/admin/realizations/:id', { preHandler: canRealizations }, async (request) => {
    await deleteRealization(idOf(request, tr(request)('msg.notFound')), await actorOf(request), requestLocale(request));
    return { message: tr(request)('msg.realizationDeleted') };
  });

  // Home page sections ------------------------------------------------------------------------
  app.get('/api/admin/home-sections', { preHandler: canHome }, async () => adminHomeSectionsWithVersion());

  app.put('/api/admin/home-sections', { preHandler: canHome }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(homeSectionsSchema(locale), nestFormBody(request.body));
    const saved = await saveHomeSections(input, await actorOf(request), { locale });
    return { message: translator(homeSectionsMessages, locale)('saved'), ...saved };
  });
}

/** The one file of an upload request, as bytes and the name the browser gave. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; filename: string }> {
  const t = tr(request);
  if (!request.isMultipart()) throw validationError({ file: [t('v.fileRequired')] });
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw validationError({ file: [t('v.fileRequired')] });
  }
  if (!part) throw validationError({ file: [t('v.fileRequired')] });
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw validationError({ file: [t('v.fileRequired')] });
    return { bytes, filename: part.filename || 'file' };
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw validationError({ file: [t('v.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) })] });
    }
    // A truncated or malformed body: 400, not 500.
    throw bodyError(request, e);
  }
}

function rejected(request: FastifyRequest, e: unknown, maxBytes: number): never {
  if (!(e instanceof UploadRejected)) throw e;
  const t = tr(request);
  const message = e.problem === 'tooLarge' ? t('v.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }) : t(`v.${e.problem}`);
  throw validationError({ file: [message] });
}

/** Uploads with a progress bar (admin/ui/file-upload.tsx): the file is stored, the form saves its id. */
async function uploadRoutes(app: FastifyInstance) {
  await registerFormBody(app, { mode: 'handler', limits: { files: 1, fields: 10, fileSize: RESOURCE_MAX_BYTES } });

  app.post('/api/admin/posts/image', { preHandler: canPosts }, async (request) => {
    const { bytes, filename } = await readUpload(request, IMAGE_MAX_BYTES);
    try {
      const { file, preview } = await storeImage(bytes, filename, CONTENT_OWNER);
      return {
        message: tr(request)('msg.imageUploaded'),
        file: { id: file.id, name: file.originalName, type: file.contentType, size: file.size, width: file.width, height: file.height },
        preview,
      };
    } catch (e) {
      rejected(request, e, IMAGE_MAX_BYTES);
    }
  });

  // A video's poster and a realization's photo: images checked by decoding them, like a post's.
  for (const [url, guard] of [
    ['/api/admin/videos/poster', canVideos],
    ['/api/admin/realizations/image', canRealizations],
  ] as const) {
    app.post(url, { preHandler: guard }, async (request) => {
      const { bytes, filename } = await readUpload(request, IMAGE_MAX_BYTES);
      try {
        const { file, preview } = await storeImage(bytes, filename, CONTENT_OWNER);
        return {
          message: tr(request)('msg.imageUploaded'),
          file: { id: file.id, name: file.originalName, type: file.contentType, size: file.size, width: file.width, height: file.height },
          preview,
        };
      } catch (e) {
        rejected(request, e, IMAGE_MAX_BYTES);
      }
    });
  }

  app.post('/api/admin/static-sites/resource', { preHandler: canSites }, async (request) => {
    const { bytes, filename } = await readUpload(request, RESOURCE_MAX_BYTES);
    try {
      const file = await storeResource(bytes, filename, CONTENT_OWNER);
      return {
        message: tr(request)('msg.resourceUploaded'),
        file: { id: file.id, name: file.originalName, type: file.contentType, size: file.size },
      };
    } catch (e) {
      rejected(request, e, RESOURCE_MAX_BYTES);
    }
  });
}

/**
 * The admin API of news posts, videos and realizations (SPEC section 6: posts.update) and of static
 * sites and the home page's sections (static_sites.update).
 */
export const contentAdminApi: FastifyPluginAsync = async (app) => {
  // Editors may preview the images of every post (drafts too) and download every site's file.
  registerFileAccess('content-admin', async (file, request) => {
    const user = await getRequestUser(request);
    if (!user?.isActive || !user.isVerified) return false;
    if (canAccessAdmin(user.can, 'posts') && (await isPostImage(file.id))) return 'private';
    if (canAccessAdmin(user.can, 'static_sites') && (await isStaticSiteFile(file.id))) return 'private';
    return false;
  });
  await app.register(formRoutes);
  await app.register(uploadRoutes);
};
