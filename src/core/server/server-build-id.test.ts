import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIdentity } from './server-build-id.server';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'build-id-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.js'), 'export * from "./assets/app-1.js";');
  writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'export const html = "<p>a</p>";');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('buildIdentity', () => {
  it('is the same for the same bundle and assets version', () => {
    expect(buildIdentity(dir, 'abc')).toBe(buildIdentity(dir, 'abc'));
    expect(buildIdentity(dir, 'abc')).toMatch(/^abc-[0-9a-f]{12}$/);
  });

  it('changes with a change of server code alone, as deep as a chunk in a subfolder', () => {
    const before = buildIdentity(dir, 'abc');
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'export const html = "<p>b</p>";');
    expect(buildIdentity(dir, 'abc')).not.toBe(before);
  });

  it('changes with the assets version and with a renamed file', () => {
    const before = buildIdentity(dir, 'abc');
    expect(buildIdentity(dir, 'abd')).not.toBe(before);
    rmSync(path.join(dir, 'assets', 'app-1.js'));
    writeFileSync(path.join(dir, 'assets', 'app-2.js'), 'export const html = "<p>a</p>";');
    expect(buildIdentity(dir, 'abc')).not.toBe(before);
  });
});
