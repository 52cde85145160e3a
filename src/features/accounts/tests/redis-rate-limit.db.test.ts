// With REDIS_URL the login limit is shared by every process: two app instances (as two processes
// behind a load balancer) count the failures of one address together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '~/core/server/app.server';
import { loadConfig } from '~/core/config.server';
import { features } from '~/server.server';
import { createTestApp, type TestApp, TestClient } from '../../../../tests/helpers/test-app';
import { redisRateLimiter } from '../rate-limit.server';
import { redisReachable } from '../../../../tests/helpers/redis';
import { createUser, PASSWORD } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

const available = await redisReachable(REDIS_URL);

describe.skipIf(!available)('login limit in Redis (REDIS_URL)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', REDIS_URL });
    // Both instances use Redis; the first one is rebuilt on the same database with REDIS_URL.
    await t.app.close();
    t.app = await buildApp({ config, database: t.database, features, logger: false });
    await t.app.ready();
    second = await buildApp({ config, database: t.database, features, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('failures counted by one instance block the login on the other (429)', async () => {
    const u = await createUser({ email: `redis.${Date.now()}@example.com` });
    const a = new TestClient(t.app);
    const b = new TestClient(second);
    for (let i = 0; i < 5; i++) expect((await a.post('/api/login', { email: u.email, password: `Wrong-pass-${i}-x` })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await b.post('/api/login', { email: u.email, password: `Wrong-pass-${i}-y` })).statusCode).toBe(422);
    expect((await a.post('/api/login', { email: u.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await b.post('/api/login', { email: u.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('the window expires in Redis', async () => {
    const rl = redisRateLimiter(REDIS_URL);
    const key = `test:${Date.now()}`;
    expect(await rl.hit(key, 300)).toBe(1);
    expect(await rl.hit(key, 300)).toBe(2);
    await new Promise((r) => setTimeout(r, 450));
    expect(await rl.count(key)).toBe(0);
    await rl.close();
  });
});
