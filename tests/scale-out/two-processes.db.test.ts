// design.md "Scale-out": processes are stateless, so two of them on one PostgreSQL database behave
// as one site. Two real server processes (the production build) share the database, the files
// folder and SESSION_SECRET; a visitor's requests alternate between them.
// Runs when TEST_DATABASE_URL points to PostgreSQL and build/ exists (CI builds it first); the
// shared rate limit is checked too when Redis answers on REDIS_URL or 127.0.0.1:6379.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLoopbackLimits, redisReachable } from '~tests/helpers/redis';

const root = path.resolve(__dirname, '../..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const pgBase = process.env.TEST_DATABASE_URL;
const runnable = Boolean(pgBase) && existsSync(path.join(buildDir, 'server/index.js'));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 150_000;
const ADMIN = { email: `scale-${randomBytes(3).toString('hex')}@example.com`, password: 'Scale-out-1234' };

/** A browser-like visitor: keeps cookies and echoes XSRF-TOKEN, whichever process answers. */
class Visitor {
  cookies = new Map<string, string>();

  async call(origin: string, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.cookies.get('XSRF-TOKEN');
    if (token && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(token);
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : form ? body : JSON.stringify(body);
    const res = await fetch(`${origin}${url}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  }
}

describe.skipIf(!runnable)('two server processes on one PostgreSQL database', () => {
  const processes: ChildProcess[] = [];
  const origins: string[] = [];
  let dataDir = '';
  let dbName = '';
  let withRedis = false;

  async function start(port: number, env: Record<string, string>) {
    const child = spawn(process.execPath, ['server.js'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The log (stdout, warnings and up) and stderr, to say why a start failed.
    let stderr = '';
    const keep = (d: unknown) => {
      stderr = (stderr + String(d)).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    processes.push(child);
    const origin = `http://127.0.0.1:${port}`;
    // Generous: in CI this runs beside the browser suite on two cores, where a start (bundle import,
    // migrations on a new database, the administrator's password hash) once took over 30 s.
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
      try {
        if ((await fetch(`${origin}/readyz`)).ok) return origin;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`server on ${port} did not become ready in ${START_TIMEOUT_MS / 1000} s: ${stderr}`);
  }

  beforeAll(
    async () => {
      const { default: postgres } = await import('postgres');
      dbName = `scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
      const admin = postgres(pgBase as string, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(pgBase as string);
      url.pathname = `/${dbName}`;
      dataDir = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
      withRedis = await redisReachable(redisUrl);
      // Per-IP limits in Redis outlive a run: earlier runs' failed logins from 127.0.0.1 must not count.
      if (withRedis) await clearLoopbackLimits(redisUrl);
      const env: Record<string, string> = {
        NODE_ENV: 'production',
        BUILD_DIR: buildDir,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(withRedis ? { REDIS_URL: redisUrl } : {}),
      };
      const base = 3600 + Math.floor(Math.random() * 300);
      // One after the other: each runs the migrations and the administrator set-up at start.
      origins.push(await start(base, env));
      origins.push(await start(base + 1, env));
    },
    2 * START_TIMEOUT_MS + 30_000,
  );

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
    if (dbName) {
      const { default: postgres } = await import('postgres');
      const admin = postgres(pgBase as string, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session started on one process is the same session on the other, logout included', async () => {
    const [a, b] = origins as [string, string];
    const visitor = new Visitor();
    expect((await visitor.call(a, 'GET', '/api/my-account')).status).toBe(401);
    // The anti-forgery token issued by A is accepted by B (an HMAC of the session id, no storage).
    const login = await visitor.call(b, 'POST', '/api/login', { email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    const onA = await visitor.call(a, 'GET', '/api/my-account');
    expect(onA.status).toBe(200);
    expect(JSON.stringify(onA.json)).toContain(ADMIN.email);
    expect((await visitor.call(b, 'GET', '/api/my-account')).status).toBe(200);

    expect((await visitor.call(a, 'POST', '/logout')).status).toBe(200);
    expect((await visitor.call(b, 'GET', '/api/my-account')).status).toBe(401);
  });

  it("a change made through one process is on the other's cached pages at once", async () => {
    const [a, b] = origins as [string, string];
    const admin = new Visitor();
    await admin.call(a, 'GET', '/api/my-account');
    expect((await admin.call(a, 'POST', '/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const fields = (over: Record<string, string>) => {
      const fd = new FormData();
      const all = {
        parent_id: '',
        position: '0',
        is_active: '1',
        name_pl: 'Kable testowe',
        name_en: 'Test cables',
        slug_pl: '',
        slug_en: '',
        description_pl: '',
        description_en: '',
        image_remove: '0',
        ...over,
      };
      for (const [k, v] of Object.entries(all)) fd.append(k, v);
      return fd;
    };
    const created = await admin.call(a, 'POST', '/api/admin/categories', fields({}));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = (created.json as { id: number }).id;

    // An anonymous visitor on B: the page comes from B's page cache. The NOTIFY of the creation may
    // reach B after its first render of the page, which then turns stale and is rendered again in
    // the background: a later visit is a hit.
    const page = async () => {
      const res = await fetch(`${b}/pl/categories`);
      return { cache: res.headers.get('x-page-cache'), html: await res.text() };
    };
    expect((await page()).html).toContain('Kable testowe');
    let cached = await page();
    for (let i = 0; i < 80 && cached.cache !== 'hit'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      cached = await page();
    }
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('Kable testowe');

    const { version } = (await admin.call(a, 'GET', `/api/admin/categories/${id}`)).json as { version: number };
    const renamed = await admin.call(
      a,
      'PUT',
      `/api/admin/categories/${id}`,
      fields({ name_pl: 'Kable przemianowane', name_en: 'Renamed cables', version: String(version) }),
    );
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    // B learns of the change by NOTIFY, well before its cache would expire (30 s). The first visits
    // after it may still get the stale page while B renders it again in the background
    // (stale-while-revalidate), which on a busy CI machine can take a few seconds.
    let html = '';
    for (let i = 0; i < 80 && !html.includes('Kable przemianowane'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      html = (await page()).html;
    }
    expect(html).toContain('Kable przemianowane');
    expect(html).not.toContain('Kable testowe');
  });

  it('a request without the anti-forgery token is refused by either process', async () => {
    const [a, b] = origins as [string, string];
    const visitor = new Visitor();
    await visitor.call(a, 'GET', '/api/my-account');
    visitor.cookies.delete('XSRF-TOKEN');
    expect((await visitor.call(b, 'POST', '/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(419);
  });

  it('failed logins count across both processes when Redis holds the limits', async (ctx) => {
    if (!withRedis) ctx.skip();
    const [a, b] = origins as [string, string];
    const visitor = new Visitor();
    await visitor.call(a, 'GET', '/api/my-account');
    const email = `nobody-${randomBytes(3).toString('hex')}@example.com`;
    // Ten wrong passwords, alternating between the processes: each process alone saw only five.
    for (let i = 0; i < 10; i++) {
      const res = await visitor.call(i % 2 ? b : a, 'POST', '/api/login', { email, password: 'wrong-password-1' });
      expect(res.status).toBe(422);
    }
    expect((await visitor.call(a, 'POST', '/api/login', { email, password: 'wrong-password-1' })).status).toBe(429);
    expect((await visitor.call(b, 'POST', '/api/login', { email, password: 'wrong-password-1' })).status).toBe(429);
  });
});
