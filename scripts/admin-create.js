// npm run admin:create -- --email E   (the password: a prompt without echo, ADMIN_PASSWORD, or stdin)
// Creates (or promotes) a verified, active administrator. Uses the built server bundle (run
// `npm run build` first) and the same configuration as the server: DATA_DIR for the embedded
// database (stop the server first: it holds that database), or DATABASE_URL for PostgreSQL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const { adminCreateCli } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
process.exitCode = await adminCreateCli(process.argv.slice(2));
