import { describe, expect, it } from 'vitest';
import { displayValue, fieldLabel } from './change-view';
import { changeInfoMessages } from './messages';
import { diffWords, htmlToText, shortenSame } from './diff';

describe('diffWords', () => {
  it('marks removed and added words and keeps the rest', () => {
    expect(diffWords('kabel U/UTP kat. 5e szary', 'kabel U/FTP kat. 6A szary')).toEqual([
      { type: 'same', text: 'kabel ' },
      { type: 'del', text: 'U/UTP' },
      { type: 'ins', text: 'U/FTP' },
      { type: 'same', text: ' kat. ' },
      { type: 'del', text: '5e' },
      { type: 'ins', text: '6A' },
      { type: 'same', text: ' szary' },
    ]);
  });

  it('joined segments rebuild both texts', () => {
    const a = 'Ala ma kota i psa, a Ola ma rybki.';
    const b = 'Ala ma dwa koty, a Ola ma rybki oraz żółwia.';
    const d = diffWords(a, b);
    expect(
      d
        .filter((s) => s.type !== 'ins')
        .map((s) => s.text)
        .join(''),
    ).toBe(a);
    expect(
      d
        .filter((s) => s.type !== 'del')
        .map((s) => s.text)
        .join(''),
    ).toBe(b);
  });

  it('equal texts are one unchanged segment; from empty is one insertion', () => {
    expect(diffWords('tak samo', 'tak samo')).toEqual([{ type: 'same', text: 'tak samo' }]);
    expect(diffWords('', 'nowe')).toEqual([{ type: 'ins', text: 'nowe' }]);
  });
});

describe('shortenSame', () => {
  it('cuts long unchanged stretches around the change', () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const d = shortenSame(diffWords(`${words} stare`, `${words} nowe`), 3);
    expect(d[0]?.text.startsWith('…')).toBe(true);
    expect(d[0]?.text.endsWith('w99 ')).toBe(true);
    expect(d.slice(1)).toEqual([
      { type: 'del', text: 'stare' },
      { type: 'ins', text: 'nowe' },
    ]);
  });
});

describe('values of the change log as text', () => {
  it('HTML becomes its text, one line per block', () => {
    expect(htmlToText('<h2>Tytuł</h2><p>Akapit &amp; <strong>tekst</strong></p><ul><li>a</li><li>b</li></ul>')).toBe('Tytuł\nAkapit & tekst\na\nb');
  });

  it('dates, booleans, lists and empty values', () => {
    expect(displayValue('2025-02-28T23:00:00.000Z', 'pl')).toBe('01.03.2025 00:00');
    expect(displayValue(true, 'pl')).toBe('Tak');
    expect(displayValue(false, 'en')).toBe('No');
    expect(displayValue([2, 3], 'pl')).toBe('2, 3');
    expect(displayValue(null, 'pl')).toBe('');
  });

  it('field names as labels with the language', () => {
    expect(fieldLabel('titlePl', 'pl')).toBe('Tytuł (PL)');
    expect(fieldLabel('contentEn', 'en')).toBe('Content (EN)');
    expect(fieldLabel('roles', 'pl')).toBe('Role');
    expect(fieldLabel('paymentDeadlineDays', 'en')).toBe('Payment deadline days');
    expect(fieldLabel('delivery_name', 'pl')).toBe('Delivery name');
  });

  it('the fields the catalogue logs (products, numbers, images, attributes) have labels in both languages', () => {
    // Without a label the fallback would show "Is facet" or "Weight kg" to a Polish administrator.
    const fields = [
      'categoryId',
      'choiceOfVersion',
      'isFeatured',
      'datasheetFileId',
      'numbers',
      'documents',
      'attributes',
      'related',
      'accessories',
      'imageOrder',
      'alt',
      'fileId',
      'number',
      'multiple',
      'multipleUnit',
      'weightKg',
      'volumeCm',
      'code',
      'unit',
      'type',
      'isFacet',
      'onCard',
      'options',
      'parentId',
    ];
    for (const f of fields) {
      for (const locale of ['pl', 'en'] as const) expect(Object.keys(changeInfoMessages[locale]), `${f} ${locale}`).toContain(`field.${f}`);
    }
    expect(fieldLabel('isFacet', 'pl')).toBe('Filtr na listach');
    expect(fieldLabel('weightKg', 'en')).toBe('Weight (kg)');
    expect(fieldLabel('altEn', 'pl')).toBe('Tekst alternatywny (EN)');
  });
});
