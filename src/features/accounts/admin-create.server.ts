// `npm run admin:create -- --email E`: creates (or promotes) a verified, active administrator in
// the configured database (DATA_DIR's embedded one, or DATABASE_URL). The embedded database is used
// by one process at a time: stop the server first. The password comes from ADMIN_PASSWORD or a
// prompt that does not echo it (or one line on stdin when it is not a terminal), so it stays out of
// the terminal and the shell history; `--password` remains for scripts, with a warning.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '~/core/config.server';
import { type Database, openDatabase } from '~/core/db/client.server';
import { DatabaseInUse } from '~/core/db/data-dir-lock.server';
import { setDatabase } from '~/core/db/db.server';
import { createOrPromoteAdministrator } from './accounts.server';
import { isCommonPassword } from './password.server';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

const Args = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('--email must be an e-mail address')),
  password: z
    .string()
    .min(PASSWORD_MIN, `the password must be at least ${PASSWORD_MIN} characters long`)
    .max(PASSWORD_MAX, `the password must be at most ${PASSWORD_MAX} characters long`)
    .refine((p) => !isCommonPassword(p), 'the password is a common password; choose another one'),
  'first-name': z.string().trim().min(1).max(100).optional(),
  surname: z.string().trim().min(1).max(100).optional(),
});

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com [--first-name Anna] [--surname Nowak]  (password: prompt or ADMIN_PASSWORD)';

/** Reads the password without echoing it on a terminal; from a pipe, the first line. */
export function promptPassword(
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  return new Promise((resolve) => {
    let muted = false;
    const silent = new Writable({
      write(chunk, _enc, done) {
        if (!muted) output.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input, output: silent, terminal: Boolean(input.isTTY) });
    rl.question('Password (not shown): ', (answer) => {
      resolve(answer);
      if (input.isTTY) output.write('\n');
      rl.close();
    });
    muted = true;
    rl.once('close', () => resolve(''));
  });
}

/** Runs the command; returns the process exit code. */
export async function adminCreateCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
  readPassword: () => Promise<string> = promptPassword,
): Promise<number> {
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
  if (values.password !== undefined) {
    out.error('Warning: --password stays in the shell history and the process list; prefer the prompt or ADMIN_PASSWORD.');
  } else if (values.email !== undefined) {
    values.password = env.ADMIN_PASSWORD || (await readPassword());
  }
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => (i.code === 'invalid_type' ? `--${String(i.path[0])} is required` : i.message));
    out.error(`${missing.join('\n')}\n${USAGE}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // ADMIN_PASSWORD may be set alone for this command (the server wants it with ADMIN_EMAIL).
    config = loadConfig({ ...env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return 2;
    }
    throw e;
  }
  let database: Database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DatabaseInUse) {
      out.error(e.message);
      return 1;
    }
    throw e;
  }
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
