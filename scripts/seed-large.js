#!/usr/bin/env node
// npm run seed:large -- --products 10000 [--data-dir ./data-large] [--shop-only]
// Fills a data folder with a migrated embedded database and a large generated catalogue (the demo
// category tree, N products derived from the demo families, a handful of shared files) for
// benchmarks: DATA_DIR=./data-large npm start then serves it. The demo price lists (every number
// of the catalogue) and the demo shop (transport types, the B2B customer and its user
// sklep@example.com) are added too, for the shop's benchmarks; --shop-only adds just those to an
// existing folder (each only when missing).
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
const shopOnly = args.includes('--shop-only');
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
  if (!shopOnly) {
    const { seedLarge } = await vite.ssrLoadModule('/src/features/catalog/demo/large.server.ts');
    console.log(`Seeding ${products} products into ${dataDir}`);
    await seedLarge({ dataDir, products, log: (m) => console.log(`  ${m}`) });
  }
  await seedShop();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await vite.close();
}
process.exit(code);

/** The demo price lists and shop (seeders of the running app) on the folder's catalogue, each only when missing. */
async function seedShop() {
  const { openDatabase } = await vite.ssrLoadModule('/src/core/db/client.server.ts');
  const { setDatabase } = await vite.ssrLoadModule('/src/core/db/db.server.ts');
  const { pricingSeeder } = await vite.ssrLoadModule('/src/features/pricing/demo/pricing.seed.server.ts');
  const { shopSeeder } = await vite.ssrLoadModule('/src/features/shop/demo/shop.seed.server.ts');
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    setDatabase(database);
    const started = Date.now();
    for (const seeder of [pricingSeeder, shopSeeder]) {
      if (await seeder.hasContent()) continue;
      await seeder.seed((m) => console.log(`  ${m}`));
    }
    console.log(`  shop data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
