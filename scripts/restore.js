// npm run restore -- FILE.tar.gz [--force]
// Brings a backup into an empty data folder (DATA_DIR) or, with DATABASE_URL, an empty PostgreSQL
// database and DATA_DIR's files; refuses non-empty ones unless --force. Stop the server first.
// Uses the built server bundle (run `npm run build` first). See README "Backups".
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const { restoreCli } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
process.exitCode = await restoreCli(process.argv.slice(2));
