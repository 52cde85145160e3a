// Issue 41 point 8: counts in messages follow each language's plural rules (Intl.PluralRules),
// not "Dodano do koszyka 2 pozycji" or "1 positions have been added".
import { describe, expect, it } from 'vitest';
import { defineMessages, translator } from './locale';

const m = defineMessages({
  pl: { added: 'Dodano do koszyka {n, plural, one {# pozycję} few {# pozycje} other {# pozycji}}{rest}.', none: '{n, plural, =0 {Brak} other {#}} ({n})' },
  en: { added: '{n, plural, one {# line has} other {# lines have}} been added to the cart{rest}.', none: '{n, plural, =0 {None} other {#}} ({n})' },
});

describe('plural forms in messages', () => {
  it('Polish: one, few and many (2-4 but not 12-14, 22-24 …)', () => {
    const t = translator(m, 'pl');
    const forms = [1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 0].map((n) => t('added', { n, rest: '' }));
    expect(forms).toEqual([
      'Dodano do koszyka 1 pozycję.',
      'Dodano do koszyka 2 pozycje.',
      'Dodano do koszyka 4 pozycje.',
      'Dodano do koszyka 5 pozycji.',
      'Dodano do koszyka 12 pozycji.',
      'Dodano do koszyka 14 pozycji.',
      'Dodano do koszyka 21 pozycji.',
      'Dodano do koszyka 22 pozycje.',
      'Dodano do koszyka 25 pozycji.',
      'Dodano do koszyka 112 pozycji.',
      'Dodano do koszyka 0 pozycji.',
    ]);
  });

  it('English: one and other; exact forms and the other placeholders still filled', () => {
    const t = translator(m, 'en');
    expect(t('added', { n: 1, rest: ' (order 7)' })).toBe('1 line has been added to the cart (order 7).');
    expect(t('added', { n: 3, rest: '' })).toBe('3 lines have been added to the cart.');
    expect(t('none', { n: 0 })).toBe('None (0)');
    expect(t('none', { n: 4 })).toBe('4 (4)');
  });
});
