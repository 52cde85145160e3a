import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import type { Database } from '~/core/db/client.server';
import { buildApp } from '~/core/server/app.server';
import { closedPortUrl, type GusBirStandin, STANDIN_COMPANY, startGusBirStandin } from '~tests/helpers/gus-bir-standin';
import { openTestDatabase } from '~tests/helpers/test-app';
import { customersApi, customersApiWith } from './admin/customers-admin.api.server';

const KEY = 'secretkey00000000001';
const URL_PATH = '/api/admin/customers-from-gus-bir';

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let standin: GusBirStandin;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-customers-'));
  standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
});
afterEach(async () => {
  while (apps.length) await apps.pop()?.close();
});
afterAll(async () => {
  await standin.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Lets through requests carrying `x-test-admin: 1`, else 403 (the guard's contract). */
const testGuard: preHandlerHookHandler = async (request, reply) => {
  if (request.headers['x-test-admin'] !== '1') return reply.code(403).send({ message: 'Forbidden' });
};

async function app(env: Record<string, string>, guard: preHandlerHookHandler | null = testGuard) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env });
  const instance = await buildApp({ config, database, features: [guard ? customersApiWith({ guard }) : customersApi], logger: false });
  apps.push(instance);
  return instance;
}

const admin = { 'x-test-admin': '1' };

describe('GET /api/admin/customers-from-gus-bir/:nip', () => {
  it('answers the registry items of a NIP', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url });
    const res = await a.inject({ url: `${URL_PATH}/526-104-08-28`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        nazwa: 'GŁÓWNY URZĄD STATYSTYCZNY',
        nip: '5261040828',
        kod: '000331501',
        email: 'sekretariat@example.gov.pl',
        adres: {
          telefon: '226083000',
          miejscowosc: 'Warszawa',
          ulica: 'ul. Test-Krucza',
          nr_domu: '208',
          nr_lokalu: '12',
          kod_pocztowy: '00-925',
          poczta: 'Warszawa',
        },
      },
    ]);
  });

  it('answers 200 with [] when the registry has nothing', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url });
    const res = await a.inject({ url: `${URL_PATH}/1234563218`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 422 for a NIP with a wrong check digit, in the request language, without asking the registry', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url });
    const before = standin.calls.length;
    const pl = await a.inject({ url: `${URL_PATH}/5261040827`, headers: admin });
    expect(pl.statusCode).toBe(422);
    expect(pl.json()).toEqual({ message: 'Nieprawidłowy numer NIP.', errors: { nip: ['Nieprawidłowy numer NIP.'] } });
    const en = await a.inject({ url: `${URL_PATH}/abc`, headers: { ...admin, 'accept-language': 'en-GB' } });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.nip).toEqual(['Invalid tax identification number (NIP).']);
    expect(standin.calls.length).toBe(before);
  });

  it('answers 503 with a clear message when GUS_API_KEY is not set', async () => {
    const a = await app({});
    const pl = await a.inject({ url: `${URL_PATH}/5261040828`, headers: admin });
    expect(pl.statusCode).toBe(503);
    expect(pl.json().message).toMatch(/nie jest skonfigurowane.*GUS_API_KEY/);
    const en = await a.inject({ url: `${URL_PATH}/5261040828`, headers: { ...admin, 'x-locale': 'en' } });
    expect(en.json().message).toMatch(/not configured.*GUS_API_KEY/);
  });

  it('answers 503 when the registry is down', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: await closedPortUrl() });
    const res = await a.inject({ url: `${URL_PATH}/5261040828`, headers: { ...admin, 'x-locale': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/unavailable or not responding/);
  });

  it('answers 503 naming the key when the registry refuses it', async () => {
    const a = await app({ GUS_API_KEY: 'wrongkey000000000000', GUS_BIR_URL: standin.url });
    const res = await a.inject({ url: `${URL_PATH}/5261040828`, headers: admin });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/odrzucił klucz GUS_API_KEY/);
  });

  it('runs the guard before anything else', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url });
    const before = standin.calls.length;
    const res = await a.inject({ url: `${URL_PATH}/5261040828` });
    expect(res.statusCode).toBe(403);
    expect(standin.calls.length).toBe(before);
  });

  it('is guarded by admin access by default: a visitor gets 401', async () => {
    const a = await app({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url }, null);
    const before = standin.calls.length;
    const res = await a.inject({ url: `${URL_PATH}/5261040828` });
    expect(res.statusCode).toBe(401);
    expect(standin.calls.length).toBe(before);
  });
});
