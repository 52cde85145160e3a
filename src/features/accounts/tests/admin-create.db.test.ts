import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/core/db/client.server';
import { userRoles, users } from '../accounts.schema';
import { adminCreateCli } from '../admin-create.server';
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
    expect(await adminCreateCli(['--email', 'admin@example.com'], env, c.out)).toBe(2);
    expect(c.lines.join('\n')).toContain('--password is required');
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
});
