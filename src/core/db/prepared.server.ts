import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import { getDatabase } from '~/core/db/db.server';

// Hot read queries (public pages, the session and user of every logged-in request) as server-side
// prepared statements: PGlite plans every query from scratch, and planning a small query costs
// several times its execution. PGlite runs statements one at a time on one session, so a statement
// prepared once (PREPARE) is executed with EXECUTE; its arguments are written into the EXECUTE
// text, which is why only whole numbers and tokens (letters, digits, '-' and '_': locale codes,
// session ids) are accepted. postgres-js prepares statements by itself.

export type PreparedArg = number | string;

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

const prepared = new WeakMap<object, Map<string, Promise<unknown>>>();

function literal(arg: PreparedArg): string {
  if (typeof arg === 'number') {
    if (!Number.isSafeInteger(arg)) throw new Error('Prepared statement arguments must be whole numbers');
    return String(arg);
  }
  if (!TOKEN.test(arg)) throw new Error('Prepared statement arguments must be whole numbers or tokens');
  return `'${arg}'`;
}

/** Rows of a named statement (`text` uses $1, $2…); the name must be unique per statement text. */
export async function queryPrepared<T>(name: string, text: string, args: PreparedArg[]): Promise<T[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('Invalid statement name');
  const literals = args.map(literal); // checked on both databases, so neither accepts more than the other
  const database = getDatabase();
  if (database.kind === 'postgres') {
    const client = (database.db as unknown as { $client: Sql }).$client;
    return (await client.unsafe(text, args, { prepare: true })) as unknown as T[];
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let statements = prepared.get(client);
  if (!statements) {
    statements = new Map();
    prepared.set(client, statements);
  }
  let ready = statements.get(name);
  if (!ready) {
    ready = client.exec(`PREPARE ${name} AS ${text}`);
    statements.set(name, ready);
    ready.catch(() => statements?.delete(name));
  }
  await ready;
  // One simple-protocol message instead of the extended protocol's five (parse, describe, bind,
  // execute, sync), each a call into the database: a third of a small statement's cost. The text is
  // one statement: the name and every argument were checked above.
  const [result] = await client.exec(`EXECUTE ${name}(${literals.join(', ')})`);
  return (result?.rows ?? []) as T[];
}
