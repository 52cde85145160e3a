import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

// unit: business rules without a database. db: services and API through fastify.inject on a
// real database (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: { alias },
  test: {
    // PGlite starts in ~1 s per file; keep memory bounded on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'], exclude: ['**/*.db.test.ts', '**/node_modules/**'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['src/**/*.db.test.ts', 'tests/**/*.db.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
