import type { FastifyPluginAsync } from 'fastify';
import { INTEGRATION_BASE, registerIntegrationRoutes } from './integration-route.server';
import { INTEGRATION_ROUTES } from './integration-routes.server';
import { integrationOpenApi } from './openapi.server';

/**
 * /api/integration/v1 (issue 39): the routes of INTEGRATION_ROUTES (API key, scope, rate limit,
 * idempotency: integration-route.server.ts) and their OpenAPI 3.1 document, public like any API
 * reference (it holds no data).
 */
export const integrationsApi: FastifyPluginAsync = async (app) => {
  registerIntegrationRoutes(
    app,
    INTEGRATION_ROUTES.filter((r) => !r.rawBody),
  );
  // Routes with a raw body (FA(3) XML) get their parser in a context of their own: no other route reads XML.
  await app.register(async (raw) => {
    for (const route of INTEGRATION_ROUTES.filter((r) => r.rawBody)) {
      raw.addContentTypeParser(route.rawBody?.contentTypes as string[], { parseAs: 'buffer', bodyLimit: route.bodyLimit }, (_request, body, done) =>
        done(null, body),
      );
      registerIntegrationRoutes(raw, [route]);
    }
  });
  app.get(`${INTEGRATION_BASE}/openapi.json`, async () => integrationOpenApi());
};
