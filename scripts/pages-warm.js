#!/usr/bin/env node
// npm run pages:warm [-- --url http://localhost:3000] [--concurrency 2]
// Asks a running server for every page of its sitemap (both languages) as a new anonymous visitor,
// so each is rendered once into the page store (DATA_DIR/page-cache) and later visitors, crawlers
// included, get it already rendered. Run it after `npm run seed:large` and after a deploy (a new
// build starts with an empty store: pages refer to the build's hashed assets).
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const origin = opt('url', process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const concurrency = Math.max(1, Math.min(16, Number(opt('concurrency', 2)) || 2));

async function text(path) {
  const res = await fetch(`${origin}${path}`);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.text();
}

const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&')));

let first;
try {
  first = await text('/sitemap.xml');
} catch (error) {
  console.error(`pages:warm: no sitemap at ${origin} (${error.message}); is the server running? (--url)`);
  process.exit(1);
}
const urls = first.includes('<sitemapindex') ? (await Promise.all(locs(first).map((u) => text(u.pathname + u.search)))).flatMap(locs) : locs(first);
const paths = [...new Set(urls.map((u) => u.pathname + u.search))];

const started = Date.now();
let done = 0;
let rendered = 0;
let failed = 0;
let next = 0;
let lastReport = started;
async function worker() {
  while (next < paths.length) {
    const path = paths[next++];
    try {
      const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      if (res.status >= 500) failed++;
      else if (res.headers.get('x-page-cache') !== 'hit') rendered++;
    } catch {
      failed++;
    }
    done++;
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      console.log(`pages:warm: ${done} of ${paths.length} pages (${Math.round((done * 1000) / (Date.now() - started))}/s)`);
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`pages:warm: ${paths.length} pages in ${seconds} s: ${rendered} rendered, ${paths.length - rendered - failed} already stored, ${failed} failed`);
process.exit(failed ? 1 : 0);
