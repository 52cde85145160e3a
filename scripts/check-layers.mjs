// `npm run lint:deps`: the layering check (ARCHITECTURE.md, "Layers"; docs/layers.md), from one cruise of src/:
// 1. dependency-cruiser's rules (.dependency-cruiser.cjs);
// 2. no cycle between features through any of their files (features/a -> features/b -> features/a),
//    tests aside: dependency-cruiser's `circular` sees only cycles of modules;
// 3. ARCHITECTURE.md's feature dependency table is the one the imports give. `--write` rewrites it,
//    keeping the "what for" of every edge that is still there; an edge without one fails the check.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TEST = /(\.test\.tsx?$|\/tests\/)/;
const FEATURE = /^src\/features\/([^/]+)\/(.+)$/;
export const TABLE_START = '<!-- feature-dependencies:start (npm run lint:deps -- --write) -->';
export const TABLE_END = '<!-- feature-dependencies:end -->';
const TODO = 'TODO: say what for';

/**
 * The feature-to-feature imports of the non-test modules of a cruise: a map 'from -> to' of the
 * target modules used (paths inside the target feature, without the extension).
 * @param {{ source: string, dependencies: { resolved: string }[] }[]} modules
 * @returns {Map<string, Set<string>>}
 */
export function featureEdges(modules) {
  const edges = new Map();
  for (const m of modules) {
    const from = m.source.match(FEATURE);
    if (!from || TEST.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = d.resolved.match(FEATURE);
      if (!to || to[1] === from[1]) continue;
      const key = `${from[1]} -> ${to[1]}`;
      if (!edges.has(key)) edges.set(key, new Set());
      edges.get(key).add(to[2].replace(/\.tsx?$/, ''));
    }
  }
  return edges;
}

/**
 * The cycles of the feature graph: each strongly connected group of two or more features, sorted.
 * @param {Iterable<string>} edgeKeys 'from -> to'
 * @returns {string[][]}
 */
export function featureCycles(edgeKeys) {
  const next = new Map();
  for (const key of edgeKeys) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

const cell = (text) => text.replace(/\|/g, '\\|');

/** The "what for" of each edge in a table written by dependencyTable(). */
export function reasonsOf(table) {
  const reasons = new Map();
  for (const line of table.split('\n')) {
    const cells = line.match(/^\| ([a-z0-9-]+) \| ([a-z0-9-]+) \| .* \| (.*) \|$/);
    if (cells && cells[1] !== 'from') reasons.set(`${cells[1]} -> ${cells[2]}`, cells[3].replace(/\\\|/g, '|'));
  }
  return reasons;
}

/** The markdown table of the edges, with the reasons given (TODO where there is none). */
export function dependencyTable(edges, reasons) {
  const rows = [...edges.entries()].sort(([a], [b]) => a.localeCompare(b));
  const lines = ['| from | to | through | what for |', '|---|---|---|---|'];
  for (const [key, targets] of rows) {
    const [from, to] = key.split(' -> ');
    const through = [...targets]
      .sort()
      .map((t) => `\`${t}\``)
      .join(', ');
    lines.push(`| ${from} | ${to} | ${through} | ${cell(reasons.get(key) ?? TODO)} |`);
  }
  return lines.join('\n');
}

/** The document with its table between the markers replaced (throws without the markers). */
export function withTable(doc, table) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`ARCHITECTURE.md lacks the markers ${TABLE_START} ... ${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

async function main() {
  const write = process.argv.includes('--write');
  const { cruise, format } = await import('dependency-cruiser');
  const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(['src'], { ...options, outputType: 'json' }, {}, { tsConfig: extractTSConfig('tsconfig.json') });
  const result = typeof output === 'string' ? JSON.parse(output) : output;
  let failed = false;

  const report = await format(result, { outputType: 'err' });
  process.stdout.write(report.output);
  if (report.exitCode > 0) failed = true;

  const edges = featureEdges(result.modules);
  for (const cycle of featureCycles(edges.keys())) {
    failed = true;
    const through = [...edges.keys()].filter((k) => k.split(' -> ').every((f) => cycle.includes(f)));
    console.error(`error feature-cycle: the features ${cycle.join(', ')} depend on each other (${through.join('; ')}).`);
    console.error('  Make it one way: move the shared piece to its owner, or to core (docs/layers.md).');
  }

  const docPath = 'ARCHITECTURE.md';
  const doc = readFileSync(docPath, 'utf8');
  const current = doc.slice(doc.indexOf(TABLE_START), doc.indexOf(TABLE_END));
  const table = dependencyTable(edges, reasonsOf(current));
  const updated = withTable(doc, table);
  if (write) {
    if (updated !== doc) writeFileSync(docPath, updated);
    console.log(`${docPath}: feature dependency table ${updated === doc ? 'is current' : 'written'}.`);
  } else if (updated !== doc) {
    failed = true;
    console.error(`error feature-table: ${docPath}'s feature dependency table is not the one the imports give; run \`npm run lint:deps -- --write\`.`);
  }
  if (table.includes(TODO)) {
    failed = true;
    console.error(`error feature-table: say in ${docPath} what each new feature-to-feature edge is for (rows marked "${TODO}").`);
  }
  if (failed) process.exit(1);
  console.log(`✔ no feature cycles; ${edges.size} feature-to-feature edges, as ${docPath} lists them.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
