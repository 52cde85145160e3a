// With REDIS_URL the login limit is shared by every process: two app instances (as two processes
// behind a load balancer) count the failures of one address together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '~/core/server/app.server';
import { loadConfig } from '~/core/config.server';
import { features } from '~/server.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { redisRateLimiter } from '~/core/http/rate-limit.server';
import { redisReachable } from '~tests/helpers/redis';
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
    // A fresh address each run: per-IP counters in Redis outlive the run.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const login = (app: typeof second, password: string) =>
      new TestClient(app).request({ method: 'POST', url: '/api/login', payload: { email: u.email, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await login(t.app, `Wrong-pass-${i}-x`)).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await login(second, `Wrong-pass-${i}-y`)).statusCode).toBe(422);
    expect((await login(t.app, PASSWORD)).statusCode).toBe(429);
    const locked = await login(second, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Wykryto zbyt dużą ilość żądań. Proszę odczekać 15 minut i spróbować ponownie.');
    // The pair is locked, not the account: the owner from another address logs in on either instance.
    const owner = await new TestClient(second).request({
      method: 'POST',
      url: '/api/login',
      payload: { email: u.email, password: PASSWORD },
      remoteAddress: ip.replace(/\.\d+$/, '.0'),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('release takes back one attempt, never below zero, and keeps the window', async () => {
    const rl = redisRateLimiter(REDIS_URL);
    const key = `test:release:${Date.now()}`;
    await rl.hit(key, 60_000);
    await rl.hit(key, 60_000);
    await rl.release(key);
    expect(await rl.count(key)).toBe(1);
    await rl.release(key);
    await rl.release(key);
    expect(await rl.count(key)).toBe(0);
    await rl.release(`${key}:missing`);
    expect(await rl.count(`${key}:missing`)).toBe(0);
    // ttl: the real time left in the window (the login lock's message states it), 0 when missing.
    const left = await rl.ttl(key);
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await rl.ttl(`${key}:missing`)).toBe(0);
    await rl.reset(key);
    await rl.close();
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
