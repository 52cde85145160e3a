// The Node flags of the production start: package.json's start script (`node <flags> server.js`),
// which the Dockerfile's CMD and README repeat. Tools that start the production server (the bench,
// the production-process test) take them from here, so they run what production runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The flags between `node` and `server.js` in package.json's start script of the checkout at `root`. */
export function serverNodeArgs(root) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const flags = /^node((?: --\S+)*) server\.js$/.exec(start);
  if (!flags) throw new Error(`package.json's start script is not "node [--flags] server.js": ${start}`);
  return flags[1].split(' ').filter(Boolean);
}
