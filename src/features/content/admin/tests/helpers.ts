import type { LightMyRequestResponse } from 'fastify';
import { getDb } from '~/core/db/db.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import type { TestClient } from '~tests/helpers/test-app';

/** A multipart body (SPEC section 7) for fastify.inject, made by the platform's FormData. */
export async function multipart(fd: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const r = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type') as string } };
}

/** Sends a request with a JSON or multipart body through a logged-in (or visitor) client. */
export async function send(
  client: TestClient,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  body?: Record<string, unknown> | FormData,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  if (body instanceof FormData) {
    const m = await multipart(body);
    return client.request({ method, url, payload: m.payload, headers: { ...headers, ...m.headers } });
  }
  return client.request({ method, url, ...(body ? { payload: body } : {}), headers });
}

/** A role with the given permissions (e.g. admin.access only: an administrator without area rights). */
export async function createRole(id: number, key: string, permissionKeys: string[]): Promise<number> {
  await getDb().insert(roles).values({ id, key, namePl: key, nameEn: key, position: id });
  if (permissionKeys.length)
    await getDb()
      .insert(rolePermissions)
      .values(permissionKeys.map((permissionKey) => ({ roleId: id, permissionKey })));
  return id;
}
