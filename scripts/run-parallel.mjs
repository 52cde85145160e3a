#!/usr/bin/env node
// Runs npm scripts at the same time (the machine has two cores; Vitest and Playwright share no
// database, port or folder), prefixes each line of output with the script's name, prints how long
// each took, and fails when any of them fails. A failed script's last lines are printed again at
// the end, so its failure summary is not buried under the output of a script that ran longer.
//
// A comma joins scripts into one lane: they run one after another (the lane stops at the first
// failure) while the other lanes run beside it.
//
//   node scripts/run-parallel.mjs test:unit test:e2e
//   node scripts/run-parallel.mjs "test:db" "test:e2e" --env-test:db TEST_DATABASE_URL=postgres://...
//   node scripts/run-parallel.mjs test:unit,test:db test:e2e
//
// `script#label` runs the script under that name (its own --env and prefix), so one script can run
// in several lanes with different environments: test:e2e#1 test:e2e#2 --env-test:e2e#2 E2E_SHARD=2/2
import { spawn } from 'node:child_process';

const lanes = [];
const envOf = new Map();
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const m = /^--env-(.+)$/.exec(a);
  if (m) {
    const [k, ...v] = args[++i].split('=');
    envOf.set(m[1], { ...(envOf.get(m[1]) ?? {}), [k]: v.join('=') });
  } else lanes.push(a.split(',').filter(Boolean));
}
if (lanes.length === 0) throw new Error('usage: run-parallel.mjs <npm script>[,<npm script>...]...');

const TAIL_LINES = 60;
const MARKED_LINES = 40;
// Lines that name a failure in Vitest's and Playwright's output.
const FAILURE_LINE = /(\bFAIL\b|✘|×|✗|\d+ failed|Error:|AssertionError|expected .* to )/;
const fmt = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name.split('#')[0]], {
      env: { ...process.env, ...(envOf.get(name) ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${name}] `;
    const tail = [];
    const marked = [];
    const print = (line) => {
      process.stdout.write(`${prefix}${line}\n`);
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      if (FAILURE_LINE.test(line) && marked.length < MARKED_LINES) marked.push(line.slice(0, 300));
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) print(line);
      });
      stream.on('end', () => {
        if (rest) print(rest);
      });
    }
    child.on('close', (code) => {
      const took = Date.now() - started;
      console.log(`${prefix}${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${fmt(took)}`);
      resolve({ name, code, took, tail, marked });
    });
  });
}

/** The scripts of a lane one after another; a failure ends the lane (the scripts after it are reported as skipped). */
async function runLane(names) {
  const out = [];
  for (const name of names) {
    if (out.some((r) => r.code !== 0)) {
      console.log(`[${name}] skipped: an earlier script of its lane failed`);
      out.push({ name, code: 'skipped', took: 0, tail: [], marked: [] });
      continue;
    }
    out.push(await run(name));
  }
  return out;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
for (const r of results.filter((r) => r.code !== 0 && r.code !== 'skipped')) {
  console.log(`\n==== ${r.name} FAILED: its last ${r.tail.length} lines again ====`);
  for (const line of r.tail) console.log(`[${r.name}] ${line}`);
  console.log(`==== ${r.name}: the first lines that name a failure ====`);
  for (const line of r.marked) console.log(`[${r.name}] ${line}`);
}
console.log(
  results.map((r) => `${r.name}: ${r.code === 0 ? `passed (${fmt(r.took)})` : r.code === 'skipped' ? 'skipped' : `FAILED (${fmt(r.took)})`}`).join('; '),
);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
