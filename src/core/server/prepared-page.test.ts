import { randomBytes } from 'node:crypto';
import { constants, crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, crcCombine, deflatePieces, pageBytes, pageGzip, preparePage, preparePageAsync } from './prepared-page.server';

const nonce = () => randomBytes(16).toString('base64');
const token = () => randomBytes(32).toString('base64url');

function samplePage(n: string, t: string) {
  const row = (i: number) => `<li><a href="/pl/product/${i}-kabel-u-utp-kat-6">Kabel U/UTP kat. 6 – ${i} zł, żółty</a></li>`;
  return [
    `<!DOCTYPE html><html lang="pl"><head><script nonce="${n}">window.x=1</script></head><body>`,
    `<form><input type="hidden" name="_token" value="${t}"></form><ul>`,
    Array.from({ length: 400 }, (_, i) => row(i)).join(''),
    `</ul><script nonce="${n}">window.__ctx={"token":"${t}"}</script><script nonce="${n}" type="module">import "/assets/x.js"</script></body></html>`,
  ].join('');
}

describe('prepared pages', () => {
  it("serves the page with another visitor's nonce and token, as gzip and as plain text", () => {
    const [n1, t1, n2, t2] = [nonce(), token(), nonce(), token()];
    const page = preparePage(samplePage(n1, t1), [n1, t1]);
    expect(page.slots).toEqual([0, 1, 0, 1, 0]);
    const expected = samplePage(n2, t2);
    const gz = pageGzip(page, [n2, t2]);
    // gunzip checks the CRC-32 and the length in the trailer.
    expect(gunzipSync(gz).toString('utf8')).toBe(expected);
    expect(pageBytes(page, [n2, t2]).toString('utf8')).toBe(expected);
    expect(gz.length).toBeLessThan(Buffer.byteLength(expected) / 4);
  });

  it('is prepared the same on the thread pool (a first render) as on the event loop', async () => {
    const [n1, t1, n2, t2] = [nonce(), token(), nonce(), token()];
    const body = samplePage(n1, t1);
    const page = await preparePageAsync(body, [n1, t1]);
    const onLoop = preparePage(body, [n1, t1]);
    const open = { finishFlush: constants.Z_SYNC_FLUSH };
    // One stream with a full flush after each piece: the same cut, pieces that each inflate alone.
    expect(page.slots).toEqual(onLoop.slots);
    expect(page.deflated).toHaveLength(onLoop.deflated.length);
    page.deflated.forEach((d, i) => {
      expect(inflateRawSync(d, open).equals(inflateRawSync(onLoop.deflated[i] as Buffer, open))).toBe(true);
    });
    expect({ ...page, deflated: [], storedBytes: 0 }).toEqual({ ...onLoop, deflated: [], storedBytes: 0 });
    expect(gunzipSync(pageGzip(page, [n2, t2])).toString('utf8')).toBe(samplePage(n2, t2));
    expect(gunzipSync(pageGzip(page, ['short', `${t2}-and-longer`])).toString('utf8')).toBe(samplePage('short', `${t2}-and-longer`));
  });

  it('prepares on the thread pool pages with values at the edges, side by side and none at all', async () => {
    const [n1, t1, n2, t2] = [nonce(), token(), nonce(), token()];
    for (const body of [`${n1}${t1}middle${t1}${n1}`, `${n1}`, 'Zażółć gęślą jaźń – '.repeat(5000), samplePage(n1, t1).repeat(8)]) {
      const page = await preparePageAsync(body, [n1, t1]);
      expect(gunzipSync(pageGzip(page, [n2, t2])).toString('utf8')).toBe(body.replaceAll(n1, n2).replaceAll(t1, t2));
    }
    // The one-stream path itself (not its piece-by-piece fallback), empty pieces included.
    const pieces = ['', 'a', '', 'Zażółć '.repeat(3000), ''].map((x) => Buffer.from(x));
    const deflated = await deflatePieces(pieces);
    expect(deflated).not.toBeNull();
    expect(deflated?.map((d) => inflateRawSync(d, { finishFlush: constants.Z_SYNC_FLUSH }).toString())).toEqual(pieces.map(String));
    // Many at once, as under load: each page's pieces stay its own.
    const bodies = Array.from({ length: 40 }, (_, i) => samplePage(n1, t1).replace('window.x=1', `window.x=${i}`));
    const pages = await Promise.all(bodies.map((b) => preparePageAsync(b, [n1, t1])));
    pages.forEach((page, i) => {
      expect(gunzipSync(pageGzip(page, [n2, t2])).toString('utf8')).toBe((bodies[i] as string).replaceAll(n1, n2).replaceAll(t1, t2));
    });
  });

  it('keeps a page without per-visitor values intact, including multi-byte text', () => {
    const body = 'Zażółć gęślą jaźń – '.repeat(500);
    const page = preparePage(body, [nonce(), token()]);
    expect(page.slots).toEqual([]);
    expect(gunzipSync(pageGzip(page, [nonce(), token()])).toString('utf8')).toBe(body);
  });

  it('handles values at the very start and end of the body and next to each other', () => {
    const [n1, t1, n2, t2] = [nonce(), token(), nonce(), token()];
    const page = preparePage(`${n1}${t1}middle${t1}${n1}`, [n1, t1]);
    expect(page.slots).toEqual([0, 1, 1, 0]);
    expect(gunzipSync(pageGzip(page, [n2, t2])).toString('utf8')).toBe(`${n2}${t2}middle${t2}${n2}`);
  });

  it('serves values of another length too', () => {
    const [n1, t1] = [nonce(), token()];
    const page = preparePage(samplePage(n1, t1), [n1, t1]);
    expect(gunzipSync(pageGzip(page, ['short', `${t1}-and-longer`])).toString('utf8')).toBe(samplePage('short', `${t1}-and-longer`));
  });

  it('serves the very values it was rendered with', () => {
    const [n1, t1] = [nonce(), token()];
    const page = preparePage(samplePage(n1, t1), [n1, t1]);
    expect(gunzipSync(pageGzip(page, [n1, t1])).toString('utf8')).toBe(samplePage(n1, t1));
  });

  it('ignores an empty value', () => {
    const page = preparePage('<p>a</p>', ['', 'x']);
    expect(gunzipSync(pageGzip(page, ['', 'y'])).toString()).toBe('<p>a</p>');
  });
});

describe('CRC-32 combination', () => {
  it('gives the CRC of a concatenation from the CRCs of its parts', () => {
    for (const [a, b] of [
      [randomBytes(1), randomBytes(1)],
      [randomBytes(1000), randomBytes(37)],
      [randomBytes(5), randomBytes(70_001)],
      [Buffer.alloc(0), randomBytes(9)],
      [randomBytes(9), Buffer.alloc(0)],
    ] as const) {
      expect(crcCombine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});
