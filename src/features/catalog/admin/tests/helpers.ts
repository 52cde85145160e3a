import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { getDb } from '~/core/db/db.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import type { TestApp, TestClient } from '~tests/helpers/test-app';

/** A multipart body (SPEC section 7) for fastify.inject, made by the platform's FormData. */
export async function multipart(fd: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const r = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type') as string } };
}

/** A FormData of plain values (booleans 1/0, arrays and objects with bracket keys), as api() sends it. */
export function form(values: Record<string, unknown>): FormData {
  const fd = new FormData();
  const walk = (value: unknown, key: string) => {
    if (value === undefined) return;
    if (value === null) fd.append(key, '');
    else if (typeof value === 'boolean') fd.append(key, value ? '1' : '0');
    else if (value instanceof Blob) fd.append(key, value, (value as File).name || 'file');
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${key}[${i}]`);
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}[${k}]`);
    else fd.append(key, String(value));
  };
  for (const [k, v] of Object.entries(values)) walk(v, k);
  return fd;
}

/** Sends a JSON or multipart body through a client. */
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

/** Logged-in clients: a full administrator and administrators holding only some areas. */
export async function adminClients(t: TestApp) {
  const admin = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [1] })).email);
  const productsOnly = await createRole(31, 'admin-products', ['admin.access', 'products.update']);
  const categoriesOnly = await createRole(32, 'admin-categories', ['admin.access', 'categories.update']);
  return {
    admin,
    productsOnly: await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [productsOnly] })).email),
    categoriesOnly: await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [categoriesOnly] })).email),
  };
}

export function png(width = 40, height = 30, colour = '#c02020'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

export function file(data: Buffer | string, name: string, type = 'application/octet-stream'): File {
  return new File([typeof data === 'string' ? Buffer.from(data) : new Uint8Array(data)], name, { type });
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;
