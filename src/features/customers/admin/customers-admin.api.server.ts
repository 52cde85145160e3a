import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { defineAdminResource } from '~/core/admin/admin-resource.server';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOrNull, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { createCustomer, customerOptions, deleteCustomer, getCustomer, listCustomers, updateCustomer } from '../customers.server';
import { GusBirError, gusBirOptionsFromConfig, lookupNip } from '../gus-bir.server';
import { customerMessages } from '../messages';
import { nipSchema } from '../nip';
import { customerSchema, versionSchema } from '../validation';

export interface CustomersApiOptions {
  /** The preHandler that admits administrators (SPEC section 6: customers need admin access only). */
  guard: preHandlerHookHandler;
}

type Query = Record<string, string | undefined>;

/** GET /api/admin/customers: the filters as they come (the service reads them), the page as parsePage reads it. */
const customerListQuery = z.unknown().transform((query) => {
  const q = (query ?? {}) as Query;
  return { search: q.search, active: q.active, sort: q.sort, dir: q.dir, page: parsePage(q.page) };
});

/** The customers API with a given guard (tests pass their own). */
export function customersApiWith(opts: CustomersApiOptions): FastifyPluginAsync {
  return async (app) => {
    // Forms come as multipart (SPEC section 7) with bracket keys for the addresses.
    await registerFormBody(app, { limits: { files: 0, fields: 2000, fieldSize: 64 * 1024 } });
    const guarded = { preHandler: opts.guard };
    const tr = (request: FastifyRequest) => translator(customerMessages, requestLocale(request));

    // SPEC section 7: the registry items for a NIP; [] when the registry has none.
    app.get<{ Params: { nip: string } }>('/api/admin/customers-from-gus-bir/:nip', guarded, async (request) => {
      const t = tr(request);
      const { nip } = parseOr422(z.object({ nip: nipSchema(t('nip.invalid')) }), request.params);
      try {
        return await lookupNip(nip, gusBirOptionsFromConfig(app.config));
      } catch (e) {
        if (!(e instanceof GusBirError)) throw e;
        request.log.warn({ err: e }, 'GUS BIR lookup failed');
        const message =
          e.code === 'not_configured'
            ? t('gus.notConfigured')
            : e.code === 'bad_key'
              ? t('gus.badKey')
              : e.code === 'registry_error'
                ? t('gus.registryError', { detail: e.message })
                : t('gus.unavailable');
        throw new HttpError(503, message);
      }
    });

    // Option list for selects: [{ id: "<string>", name }].
    app.get<{ Querystring: Query }>('/api/admin/customers/options', guarded, async (request) => {
      return customerOptions(String(request.query.search ?? '').slice(0, 100));
    });

    defineAdminResource(app, {
      path: '/api/admin/customers',
      guard: opts.guard as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      messages: customerMessages,
      labels: { notFound: 'msg.notFound', created: 'msg.created', updated: 'msg.saved', deleted: 'msg.deleted' },
      actor: actorOrNull,
      list: { query: customerListQuery, load: (query) => listCustomers(query) },
      read: (id) => getCustomer(id),
      create: {
        schema: customerSchema,
        save: async (input, actor) => {
          const id = await createCustomer(input, actor);
          clearPageCache();
          return { id };
        },
      },
      update: {
        schema: (locale) => customerSchema(locale).extend(versionSchema(locale).shape),
        save: async (id, { version, ...input }, actor, locale) => {
          await updateCustomer(id, version, input, actor, locale);
          clearPageCache();
          return { id };
        },
      },
      remove: async (id, actor, locale) => {
        if (!(await deleteCustomer(id, actor))) throw new HttpError(404, translator(customerMessages, locale)('msg.notFound'));
        clearPageCache();
      },
    });
  };
}

/** The customers API guarded by admin access (SPEC section 6: customers need admin access only). */
export const customersApi: FastifyPluginAsync = customersApiWith({ guard: requireAdminArea('customers') });
