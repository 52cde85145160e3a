import type { FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
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

/** The customers API with a given guard (tests pass their own). */
export function customersApiWith(opts: CustomersApiOptions): FastifyPluginAsync {
  return async (app) => {
    // Forms come as multipart (SPEC section 7) with bracket keys for the addresses.
    await registerFormBody(app, { limits: { files: 0, fields: 2000, fieldSize: 64 * 1024 } });
    const guarded = { preHandler: opts.guard };
    const tr = (request: FastifyRequest) => translator(customerMessages, requestLocale(request));
    const body = (request: FastifyRequest) => nestFormBody(request.body);

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

    app.get<{ Querystring: Query }>('/api/admin/customers', guarded, async (request) => {
      const q = request.query;
      const { items, pages } = await listCustomers({ search: q.search, active: q.active, sort: q.sort, dir: q.dir, page: parsePage(q.page) });
      return { items, pages };
    });

    // Option list for selects: [{ id: "<string>", name }].
    app.get<{ Querystring: Query }>('/api/admin/customers/options', guarded, async (request) => {
      return customerOptions(String(request.query.search ?? '').slice(0, 100));
    });

    app.get('/api/admin/customers/:id', guarded, async (request) => {
      const customer = await getCustomer(idOf(request, tr(request)('msg.notFound')));
      if (!customer) throw new HttpError(404, tr(request)('msg.notFound'));
      return customer;
    });

    app.post('/api/admin/customers', guarded, async (request) => {
      const input = parseOr422(customerSchema(requestLocale(request)), body(request));
      const id = await createCustomer(input, await actorOrNull(request));
      clearPageCache();
      return { message: tr(request)('msg.created'), id };
    });

    app.put('/api/admin/customers/:id', guarded, async (request) => {
      const locale = requestLocale(request);
      const id = idOf(request, tr(request)('msg.notFound'));
      const { version, ...input } = parseOr422(customerSchema(locale).extend(versionSchema(locale).shape), body(request));
      await updateCustomer(id, version, input, await actorOrNull(request), locale);
      clearPageCache();
      return { message: tr(request)('msg.saved'), id };
    });

    app.delete('/api/admin/customers/:id', guarded, async (request) => {
      if (!(await deleteCustomer(idOf(request, tr(request)('msg.notFound')), await actorOrNull(request))))
        throw new HttpError(404, tr(request)('msg.notFound'));
      clearPageCache();
      return { message: tr(request)('msg.deleted') };
    });
  };
}

/** The customers API guarded by admin access (SPEC section 6: customers need admin access only). */
export const customersApi: FastifyPluginAsync = customersApiWith({ guard: requireAdminArea('customers') });
