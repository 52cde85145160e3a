// `npm run ksef:sync`: one run of the KSeF sync (ksef-sync.server.ts) with KSEF_URL, KSEF_NIP and
// KSEF_TOKEN. Uses the configured database (DATA_DIR's embedded one: stop the server first; or
// DATABASE_URL) and DATA_DIR/files. Exit code 0 (also when some invoices were refused: they are
// listed), 1 when KSeF or the database failed, 2 for missing settings.
import path from 'node:path';
import { ConfigError, loadConfig } from '~/core/config.server';
import { openDatabase } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { localStorage, setStorage } from '~/core/files/storage.server';
import { KsefClient } from './ksef/client.server';
import { runKsefSync } from './ksef-sync.server';

export async function ksefSyncCli(_argv: string[], env: NodeJS.ProcessEnv = process.env, out = console): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return 2;
    }
    throw e;
  }
  if (!config.KSEF_URL || !config.KSEF_NIP || !config.KSEF_TOKEN) {
    out.error('Set KSEF_URL (e.g. https://api-test.ksef.mf.gov.pl/v2), KSEF_NIP and KSEF_TOKEN to sync invoices from KSeF.');
    return 2;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (e) {
    out.error(`Cannot open the database (${(e as Error).message}). The embedded database is used by one process at a time: stop the server.`);
    return 1;
  }
  try {
    await database.migrate();
    setDatabase(database);
    setStorage(localStorage(path.join(config.dataDir, 'files')));
    const client = new KsefClient({ baseUrl: config.KSEF_URL, nip: config.KSEF_NIP, token: config.KSEF_TOKEN });
    const r = await runKsefSync({ client, nip: config.KSEF_NIP, log: (m) => out.log(m) });
    out.log(`KSeF: ${r.imported} imported, ${r.skipped} already kept, ${r.refused.length} refused; next run from ${r.cursor ?? 'the start'}.`);
    return 0;
  } catch (e) {
    out.error(`KSeF sync failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
