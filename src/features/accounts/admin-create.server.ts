// `npm run admin:create -- --email E --password P`: creates (or promotes) a verified, active
// administrator in the configured database (DATA_DIR's embedded one, or DATABASE_URL). The embedded
// database is used by one process at a time: stop the server first.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '~/core/config.server';
import { openDatabase } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { createOrPromoteAdministrator } from './accounts.server';
import { isCommonPassword } from './password.server';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

const Args = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('--email must be an e-mail address')),
  password: z
    .string()
    .min(PASSWORD_MIN, `--password must be at least ${PASSWORD_MIN} characters long`)
    .max(PASSWORD_MAX, `--password must be at most ${PASSWORD_MAX} characters long`)
    .refine((p) => !isCommonPassword(p), '--password is a common password; choose another one'),
  'first-name': z.string().trim().min(1).max(100).optional(),
  surname: z.string().trim().min(1).max(100).optional(),
});

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password "a long password" [--first-name Anna] [--surname Nowak]';

/** Runs the command; returns the process exit code. */
export async function adminCreateCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, surname: { type: 'string' } },
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (e) {
    out.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => (i.code === 'invalid_type' ? `--${String(i.path[0])} is required` : i.message));
    out.error(`${missing.join('\n')}\n${USAGE}`);
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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    setDatabase(database);
    const { email, password } = parsed.data;
    const result = await createOrPromoteAdministrator({
      email,
      password,
      firstName: parsed.data['first-name'],
      surname: parsed.data.surname,
    });
    out.log(`${result.created ? 'Created' : 'Promoted'} administrator ${email} (user ${result.userId}, ${database.kind} database).`);
    return 0;
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
