import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSession, saveSession } from '~/core/session/session.server';
import { openTestDatabase } from '~tests/helpers/test-app';
import { setDatabase } from './db.server';
import { queryPrepared } from './prepared.server';

// Prepared statements write their arguments into the EXECUTE text on PGlite: only whole numbers
// and tokens may pass, on both databases alike.

let drop: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  setDatabase(opened.database);
  drop = opened.drop;
});

afterAll(async () => {
  setDatabase(undefined);
  await drop();
});

describe('queryPrepared', () => {
  it('runs a statement again with other arguments', async () => {
    const text = 'select $1::int + 1 as n, $2::text as t';
    expect(await queryPrepared<{ n: number; t: string }>('test_add_one', text, [1, 'pl'])).toEqual([{ n: 2, t: 'pl' }]);
    expect(await queryPrepared<{ n: number; t: string }>('test_add_one', text, [41, 'a-b_C9'])).toEqual([{ n: 42, t: 'a-b_C9' }]);
  });

  it('hands rows over with their types parsed, as a plain query does (json, timestamps, booleans, null, no rows)', async () => {
    const text = `select $1::int as id, json_build_object('a', $1::int, 'b', array[1, 2]) as j, '2026-11-28T10:00:00Z'::timestamptz as at,
      $1::int > 1 as big, null::text as none from generate_series(1, $2::int)`;
    const rows = await queryPrepared<Record<string, unknown>>('test_types', text, [2, 2]);
    expect(rows).toHaveLength(2);
    const { at, ...rest } = rows[0] as { at: Date | string };
    expect(rest).toEqual({ id: 2, j: { a: 2, b: [1, 2] }, big: true, none: null });
    // A Date on PGlite, the driver's text on PostgreSQL (as for every query): callers read it with new Date().
    expect(new Date(at).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(await queryPrepared('test_types', text, [1, 0])).toEqual([]);
  });

  it('refuses an argument that is neither a whole number nor a token', async () => {
    const text = 'select $1::text as t';
    await expect(queryPrepared('test_text', text, ["x' or '1'='1"])).rejects.toThrow(/whole numbers or tokens/);
    await expect(queryPrepared('test_text', text, ['two words'])).rejects.toThrow(/whole numbers or tokens/);
    await expect(queryPrepared('test_text', text, [''])).rejects.toThrow(/whole numbers or tokens/);
    await expect(queryPrepared('test_text', 'select $1::int as n', [1.5])).rejects.toThrow(/whole numbers/);
    await expect(queryPrepared('bad name', text, ['a'])).rejects.toThrow(/Invalid statement name/);
  });
});

describe('loadSession through its prepared statement', () => {
  const sid = 'A'.repeat(42) + 'b';

  it('reads a stored session and ignores a cookie that is not a session id', async () => {
    await saveSession(sid, { userId: null, data: { locale: 'en', n: 1 } });
    expect(await loadSession(sid)).toEqual({ userId: null, data: { locale: 'en', n: 1 } });
    expect(await loadSession(`${sid.slice(0, 40)}'--`)).toBeNull();
    expect(await loadSession('B'.repeat(43))).toBeNull();
  });
});
