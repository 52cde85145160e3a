// npm run ksef:sync
// Imports the invoices issued by KSEF_NIP from KSeF (KSEF_URL, KSEF_TOKEN) since the last run
// (src/features/invoices/ksef-sync.server.ts). Uses the built server bundle (run `npm run build`
// first) and the server's configuration: DATA_DIR (stop the server first) or DATABASE_URL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const { ksefSyncCli } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
process.exitCode = await ksefSyncCli(process.argv.slice(2));
