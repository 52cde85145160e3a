// One declaration of an admin API resource: the list (filters and paging from a query schema), the
// read, the create, the save with the version it was loaded at (409 when someone saved it since, see
// core/audit/optimistic-lock) and the delete (the screen asks to confirm first), each behind the
// area's guard, with the logged user as the change log's actor. The services do the work (usually
// through core/audit/audited-records, which writes the change log and clears the page cache); this
// file only wires them to HTTP, so every admin area answers alike:
//
//   GET    {path}       -> { items, pages, page, total }
//   GET    {path}/:id   -> the record, 404 with messages.notFound
//   POST   {path}       -> { message: created, id }                 (422 on invalid input)
//   PUT    {path}/:id   -> { message: updated, id, version }        (422, 404, 409)
//   DELETE {path}/:id   -> { message: deleted }                     (404)
//
//   await app.register(async (app) => {
//     await registerFormBody(app, { limits: { files: 0, fields: 200, fieldSize: 1024 * 1024 } });
//     defineAdminResource(app, {
//       path: '/api/admin/videos', area: 'videos', messages: contentAdminMessages,
//       labels: { notFound: 'msg.notFound', created: 'msg.videoCreated', updated: 'msg.updated', deleted: 'msg.videoDeleted' },
//       list: { query: videoListQuery, load: listAdminVideos },
//       read: getAdminVideo,
//       create: { schema: videoSchema, save: createVideo },
//       update: { schema: videoUpdateSchema, save: updateVideo },
//       remove: deleteVideo,
//     });
//   });
//
// Cache-Control is left to the core hook (admin answers are private, no-store).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '~/core/audit/audit.server';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { idOf } from '~/core/http/id-param.server';
import type { Paged } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { type Locale, type Messages, translator } from '~/core/i18n/locale';
import type { AdminArea } from '~/core/permissions/permissions';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The answers' messages: keys of the area's message table. */
export interface AdminResourceLabels<K extends string> {
  notFound: K;
  created?: K;
  updated?: K;
  deleted?: K;
}

export interface AdminResource<K extends string, Q, A, C, U> {
  /** The collection's address, e.g. '/api/admin/videos'; a record is `{path}/:id`. */
  path: string;
  /** The admin area whose view (GET) and update (other methods) permission guard every route. */
  area?: AdminArea;
  /** Instead of `area`: a guard of its own. */
  guard?: Guard;
  messages: Messages<K>;
  labels: AdminResourceLabels<K>;
  /** The actor of create, update and delete; the logged user by default. */
  actor?: (request: FastifyRequest) => Promise<A>;
  /** The input of create and update; the form body with bracket keys nested by default. */
  body?: (request: FastifyRequest) => unknown;
  list?: {
    /** Filters, sorting and the page from the query string (invalid values fall back in the schema). */
    query: z.ZodType<Q>;
    load: (query: Q, locale: Locale) => Promise<Paged<unknown>>;
  };
  read?: (id: number, locale: Locale) => Promise<unknown | null | undefined>;
  create?: {
    schema: (locale: Locale) => z.ZodType<C>;
    save: (input: C, actor: A, locale: Locale) => Promise<{ id: number }>;
  };
  update?: {
    /** Includes `version`, the version the form was loaded at. */
    schema: (locale: Locale) => z.ZodType<U>;
    save: (id: number, input: U, actor: A, locale: Locale) => Promise<{ id: number; version?: number }>;
  };
  remove?: (id: number, actor: A, locale: Locale) => Promise<unknown>;
}

/** Registers the routes of one admin resource on `app` (which reads the form bodies it expects). */
export function defineAdminResource<K extends string, Q, C, U, A = Actor>(app: FastifyInstance, resource: AdminResource<K, Q, A, C, U>): void {
  const { path, messages, labels } = resource;
  const guard = resource.guard ?? (resource.area ? requireAdminArea(resource.area) : undefined);
  if (!guard) throw new Error(`admin resource ${path}: no area or guard`);
  const options = { preHandler: guard };
  const actorOfRequest = resource.actor ?? (actorOf as unknown as (request: FastifyRequest) => Promise<A>);
  const bodyOf = resource.body ?? ((request: FastifyRequest) => nestFormBody(request.body));
  const t = (request: FastifyRequest) => translator(messages, requestLocale(request));
  const id = (request: FastifyRequest) => idOf(request, t(request)(labels.notFound));
  const label = (request: FastifyRequest, key: K | undefined, op: string) => {
    if (!key) throw new Error(`admin resource ${path}: no label for ${op}`);
    return t(request)(key);
  };

  const { list, read, create, update, remove } = resource;
  if (list) {
    app.get(path, options, async (request) => {
      const { items, pages, page, total } = await list.load(list.query.parse(request.query ?? {}), requestLocale(request));
      return { items, pages, page, total };
    });
  }

  if (read) {
    app.get(`${path}/:id`, options, async (request) => {
      const record = await read(id(request), requestLocale(request));
      if (!record) throw new HttpError(404, t(request)(labels.notFound));
      return record;
    });
  }

  if (create) {
    app.post(path, options, async (request) => {
      const locale = requestLocale(request);
      const input = parseOr422(create.schema(locale), bodyOf(request));
      const row = await create.save(input, await actorOfRequest(request), locale);
      return { message: label(request, labels.created, 'create'), id: row.id };
    });
  }

  if (update) {
    app.put(`${path}/:id`, options, async (request) => {
      const locale = requestLocale(request);
      const recordId = id(request);
      const input = parseOr422(update.schema(locale), bodyOf(request));
      const row = await update.save(recordId, input, await actorOfRequest(request), locale);
      return { message: label(request, labels.updated, 'update'), id: row.id, version: row.version };
    });
  }

  if (remove) {
    app.delete(`${path}/:id`, options, async (request) => {
      await remove(id(request), await actorOfRequest(request), requestLocale(request));
      return { message: label(request, labels.deleted, 'delete') };
    });
  }
}
