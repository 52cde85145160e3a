import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageStore } from './page-store.server';
import { pageGzip, preparePage } from './prepared-page.server';

let root: string;
const body = `<html><script nonce="NONCE1">x</script><p>${'Zażółć gęślą jaźń, kabel U/UTP kat. 6. '.repeat(200)}</p><input value="TOKEN1"></html>`;
const page = () => preparePage(body, ['NONCE1', 'TOKEN1']);
const headers: [string, string][] = [['content-type', 'text/html; charset=utf-8']];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'page-store-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('page store', () => {
  it('gives back a written page byte for byte, to this process and to another one (a restart)', async () => {
    const store = new PageStore(root, 'v1');
    store.write('/pl/a|', 200, headers, page(), 1000);
    // Readable before the background write lands, and after.
    expect(store.read('/pl/a|')?.status).toBe(200);
    await store.settled();
    const other = new PageStore(root, 'v1');
    const found = other.read('/pl/a|');
    expect(found?.stale).toBe(false);
    expect(found?.renderedAt).toBe(1000);
    expect(found?.headers).toEqual(headers);
    const served = gunzipSync(pageGzip(found?.page as ReturnType<typeof page>, ['NONCE2', 'TOKEN2'])).toString('utf8');
    expect(served).toBe(body.replace('NONCE1', 'NONCE2').replace('TOKEN1', 'TOKEN2'));
    expect(other.read('/pl/b|')).toBeUndefined();
    await other.settled();
    expect(other.keys()).toEqual(['/pl/a|']);
  });

  it('a scoped change marks pages stale on disk; a change of everything makes every older page stale', async () => {
    const store = new PageStore(root, 'v1');
    store.write('/pl/item/1|', 200, headers, page(), Date.now() - 10);
    store.write('/pl/item/2|', 200, headers, page(), Date.now() - 10);
    await store.settled();
    expect(store.markStale((key) => key.startsWith('/pl/item/1'))).toEqual(['/pl/item/1|']);
    // Stale at once for this process; the flag reaches the file in the background.
    expect(store.read('/pl/item/1|')?.stale).toBe(true);
    expect(store.read('/pl/item/2|')?.stale).toBe(false);
    await store.settled();
    const restarted = new PageStore(root, 'v1');
    expect(restarted.read('/pl/item/1|')?.stale).toBe(true);
    expect(restarted.read('/pl/item/2|')?.stale).toBe(false);
    restarted.clearAll();
    expect(new PageStore(root, 'v1').read('/pl/item/2|')?.stale).toBe(true);
    // A page rendered after the change is fresh.
    restarted.write('/pl/item/2|', 200, headers, page(), Date.now() + 1);
    await restarted.settled();
    expect(new PageStore(root, 'v1').read('/pl/item/2|')?.stale).toBe(false);
  });

  it('a page written again right after it was marked stale is fresh, here and on disk', async () => {
    const store = new PageStore(root, 'v1');
    for (let i = 0; i < 100; i++) store.write(`/pl/category?search=k${i}|`, 200, headers, page(), Date.now() - 10);
    await store.settled();
    expect(store.markStale((key) => key.includes('?search='))).toHaveLength(100);
    // Rendered again before the background flags were written.
    store.write('/pl/category?search=k7|', 200, headers, page(), Date.now() + 1);
    expect(store.read('/pl/category?search=k7|')?.stale).toBe(false);
    expect(store.read('/pl/category?search=k8|')?.stale).toBe(true);
    await store.settled();
    const other = new PageStore(root, 'v1');
    expect(other.read('/pl/category?search=k7|')?.stale).toBe(false);
    for (const i of [0, 8, 99]) expect(other.read(`/pl/category?search=k${i}|`)?.stale, String(i)).toBe(true);
  });

  it('never serves the pages of another build, and removes them', async () => {
    const old = new PageStore(root, 'v1');
    old.write('/pl/a|', 200, headers, page(), 1000);
    await old.settled();
    const next = new PageStore(root, 'v2');
    expect(next.read('/pl/a|')).toBeUndefined();
    expect(readdirSync(root)).toEqual(['v2']);
    expect(existsSync(path.join(root, 'v1'))).toBe(false);
  });

  it('refuses a damaged file instead of serving half a page', async () => {
    const store = new PageStore(root, 'v1');
    store.write('/pl/a|', 200, headers, page(), 1000);
    await store.settled();
    const { truncateSync } = await import('node:fs');
    const file = readdirSync(path.join(root, 'v1')).find((f) => f.endsWith('.page')) as string;
    truncateSync(path.join(root, 'v1', file), 200);
    expect(new PageStore(root, 'v1').read('/pl/a|')).toBeUndefined();
  });
});
