import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { defineAdminResource } from '~/core/admin/admin-resource.server';
import { registerFileAccess } from '~/core/files/access.server';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError, validationError } from '~/core/http/errors';
import { bodyError, registerFormBody } from '~/core/http/form-body.server';
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

  const common = { messages: contentAdminMessages } as const;

  // News posts ------------------------------------------------------------------------------
  defineAdminResource(app, {
    ...common,
    path: '/api/admin/posts',
    area: 'posts',
    labels: { notFound: 'msg.notFound', created: 'msg.created', updated: 'msg.updated', deleted: 'msg.deleted' },
    list: { query: postListQuery, load: (query, locale) => listAdminPosts(query, locale) },
    read: (id) => getAdminPost(id),
    create: { schema: postSchema, save: createPost },
    update: { schema: postUpdateSchema, save: updatePost },
    remove: deletePost,
  });

  // Static sites -----------------------------------------------------------------------------
  app.get('/api/admin/static-sites/role-options', { preHandler: canSites }, async (request) => roleOptions(requestLocale(request)));

  defineAdminResource(app, {
    ...common,
    path: '/api/admin/static-sites',
    area: 'static_sites',
    labels: { notFound: 'msg.notFound', created: 'msg.siteCreated', updated: 'msg.updated', deleted: 'msg.siteDeleted' },
    list: { query: siteListQuery, load: (query, locale) => listAdminStaticSites(query, locale) },
    read: (id) => getAdminStaticSite(id),
    create: { schema: staticSiteSchema, save: createStaticSite },
    update: { schema: staticSiteUpdateSchema, save: updateStaticSite },
    remove: deleteStaticSite,
  });

  // Videos (the poster is uploaded first, the form saves its id) --------------------------------
  defineAdminResource(app, {
    ...common,
    path: '/api/admin/videos',
    area: 'videos',
    labels: { notFound: 'msg.notFound', created: 'msg.videoCreated', updated: 'msg.updated', deleted: 'msg.videoDeleted' },
    list: { query: videoListQuery, load: (query, locale) => listAdminVideos(query, locale) },
    read: (id) => getAdminVideo(id),
    create: { schema: videoSchema, save: createVideo },
    update: { schema: videoUpdateSchema, save: updateVideo },
    remove: deleteVideo,
  });

  // Realizations -------------------------------------------------------------------------------
  defineAdminResource(app, {
    ...common,
    path: '/api/admin/realizations',
    area: 'realizations',
    labels: { notFound: 'msg.notFound', created: 'msg.realizationCreated', updated: 'msg.updated', deleted: 'msg.realizationDeleted' },
    list: { query: realizationListQuery, load: (query, locale) => listAdminRealizations(query, locale) },
    read: (id) => getAdminRealization(id),
    create: { schema: realizationSchema, save: createRealization },
    update: { schema: realizationUpdateSchema, save: updateRealization },
    remove: deleteRealization,
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
