// `npm run files:gc -- [--dry-run] [--grace-hours N]`: lists and removes uploaded files that no
// feature refers to (see core/files/gc.server.ts). Uses the configured database (DATA_DIR's embedded
// one: stop the server first, or use the admin service screen; or DATABASE_URL) and DATA_DIR/files.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '~/core/config.server';
import { openDatabase } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { collectUnreferencedFiles, DEFAULT_GRACE_MS } from '~/core/files/gc.server';
import { localStorage, setStorage } from '~/core/files/storage.server';
// The composition root registers every feature's file references.
import '~/server.server';

const USAGE = 'Usage: npm run files:gc -- [--dry-run] [--grace-hours 24]';

/** Runs the command; returns the process exit code. */
export async function filesGcCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console): Promise<number> {
  let values: { 'dry-run'?: boolean; 'grace-hours'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { 'dry-run': { type: 'boolean' }, 'grace-hours': { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (e) {
    out.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  const graceHours = values['grace-hours'] === undefined ? DEFAULT_GRACE_MS / 3_600_000 : Number(values['grace-hours']);
  if (!Number.isFinite(graceHours) || graceHours < 0) {
    out.error(`--grace-hours must be a number of hours >= 0\n${USAGE}`);
    return 2;
  }
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
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (e) {
    out.error(
      `Cannot open the database (${(e as Error).message}). The embedded database is used by one process at a time: stop the server, or use the admin service screen.`,
    );
    return 1;
  }
  try {
    await database.migrate();
    setDatabase(database);
    setStorage(localStorage(path.join(config.dataDir, 'files')));
    const dryRun = values['dry-run'] === true;
    const result = await collectUnreferencedFiles({
      db: database.db,
      dryRun,
      graceMs: graceHours * 3_600_000,
      cacheDir: path.join(config.dataDir, 'files', 'cache'),
    });
    for (const f of result.orphans) out.log(`${f.id}  ${f.createdAt.toISOString()}  ${String(f.size).padStart(10)} B  ${f.originalName}`);
    const bytes = result.orphans.reduce((s, f) => s + f.size, 0);
    out.log(
      dryRun
        ? `${result.orphans.length} unused file(s), ${bytes} bytes, older than ${graceHours} h (dry run: nothing removed); ${result.young} younger unused file(s) kept.`
        : `Removed ${result.removed} unused file(s), ${result.freedBytes} bytes; kept ${result.kept} referenced meanwhile and ${result.young} younger than ${graceHours} h.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
