#!/usr/bin/env node
// The test suites of `npm test`, after lint, typecheck and build: two lanes side by side (two cores).
//
//   lane 1: Playwright, the whole browser suite on the embedded database (the longest part)
//   lane 2: Vitest (unit and db projects on PGlite)
//
// With TEST_POSTGRES_URL (a PostgreSQL server's URL, as CI sets it) lane 2 goes on, while the
// browser suite still runs, with the Vitest db project on PostgreSQL (a fresh database per file),
// then the browser flows whose rules the database guards (`test:e2e:guarded`: orders and
// Idempotency-Key, tester dates, course seats) on a fresh PostgreSQL database, dropped after, and
// last a few self-contained browser files moved over from lane 1 so both lanes take about as long
// (E2E_LANE in playwright.config.ts; on PGlite, on a server of their own).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = process.env.TEST_POSTGRES_URL;
const args = ['scripts/run-parallel.mjs', 'test:e2e'];
let dropDatabase = () => {};

if (pg) {
  const dbName = `e2e_guarded_${process.pid}`;
  const psql = (sql) => spawnSync('psql', [pg, '-qc', sql], { stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  if (!psql(`create database "${dbName}"`)) {
    console.error(`test-suites: cannot create the database ${dbName} on ${pg}`);
    process.exit(1);
  }
  dropDatabase = () => psql(`drop database if exists "${dbName}" with (force)`);
  const e2eUrl = new URL(pg);
  e2eUrl.pathname = `/${dbName}`;
  args.push(
    '--env-test:e2e',
    'E2E_LANE=1',
    'test:unit,test:db,test:e2e:guarded,test:e2e:second-lane',
    '--env-test:db',
    `TEST_DATABASE_URL=${pg}`,
    '--env-test:e2e:guarded',
    `E2E_DATABASE_URL=${e2eUrl}`,
    '--env-test:e2e:guarded',
    'E2E_PORT=3211',
    '--env-test:e2e:second-lane',
    'E2E_LANE=2',
    '--env-test:e2e:second-lane',
    'E2E_PORT=3212',
  );
} else args.push('test:unit');

const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
dropDatabase();
process.exit(result.status ?? 1);
