// npm run files:gc -- [--dry-run] [--grace-hours N]
// Lists (dry run) or removes uploaded files that nothing refers to, older than the grace period
// (24 h by default). Uses the built server bundle (run `npm run build` first) and the server's
// configuration: DATA_DIR (stop the server first: it holds the embedded database) or DATABASE_URL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const { filesGcCli } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
process.exitCode = await filesGcCli(process.argv.slice(2));
