import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `~tests/helpers/…`: the shared test helpers from any depth (instead of ../../../../tests/helpers).
const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)), '~tests': fileURLToPath(new URL('./tests', import.meta.url)) };

// unit: business rules without a database. db: services and API through fastify.inject on a
// real database (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: { alias },
  test: {
    // PGlite starts in ~1 s per file; keep memory bounded on a 2-core machine.
    maxWorkers: 2,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache): CI runs the db
    // project twice (PGlite, then PostgreSQL) and the second run no longer transforms the server again.
    experimental: { fsModuleCache: true },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          // DOM tests that type into forms passed in 1-2 s and timed out at the default 5 s when
          // the machine ran 2.5 times slower beside the browser suite.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['src/**/*.db.test.ts', 'tests/**/*.db.test.ts'],
          // The files of a worker share one module graph: importing the whole server again for
          // every file took ~7 s of each file's time. Each file still gets its own database, data
          // folder and app (tests/helpers/test-app.ts), which is what the tests depend on.
          isolate: false,
          testTimeout: 120_000,
          // Seeding the demo in a beforeAll took past 120 s beside the browser shards on a loaded
          // machine; a hook that times out keeps running under the next file of the worker (no
          // isolation) and failed that file's tests too.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
