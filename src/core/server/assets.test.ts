// Issue 41 point 5: after a deploy, a tab opened before it still loads the chunks of its own build:
// the assets of earlier builds are kept in an archive folder and served from it for
// ASSET_ARCHIVE_DAYS; names are checked (no path leaves the folder).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ASSET_ARCHIVE_DAYS, archiveAssets, registerAssets } from './assets.server';

const root = mkdtempSync(path.join(tmpdir(), 'assets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

async function server(dir: string, archive?: string) {
  const app = Fastify();
  registerAssets(app, dir, '/assets/', archive);
  await app.ready();
  return app;
}

describe('assets of earlier builds', () => {
  const archive = path.join(root, 'archive');
  writeFileSync(path.join(root, 'secret.txt'), 'not an asset');

  it('are served after the next build starts, as immutable files of their type; unknown and unsafe names are 404', async () => {
    const first = await server(build('one', { 'contact-OLD1.js': 'export const old = 1;' }), archive);
    expect((await first.inject({ url: '/assets/contact-OLD1.js' })).statusCode).toBe(200);
    await first.close();

    const second = await server(build('two', { 'contact-NEW2.js': 'export const fresh = 2;' }), archive);
    const fresh = await second.inject({ url: '/assets/contact-NEW2.js' });
    expect(fresh.body).toBe('export const fresh = 2;');
    const old = await second.inject({ url: '/assets/contact-OLD1.js?v=1' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('export const old = 1;');
    expect(old.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/assets/missing-X.js',
      '/assets/../secret.txt',
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/sub/contact-OLD1.js',
    ]) {
      const res = await second.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('not an asset');
    }
    await second.close();
  });

  it('without an archive folder an earlier build is gone (404)', async () => {
    const app = await server(build('three', { 'a-3.js': '3' }));
    expect((await app.inject({ url: '/assets/contact-OLD1.js' })).statusCode).toBe(404);
    await app.close();
  });

  it(`are deleted ${ASSET_ARCHIVE_DAYS} days after the last build that had them; the current build's stay`, () => {
    const dir = build('four', { 'now-4.js': '4' });
    const later = Date.now() + (ASSET_ARCHIVE_DAYS + 1) * 86_400_000;
    archiveAssets(dir, archive, later);
    expect(existsSync(path.join(archive, 'contact-OLD1.js'))).toBe(false);
    expect(existsSync(path.join(archive, 'now-4.js'))).toBe(true);
  });
});
