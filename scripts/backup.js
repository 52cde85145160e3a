// npm run backup -- --out FILE.tar.gz
// One archive of the database and the uploaded files, made while the site keeps serving. Uses the
// built server bundle (run `npm run build` first) and the server's configuration: with the
// embedded database (DATA_DIR) a running server makes the copy (it owns the database), otherwise
// the command opens DATA_DIR itself; with DATABASE_URL it runs pg_dump. See README "Backups".
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const { backupCli } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
process.exitCode = await backupCli(process.argv.slice(2));
