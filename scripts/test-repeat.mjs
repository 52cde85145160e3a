#!/usr/bin/env node
// Runs a test suite several times in a row to hunt flaky tests, and reports every failing run.
//
//   npm run test:repeat -- --times 10 --project db            Vitest "db" project (PGlite)
//   npm run test:repeat -- --times 10 --project db --pg       the same on PostgreSQL (TEST_DATABASE_URL
//                                                             or CI_POSTGRES_URL or 127.0.0.1:5432)
//   npm run test:repeat -- --times 3 --project e2e [--pg]     Playwright (build first: npm run build)
//   ... --file src/core/mail/outbox.db.test.ts                only this file (or Playwright filter)
//
// Every run starts from a fresh database (Vitest: one per file; Playwright: a new data folder or a
// new PostgreSQL database). The output of a failing run is kept in tmp/test-repeat/run-N.log.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    times: { type: 'string', default: '10' },
    project: { type: 'string', default: 'db' },
    pg: { type: 'boolean', default: false },
    file: { type: 'string' },
  },
});
const times = Number(values.times);
if (!Number.isInteger(times) || times < 1) throw new Error('--times must be a positive integer');
if (!['unit', 'db', 'e2e'].includes(values.project)) throw new Error('--project is unit, db or e2e');

const pgBase = process.env.TEST_DATABASE_URL ?? process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
mkdirSync('tmp/test-repeat', { recursive: true });

function psql(sql) {
  const r = spawnSync('psql', [pgBase, '-qc', sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
}

const failures = [];
const started = Date.now();
for (let run = 1; run <= times; run++) {
  const env = { ...process.env };
  let cmd;
  let args;
  let dropDb;
  if (values.project === 'e2e') {
    cmd = 'npx';
    args = ['playwright', 'test', ...(values.file ? [values.file] : [])];
    env.E2E_PORT = env.E2E_PORT ?? '3251';
    if (values.pg) {
      const name = `repeat_e2e_${process.pid}_${run}`;
      psql(`create database "${name}"`);
      env.E2E_DATABASE_URL = `${pgBase.replace(/\/[^/]*$/, '')}/${name}`;
      dropDb = () => psql(`drop database if exists "${name}" with (force)`);
    } else delete env.E2E_DATABASE_URL;
  } else {
    cmd = 'npx';
    args = ['vitest', 'run', '--project', values.project, ...(values.file ? [values.file] : [])];
    if (values.pg) env.TEST_DATABASE_URL = pgBase;
    else delete env.TEST_DATABASE_URL;
  }
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  dropDb?.();
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status === 0) {
    console.log(`run ${run}/${times}: passed (${secs} s)`);
  } else {
    const log = `tmp/test-repeat/run-${run}.log`;
    writeFileSync(log, output);
    const lines = output
      .split('\n')
      .filter((l) => /FAIL|✘|failed|Error:/.test(l))
      .slice(0, 12);
    console.log(`run ${run}/${times}: FAILED (${secs} s), output in ${log}\n  ${lines.join('\n  ')}`);
    failures.push(run);
  }
}
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `${values.project}${values.pg ? ' on PostgreSQL' : ''}: ${times - failures.length} of ${times} runs passed in ${total} s` +
    (failures.length ? `; failed runs: ${failures.join(', ')}` : ''),
);
process.exit(failures.length ? 1 : 0);
