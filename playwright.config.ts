import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Drives Debian's Chromium against the production build on a fresh data folder.
// E2E_DATABASE_URL runs the same suite on PostgreSQL.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`;
// CI splits the suite into shards (E2E_SHARD=1/3, 2/3, 3/3; scripts/test-suites.mjs), each a
// Playwright run with a server, port and data folder of its own, side by side: the suite mostly
// waits (on the browser, the server, animations), so one stream of it left the cores idle. Files are
// dealt to the shards by their measured time (longest first, to the shard with the least so far), so
// a shard always gets the same files in the same order. Without E2E_SHARD every file runs.
const shard = /^(\d+)\/(\d+)$/.exec(process.env.E2E_SHARD ?? '');
// Seconds per file in CI (2026-11-29); a file not listed counts as DEFAULT_SECONDS.
const SECONDS: Record<string, number> = {
  english: 245,
  'console-clean': 150,
  layout: 170,
  'admin-content': 130,
  shop: 120,
  'admin-applications': 115,
  rentals: 115,
  home: 105,
  content: 95,
  trainings: 90,
  accounts: 85,
  'admin-catalog': 80,
  'admin-courses': 65,
  facets: 60,
  courses: 60,
  seo: 60,
  catalog: 60,
  'admin-people': 50,
  'admin-shop-pricing': 45,
  'admin-rentals': 45,
  newsletter: 40,
  forms: 35,
  'admin-attribute-definitions': 33,
  'admin-trainings-files': 30,
  'dead-links': 30,
  'consent-posters': 28,
  'admin-attributes': 27,
  'shop-quick-order': 26,
  'knowledge-base': 25,
  calculator: 25,
};
const DEFAULT_SECONDS = 25;

function shardFiles(index: number, count: number): RegExp {
  const files = readdirSync(fileURLToPath(new URL('tests/e2e', import.meta.url)))
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => f.replace(/\.e2e\.ts$/, ''))
    .sort((a, b) => (SECONDS[b] ?? DEFAULT_SECONDS) - (SECONDS[a] ?? DEFAULT_SECONDS) || a.localeCompare(b));
  const load = Array.from({ length: count }, () => 0);
  const mine: string[] = [];
  for (const f of files) {
    const to = load.indexOf(Math.min(...load));
    load[to] += SECONDS[f] ?? DEFAULT_SECONDS;
    if (to === index) mine.push(f);
  }
  return new RegExp(`/(${mine.map((f) => f.replace(/[-.]/g, '\\$&')).join('|')})\\.e2e\\.ts$`);
}
const only = shard ? shardFiles(Number(shard[1]) - 1, Number(shard[2])) : /\.e2e\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port: two runs side by side (npm test with TEST_POSTGRES_URL) must not clear each other's.
  outputDir: `test-results/${port}`,
  testMatch: /.*\.e2e\.ts$/,
  // The admin suites change demo data (imports, edits) that the public suites count on,
  // so they run after them.
  projects: [
    { name: 'public', testMatch: only, testIgnore: /admin-.*\.e2e\.ts$/ },
    { name: 'admin', testMatch: only, testIgnore: /\/(?!admin-)[^/]*\.e2e\.ts$/, dependencies: ['public'] },
  ],
  // Generous: under CPU contention (two cores) a long flow can pass 60 s. In CI the shards share the
  // two cores with both Vitest runs (load ~20): a page that hydrates in 1-2 s alone took past 10 s
  // there (stop 48: four tests waited 10 s for what hydration shows), so an expectation waits 20 s.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // One worker per run: its files share one server and its data (CI runs shards side by side).
  workers: 1,
  // No retries: a test that passes only on a second try hides a flake (fix its cause instead).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 156 draws a sandbox="" iframe (the admin's mail preview) in a renderer process of its
        // own; twice in CI, on a loaded machine, the page then drew no more frames (a click's wait and a
        // screenshot hung until the timeout). In the page's own process the frame is as sandboxed (no
        // scripts, opaque origin): the attribute is what the test checks, not Chromium's process model.
        '--disable-features=IsolateSandboxedIframes',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh data folder, on PGlite a copy of a seeded one (scripts/e2e-server.mjs).
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PAGE_CACHE_SECONDS: '0',
      // The administrator the account tests use (created or promoted at start; see README).
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'E2e-Administrator-Haslo-1',
      // The GUS registry stand-in that tests/e2e/admin-people.e2e.ts starts on this port.
      GUS_API_KEY: 'e2estandinkey0000001',
      GUS_BIR_URL: `http://127.0.0.1:${port + 1000}/wsBIR/UslugaBIRzewnPubl.svc`,
      // The account of the calculator's pro forma: without it (and without Przelewy24) nothing is sold.
      BANK_ACCOUNT: '12 1020 3017 0000 2902 0000 0001',
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
