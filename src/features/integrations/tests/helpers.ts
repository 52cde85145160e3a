import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '~tests/helpers/test-app';
import type { ApiScope } from '../scopes';

/** Makes a key through the admin API; returns its id and secret. */
export async function makeKey(admin: TestClient, scopes: ApiScope[], name = `ERP ${scopes.join(' ')}`): Promise<{ id: number; secret: string }> {
  const res = await admin.post('/api/admin/integrations/keys', { name, scopes });
  expect(res.statusCode, res.body).toBe(200);
  const body = JSON.parse(res.body) as { id: number; secret: string };
  return body;
}

/** An integration API call as a connector makes it: a bearer key, no cookie, no XSRF token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  secret: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/integration/v1${path}`,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => JSON.parse(res.body) as T;
