import { mkdtempSync, rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/core/db/client.server';
import { userRoles, users } from '../accounts.schema';
import { adminCreateCli, promptPassword } from '../admin-create.server';
import { verifyPassword } from '../password.server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } as unknown as Console };
}

const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) };

describe('npm run admin:create', () => {
  it('refuses missing or weak arguments without touching the database', async () => {
    const c = capture();
    expect(await adminCreateCli(['--password', 'Panel-Admina-2025x'], env, c.out)).toBe(2);
    expect(c.lines.join('\n')).toContain('--email is required');
    expect(await adminCreateCli(['--email', 'admin@example.com'], env, c.out, async () => '')).toBe(2);
    expect(c.lines.join('\n')).toContain('the password must be at least');
    expect(await adminCreateCli(['--email', 'admin@example.com', '--password', 'qwertyuiop'], env, c.out)).toBe(2);
    expect(c.lines.join('\n')).toContain('common password');
  });

  it('creates a verified, active administrator in the embedded database, then promotes idempotently', async () => {
    const c = capture();
    expect(await adminCreateCli(['--email', 'Admin@Example.com', '--password', 'Panel-Admina-2025x'], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toMatch(/^Created administrator admin@example.com \(user \d+, pglite database\)\.$/);
    expect(await adminCreateCli(['--email', 'admin@example.com', '--password', 'Panel-Admina-2026x'], env, c.out)).toBe(0);
    expect(c.lines.at(-1)).toMatch(/^Promoted administrator/);

    const db = await openDatabase({ dataDir });
    try {
      const [u] = await db.db.select().from(users).where(eq(users.email, 'admin@example.com'));
      expect(u.isActive).toBe(true);
      expect(u.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(u.passwordHash, 'Panel-Admina-2026x')).toBe(true);
      expect((await db.db.select().from(userRoles).where(eq(userRoles.userId, u.id))).map((r) => r.roleId)).toEqual([1]);
    } finally {
      await db.close();
    }
  });

  it('refuses, with one plain line, while another opener (a running server) holds the embedded database', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const c = capture();
      expect(await adminCreateCli(['--email', 'second@example.com'], { ...env, ADMIN_PASSWORD: 'Panel-Admina-2027x' }, c.out)).toBe(1);
      expect(c.lines).toEqual([
        expect.stringMatching(new RegExp(`^The embedded database in .+ is in use by process ${process.pid} \\(this one\\)\\. Stop it first`)),
      ]);
      const found = await held.db.select().from(users).where(eq(users.email, 'second@example.com'));
      expect(found).toEqual([]);
    } finally {
      await held.close();
    }
  });

  it('takes the password from a prompt or ADMIN_PASSWORD, and warns when it is given on the command line', async () => {
    const c = capture();
    const asked: string[] = [];
    const prompt = async () => {
      asked.push('prompt');
      return 'Panel-Admina-Prompt-1';
    };
    expect(await adminCreateCli(['--email', 'prompt@example.com'], env, c.out, prompt)).toBe(0);
    expect(asked).toEqual(['prompt']);
    expect(await adminCreateCli(['--email', 'envpass@example.com'], { ...env, ADMIN_PASSWORD: 'Panel-Admina-Env-12' }, c.out, prompt)).toBe(0);
    expect(asked).toEqual(['prompt']);
    expect(c.lines.join('\n')).not.toContain('Warning');
    expect(await adminCreateCli(['--email', 'cli@example.com', '--password', 'Panel-Admina-Cli-12'], env, c.out, prompt)).toBe(0);
    expect(c.lines.join('\n')).toContain('Warning: --password stays in the shell history');
    const db = await openDatabase({ dataDir });
    try {
      const hashOf = async (email: string) => (await db.db.select().from(users).where(eq(users.email, email)))[0].passwordHash;
      expect(await verifyPassword(await hashOf('prompt@example.com'), 'Panel-Admina-Prompt-1')).toBe(true);
      expect(await verifyPassword(await hashOf('envpass@example.com'), 'Panel-Admina-Env-12')).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('the prompt reads one line from a pipe and never writes the password out', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (d) => {
      written += String(d);
    });
    const answer = promptPassword(input, output);
    input.end('Tajne-Haslo-Z-Potoku\nnext line\n');
    expect(await answer).toBe('Tajne-Haslo-Z-Potoku');
    expect(written).toContain('Password (not shown): ');
    expect(written).not.toContain('Tajne');
  });
});
