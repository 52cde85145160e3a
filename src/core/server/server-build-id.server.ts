import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A production build's identity for the stored pages (page-store.server.ts): React Router's assets
 * version changes with the client code only, yet a change of server code alone can change the HTML
 * (entry.server.tsx rewrites it), so the bytes of the server bundle count too.
 */
export function buildIdentity(serverDir: string, assetsVersion: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(serverDir, file);
    if (statSync(full).isFile()) hash.update(`${file}\0`).update(readFileSync(full));
  }
  return `${assetsVersion}-${hash.digest('hex').slice(0, 12)}`;
}
