// Issue 10, item 9: Strict-Transport-Security on every answer when the site's address (APP_URL)
// is https, and never on a plain-http site (a browser would then refuse the site for a year).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { buildApp } from '~/core/server/app.server';
import { features } from '~/server.server';
import { openTestDatabase } from '~tests/helpers/test-app';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function appAt(appUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-hsts-'));
  const config = loadConfig({ NODE_ENV: 'production', APP_URL: appUrl, DATA_DIR: dataDir, SESSION_SECRET: 'h'.repeat(40), LOG_LEVEL: 'silent' });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ config, database, features, logger: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

describe('Strict-Transport-Security', () => {
  it('is sent on every kind of answer when APP_URL is https', async () => {
    const app = await appAt('https://cobinet.example.pl');
    for (const url of ['/healthz', '/api/categories-main', '/api/my-account', '/nope']) {
      const res = await app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    // Refusals too (401 of a POST without any session, so without the anti-forgery token).
    const refused = await app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is absent when APP_URL is http', async () => {
    const app = await appAt('http://localhost:3000');
    for (const url of ['/healthz', '/api/categories-main']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
