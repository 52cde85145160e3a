// Issue 41 point 23 (W3C validator): autocomplete="street-address" is for a multi-line address (a
// textarea); the site's address fields are one-line inputs, which take "address-line1".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function tsx(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return tsx(p);
    return name.endsWith('.tsx') ? [p] : [];
  });
}

describe('address autocomplete', () => {
  it('no one-line field asks for the multi-line street-address', () => {
    const files = tsx('src');
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('address-line1')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('street-address'))).toEqual([]);
  });
});
