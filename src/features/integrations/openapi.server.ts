// The OpenAPI 3.1 document of /api/integration/v1 (GET /api/integration/v1/openapi.json), generated
// by zod-openapi from the very Zod schemas the routes validate with (INTEGRATION_ROUTES), so the
// reference cannot drift from the code. The admin reference page renders this document.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { errorAnswer, INTEGRATION_BASE, type IntegrationRoute, KEY_RATE_LIMIT, MAX_BULK_ROWS } from './integration-route.server';
import { INTEGRATION_ROUTES } from './integration-routes.server';
import { API_SCOPES } from './scopes';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(errorAnswer) });

function operation(route: IntegrationRoute): ZodOpenApiOperationObject {
  const write = route.method !== 'GET';
  const header = write
    ? z.object({
        'Idempotency-Key': z
          .string()
          .min(1)
          .max(255)
          .optional()
          .describe('Makes the write idempotent: the same request with the same key within 24 h gets the stored answer.'),
      })
    : undefined;
  const extra = Object.fromEntries(
    Object.entries(route.responses ?? {}).map(([status, r]) => [status, { description: r.description, ...(r.schema ? { content: json(r.schema) } : {}) }]),
  );
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    description: route.description,
    tags: [route.scope.split(':')[0]],
    security: [{ apiKey: [] }],
    'x-scope': route.scope,
    requestParams: {
      ...(route.params ? { path: route.params as z.ZodObject } : {}),
      ...(route.query ? { query: route.query as z.ZodObject } : {}),
      ...(header ? { header } : {}),
    },
    ...(route.body ? { requestBody: { required: true, content: json(route.body) } } : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: Object.fromEntries(route.rawBody.contentTypes.map((type) => [type, { schema: { type: 'string' as const } }])),
          },
        }
      : {}),
    responses: {
      200: { description: 'Done.', content: json(route.response) },
      ...(route.path.startsWith('/customers/') ? { 201: { description: 'Created.', content: json(route.response) } } : {}),
      401: error('No API key, or an unknown or revoked one.'),
      403: error(`The key lacks the scope ${route.scope}.`),
      ...(write ? { 409: error('A request with this Idempotency-Key is still running.') } : {}),
      ...(write ? { 413: error('The body is too large.') } : {}),
      422: error('Invalid input: `errors` maps field paths (e.g. rows.3.number) to messages.'),
      429: {
        description: `Over ${KEY_RATE_LIMIT.max} requests a minute for this key.`,
        headers: z.object({ 'Retry-After': z.string().describe('Seconds to wait.') }),
        content: json(errorAnswer),
      },
      ...extra,
    },
  } as ZodOpenApiOperationObject;
}

/** The document (built once per process: the routes are fixed). */
let built: ReturnType<typeof createDocument> | undefined;

export function integrationOpenApi(routes: readonly IntegrationRoute[] = INTEGRATION_ROUTES) {
  if (built && routes === INTEGRATION_ROUTES) return built;
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[route.method.toLowerCase()] = operation(route);
  }
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'COBI NET integration API',
      version: '1.0.0',
      description: [
        'The API an ERP connector calls to keep the portal current (issue 39).',
        'Authentication: `Authorization: Bearer cobi_…` with an API key made by an administrator (Admin → Integrations), no cookies, no anti-forgery token.',
        `Each route needs one scope of the key (${API_SCOPES.join(', ')}). At most ${KEY_RATE_LIMIT.max} requests a minute per key (429 with Retry-After).`,
        'Every write takes `Idempotency-Key`. Bulk calls take 1 to ' +
          `${MAX_BULK_ROWS} rows and answer per row. Money: decimal strings with two places. Errors: {"message", "errors"}.`,
      ].join('\n\n'),
    },
    servers: [{ url: INTEGRATION_BASE }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `cobi_` and 43 base64url characters.' } } },
    paths,
  });
  if (routes === INTEGRATION_ROUTES) built = doc;
  return doc;
}
