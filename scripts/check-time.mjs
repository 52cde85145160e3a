// Part of `npm run lint`: dates have one owner, src/core/time (docs/dates.md). Outside it
// no source file names the zone or passes a timeZone option; it uses core/time's todayInWarsaw,
// warsawDay, warsawMidnight, formatDate and formatTime instead. Tests are exempt (they check the
// module against Intl directly).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES = [
  { pattern: /\btimeZone\s*:/, message: 'an inline timeZone option' },
  { pattern: /['"`]Europe\/Warsaw['"`]/, message: 'the zone written out' },
];
const EXEMPT = [/^src\/core\/time\//, /\.test\.tsx?$/];

/** The violations in one file's text: { line, message }. */
export function checkText(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    for (const rule of RULES) if (rule.pattern.test(line)) out.push({ line: i + 1, message: rule.message });
  });
  return out;
}

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) yield full;
  }
}

/** Every violation under root/src, as 'path:line: message' (paths relative to root). */
export function checkTree(root) {
  const found = [];
  for (const file of sources(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (EXEMPT.some((re) => re.test(rel))) continue;
    for (const v of checkText(readFileSync(file, 'utf8'))) found.push(`${rel}:${v.line}: ${v.message}; use src/core/time`);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = checkTree(process.cwd());
  for (const line of found) console.error(line);
  if (found.length) process.exit(1);
  console.log('✔ dates only through src/core/time');
}
