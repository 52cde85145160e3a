// The OpenAPI 3.1 document of /api/integration/v1 (issue 39): valid under a real OpenAPI validator,
// made from the routes' own schemas (every route and scope listed, bulk limits, bearer auth).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { INTEGRATION_ROUTES } from '../integration-routes.server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { 'x-scope': string; security: unknown[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, { maxItems?: number }> }>; securitySchemes: Record<string, { scheme: string }> };
};

describe('GET /api/integration/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every route with its scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integration/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const route of INTEGRATION_ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, route.path).toBeDefined();
      expect(op['x-scope']).toBe(route.scope);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422', '429']));
    }
    expect(doc.components.securitySchemes.apiKey.scheme).toBe('bearer');
    // The bulk limit comes from the schema the route validates with.
    expect(doc.components.schemas.CatalogNumbersRequest.properties?.rows.maxItems).toBe(1000);
  });
});
