import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '~/core/db/client.server';
import { files } from '~/core/files/files.schema';
import { filesGcCli } from './files-gc-cli.server';

// The command on an embedded data folder (as an operator runs it with the server stopped).

let dataDir: string;
const env = () => ({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const lines: string[] = [];
const out = { log: (m: string) => lines.push(m), error: (m: string) => lines.push(`ERR ${m}`) } as unknown as Console;

async function fileRows() {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db.select().from(files);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'files-gc-cli-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.db.insert(files).values({
    storageKey: '2020/01/old',
    originalName: 'stary.pdf',
    contentType: 'application/pdf',
    size: 123,
    createdAt: new Date('2020-01-01T00:00:00Z'),
  });
  await database.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('--dry-run lists the unused file and removes nothing; without it the file goes', async () => {
  expect(await filesGcCli(['--dry-run'], env(), out)).toBe(0);
  expect(lines.join('\n')).toContain('stary.pdf');
  expect(lines.at(-1)).toContain('1 unused file(s), 123 bytes');
  expect(await fileRows()).toHaveLength(1);

  lines.length = 0;
  expect(await filesGcCli([], env(), out)).toBe(0);
  expect(lines.at(-1)).toContain('Removed 1 unused file(s), 123 bytes');
  expect(await fileRows()).toHaveLength(0);
});

it('refuses a bad grace period', async () => {
  expect(await filesGcCli(['--grace-hours', '-1'], env(), out)).toBe(2);
});
