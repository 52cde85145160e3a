#!/usr/bin/env node
// The test suites of `npm test`, after lint, typecheck and build, side by side (two cores):
//
//   - the browser suite on the embedded database in E2E_SHARDS shards (default 3; playwright.config.ts
//     deals the files to them), each with a server, port and data folder of its own: the suite
//     mostly waits on the browser and the server, so its shards overlap well with the rest;
//   - Vitest (unit and db projects on PGlite);
//   - with TEST_POSTGRES_URL (a PostgreSQL server's URL, as CI sets it): the Vitest db project on
//     PostgreSQL (a database per file, copied from a migrated template), and after the first browser
//     shard the browser flows whose rules the database guards (`test:e2e:guarded`: orders and
//     Idempotency-Key, tester dates, course seats) on a fresh PostgreSQL database, dropped after.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = process.env.TEST_POSTGRES_URL;
const shards = Number(process.env.E2E_SHARDS ?? 3);
const args = ['scripts/run-parallel.mjs'];
for (let i = 1; i <= shards; i++) {
  const name = `test:e2e#${i}`;
  // The guarded browser flows follow the first shard (its lane ends about when the others do,
  // well before either Vitest run): after the Vitest run on PostgreSQL they made the longest lane.
  args.push(pg && i === 1 ? `${name},test:e2e:guarded` : name, `--env-${name}`, `E2E_SHARD=${i}/${shards}`, `--env-${name}`, `E2E_PORT=${3200 + 10 * i}`);
}
args.push('test:unit');
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
    'test:db',
    '--env-test:db',
    `TEST_DATABASE_URL=${pg}`,
    '--env-test:e2e:guarded',
    `E2E_DATABASE_URL=${e2eUrl}`,
    '--env-test:e2e:guarded',
    'E2E_PORT=3250',
  );
}

const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
dropDatabase();
process.exit(result.status ?? 1);
