import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, TestClient } from '~tests/helpers/test-app';

let ipCounter = 0;
/** A new client address each call: the public forms count 20 submissions an hour per IP. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
}

/** A multipart body (SPEC section 7) for fastify.inject, made by the platform's FormData. */
export async function multipart(fd: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const r = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type') as string } };
}

/** A FormData as api() sends it: booleans 1/0, null '', arrays and objects with bracket keys, files as files. */
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

/** Sends a multipart (FormData) or JSON body through a client, from a fresh IP unless given. */
export async function send(
  client: TestClient,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  body?: Record<string, unknown> | FormData,
  opts: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const remoteAddress = opts.ip ?? nextIp();
  if (body instanceof FormData) {
    const m = await multipart(body);
    return client.request({ method, url, payload: m.payload, headers: { ...opts.headers, ...m.headers }, remoteAddress });
  }
  return client.request({ method, url, ...(body ? { payload: body } : {}), headers: opts.headers ?? {}, remoteAddress });
}

export function guest(t: TestApp): TestClient {
  return new TestClient(t.app);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** The smallest PNG (1x1). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export function file(data: Buffer | string, name: string, type = 'application/octet-stream'): File {
  return new File([typeof data === 'string' ? Buffer.from(data) : new Uint8Array(data)], name, { type });
}

/** A complete, valid complaint (multipart-style values). */
export function complaint(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company_name: 'Instal-Net Sp. z o.o.',
    tax_identification_nr: '526-104-08-28',
    street: 'ul. Kablowa 5',
    postcode: '60-101',
    post: 'Poznań',
    contact_person: 'Anna Nowak',
    phone: '+48 600 100 200',
    email: `anna.${Math.random().toString(36).slice(2, 8)}@example.com`,
    purchase_date: '2026-01-15',
    purchase_document_number: 'FV/2026/01/123',
    product_name: 'Kabel U/UTP kat. 6A',
    description: 'Przewód ma uszkodzoną izolację na odcinku 2 m.',
    defect_noticed_date: '2026-02-01',
    preferred_action: 'replacement',
    preferred_action_other: '',
    is_different_delivery_address: false,
    delivery_name: '',
    delivery_street: '',
    delivery_postcode: '',
    delivery_post: '',
    accepted_privacy: true,
    accepted_rodo: true,
    ...overrides,
  };
}

export function attachment(f: File, id: string = crypto.randomUUID()) {
  return { id, file: f, filename: f.name };
}
