import { defineConfig } from '@playwright/test';

// Drives Debian's Chromium against the production build on a fresh data folder.
// E2E_DATABASE_URL runs the same suite on PostgreSQL.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`;
// CI splits the suite over its two lanes (scripts/test-suites.mjs) so that they take about as long:
// E2E_LANE=1 leaves these self-contained public files out, E2E_LANE=2 runs only them (on a server
// and data folder of its own, beside Vitest). Without E2E_LANE every file runs.
const SECOND_LANE_FILES = /\/(accounts|forms|newsletter|trainings)\.e2e\.ts$/;
const lane = process.env.E2E_LANE;

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port: two runs side by side (npm test with TEST_POSTGRES_URL) must not clear each other's.
  outputDir: `test-results/${port}`,
  testMatch: /.*\.e2e\.ts$/,
  // The admin suites change demo data (imports, edits) that the public suites count on,
  // so they run after them.
  projects:
    lane === '2'
      ? [{ name: 'public', testMatch: SECOND_LANE_FILES }]
      : [
          { name: 'public', testIgnore: [/admin-.*\.e2e\.ts$/, ...(lane === '1' ? [SECOND_LANE_FILES] : [])] },
          { name: 'admin', testMatch: /admin-.*\.e2e\.ts$/, dependencies: ['public'] },
        ],
  // Generous: under CPU contention (two cores) a long flow can pass 60 s; expect timeouts stay tight.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: suites share one server and its data.
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
    command: `rm -rf ${dataDir} && node server.js`,
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
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
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
