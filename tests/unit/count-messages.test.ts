// Issue 41 point 8: every count message of every feature follows the language's plural rules.
// Each `{x, plural, …}` form renders whole for 1, 2, 5 and 22 (no brace left, an `other` form), and
// the messages users met read right in both languages.
import { describe, expect, it } from 'vitest';
import { coreMessages } from '~/core/i18n/messages';
import { type Messages, translator } from '~/core/i18n/locale';
import { shopMessages } from '~/features/shop/messages';
import { invoiceMessages } from '~/features/invoices/messages';

const tables = Object.entries(import.meta.glob('/src/**/messages.ts', { eager: true }) as Record<string, Record<string, unknown>>).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, v]) => v && typeof v === 'object' && 'pl' in v && 'en' in v)
    .map(([name, v]) => ({ name: `${file}#${name}`, messages: v as Messages<string> })),
);

describe('count messages', () => {
  it('every plural form of every table renders whole, with an other form, in both languages', () => {
    const broken: string[] = [];
    let plurals = 0;
    for (const { name, messages } of tables) {
      for (const locale of ['pl', 'en'] as const) {
        const t = translator(messages, locale);
        for (const [key, text] of Object.entries(messages[locale])) {
          if (!text.includes(', plural,')) continue;
          plurals += 1;
          const vars = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map((m) => [m[1], 2]));
          if (!/other \{/.test(text)) broken.push(`${name} ${locale} ${key}: no other form`);
          for (const n of [1, 2, 5, 22]) {
            const out = t(key, Object.fromEntries(Object.keys(vars).map((k) => [k, n])));
            if (/[{}#]/.test(out)) broken.push(`${name} ${locale} ${key} (${n}): ${out}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
    expect(plurals).toBeGreaterThan(40);
  });

  it('reads right where users met it', () => {
    const pl = translator(shopMessages, 'pl');
    const en = translator(shopMessages, 'en');
    expect(pl('msg.quick', { count: 2 })).toBe('Dodano do koszyka 2 pozycje.');
    expect(pl('msg.quick', { count: 1 })).toBe('Dodano do koszyka 1 pozycję.');
    expect(en('msg.quick', { count: 1 })).toBe('1 line has been added to the cart.');
    expect(en('msg.quick', { count: 3 })).toBe('3 lines have been added to the cart.');
    expect(translator(invoiceMessages, 'pl')('msg.imported', { n: 3 })).toBe('Zaimportowano 3 faktury.');
    expect(translator(coreMessages, 'pl')('error.429wait', { n: 5 })).toBe('Wykryto zbyt dużą ilość żądań. Proszę odczekać 5 minut i spróbować ponownie.');
    expect(translator(coreMessages, 'en')('error.429wait', { n: 1 })).toBe('Too many requests detected. Please wait 1 minute and try again.');
  });
});
