import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { openTestDatabase, TestClient } from '~tests/helpers/test-app';
import { buildApp } from '../app.server';

// The API answers like an API: unknown paths 404, known paths with another method 405 + Allow,
// anti-forgery refusals in JSON; none of them reaches the page handler (which would redirect).

const things: FastifyPluginAsync = async (app) => {
  app.get('/api/things', async () => ({ items: [], pages: 1 }));
  app.post('/api/things/:id', async () => ({ message: 'saved' }));
  app.delete('/api/things/:id', async () => ({ message: 'deleted' }));
};

let app: FastifyInstance;
let drop: () => Promise<void>;
let pageHits = 0;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/api-fallback-test', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({
    config,
    database: opened.database,
    features: [things],
    logger: false,
    // Stands in for the React Router catch-all: any path it gets is read as a locale and redirected.
    pages: async (a) => {
      a.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        config: { pageHandler: true },
        handler: async (_req, reply) => {
          pageHits++;
          return reply.redirect('/pl', 302);
        },
      });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

describe('API fallback', () => {
  it('answers 404 {message} for an unknown API path, for any method, without a redirect', async () => {
    const client = new TestClient(app);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await client.request({ method, url: '/api/no-such-thing?x=1', xsrf: false });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Nie ma takiego adresu API.' });
    }
    const en = await client.get('/api/no/such/thing', { 'accept-language': 'en-GB' });
    expect(en.json()).toEqual({ message: 'There is no such API address.' });
    expect(pageHits).toBe(0);
  });

  it('answers 405 {message} with Allow for a known path and another method', async () => {
    const client = new TestClient(app);
    const put = await client.request({ method: 'PUT', url: '/api/things/5' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('POST, DELETE');
    expect(put.json()).toEqual({ message: 'Ta metoda nie jest dozwolona dla tego adresu.' });
    const post = await client.post('/api/things');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(pageHits).toBe(0);
  });

  it('still serves the known routes and refuses a missing anti-forgery token in JSON', async () => {
    const client = new TestClient(app);
    expect((await client.get('/api/things')).json()).toEqual({ items: [], pages: 1 });
    expect((await client.post('/api/things/5')).json()).toEqual({ message: 'saved' });
    const refused = await client.post('/api/things/5', undefined, { xsrf: false });
    expect(refused.statusCode).toBe(419);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json().message).toBeTruthy();
  });

  it('leaves page paths to the page handler', async () => {
    const res = await app.inject({ url: '/apiary' });
    expect(res.statusCode).toBe(302);
    expect(pageHits).toBe(1);
  });
});
