// Issue 41 point 11 (SPEC section 5): a select's empty option reads '-- wybierz --' ('-- choose --'),
// or '-- {placeholder} --' only when the select has no label. Every select on a screen has a label,
// so every hand-written empty option takes the shared message; the form kits pass theirs in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator } from '~/core/i18n/locale';
import { validationMessages } from '~/core/i18n/validation-messages';

function tsx(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'tests' ? [] : tsx(p);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [p] : [];
  });
}

// The kits' own empty option (a prop) and the product form's "none" choice, which is a value, not a prompt.
const ALLOWED = new Set(["{t('select.empty')}", '{emptyLabel}', '{empty}', "{t('product.choiceNone')}"]);

describe("a select's empty option", () => {
  it('is the shared "-- wybierz --" message on every screen', () => {
    const found = tsx('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<option value="">([\s\S]*?)<\/option>/g)].map((m) => ({ file, text: (m[1] ?? '').trim() })),
    );
    expect(found.length).toBeGreaterThan(3);
    expect(found.filter((o) => !ALLOWED.has(o.text))).toEqual([]);
  });

  it('reads as SPEC section 5 quotes it', () => {
    expect(translator(validationMessages, 'pl')('select.empty')).toBe('-- wybierz --');
    expect(translator(validationMessages, 'en')('select.empty')).toBe('-- choose --');
  });
});
