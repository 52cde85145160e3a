// Issue 41 point 7: the VAT rate has one source, core/money (VAT_RATE, formatVatRate). Labels and
// screens take it from there; a literal "23 %" in a message table or a component would go stale
// the day the rate changes (the calculator had a second constant too).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVatRate, totalsOfNet, VAT_RATE } from '~/core/money/money';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'tests' || name === 'demo' ? [] : files(p);
    return /(messages[^/]*\.ts|\.tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('the VAT rate in labels', () => {
  it('no message table or component writes the rate as a literal', () => {
    const offenders = files('src').filter((f) => /\b23\s?%/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('labels write the money kit rate, and the totals use the same rate', () => {
    expect(formatVatRate()).toBe(`${VAT_RATE}%`);
    expect(totalsOfNet(990)).toEqual({ net: 990, vat: 228, gross: 1218 });
  });
});
