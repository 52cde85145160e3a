#!/usr/bin/env node
// npm run seed:large -- --products 10000 [--data-dir ./data-large]
// Fills a data folder with a migrated embedded database and a large generated catalogue (the demo
// category tree, N products derived from the demo families, a handful of shared files) for
// benchmarks: DATA_DIR=./data-large npm start then serves it.
//
// The catalogue code is TypeScript under src/; Vite (a dev dependency, present after `npm ci`)
// loads it with the project's `~/` alias, so this works without a build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

const products = Number(opt('products', 10000));
const dataDir = path.resolve(process.cwd(), opt('data-dir', './data-large'));
if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
  console.error('--products must be a whole number between 1 and 1000000');
  process.exit(1);
}

const { createServer } = await import('vite');
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { '~': path.join(root, 'src') } },
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'postgres', 'pdf-lib'] },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let code = 0;
try {
  const { seedLarge } = await vite.ssrLoadModule('/src/features/catalog/demo/large.server.ts');
  console.log(`Seeding ${products} products into ${dataDir}`);
  await seedLarge({ dataDir, products, log: (m) => console.log(`  ${m}`) });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await vite.close();
}
process.exit(code);
