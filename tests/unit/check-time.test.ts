import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkText, checkTree } from '../../scripts/check-time.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'check-time-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

describe('the dates lint rule', () => {
  it('finds an inline timeZone option and the zone written out', () => {
    expect(checkText("new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC' })")).toEqual([{ line: 1, message: 'an inline timeZone option' }]);
    expect(checkText("const a = 1;\nsql`at time zone 'Europe/Warsaw'`")).toEqual([{ line: 2, message: 'the zone written out' }]);
    expect(checkText('// the day in Europe/Warsaw\nformatTime(at, locale)')).toEqual([]);
  });

  it('fails a feature, spares core/time and the tests', () => {
    put('src/features/shop/when.ts', "export const when = (d: Date) => d.toLocaleString('pl-PL', { timeZone: 'Europe/Warsaw' });\n");
    put('src/core/time/format.ts', "const f = new Intl.DateTimeFormat('pl-PL', { timeZone: ZONE });\n");
    put('src/features/shop/when.test.ts', "expect(x).toBe(d.toLocaleString('pl-PL', { timeZone: 'Europe/Warsaw' }));\n");
    expect(checkTree(root)).toEqual([
      'src/features/shop/when.ts:1: an inline timeZone option; use src/core/time',
      'src/features/shop/when.ts:1: the zone written out; use src/core/time',
    ]);
  });

  it('passes on this repository', () => {
    expect(checkTree(path.resolve(__dirname, '../..'))).toEqual([]);
  });
});
