import { describe, expect, it } from 'vitest';
import { translator } from '~/core/i18n/locale';
import { catalogMessages, fileKind, formatMultiple } from '../messages';

describe('catalogue texts', () => {
  it('uses the SPEC empty-list text in both languages', () => {
    expect(catalogMessages.en['category.empty']).toBe('No products found matching the selected criteria.');
    expect(catalogMessages.pl['category.empty']).toBe('Nie znaleziono produktów spełniających wybrane kryteria.');
  });

  it('names the six document types in both languages', () => {
    expect([
      catalogMessages.pl['doc.declaration_of_conformity'],
      catalogMessages.en['doc.declaration_of_performance'],
      catalogMessages.pl['doc.revit'],
      catalogMessages.en['doc.cad'],
    ]).toEqual(['Deklaracja zgodności', 'Declaration of performance', 'Plik Revit', 'CAD drawing']);
  });

  it('writes a product count in the plural form of each language', () => {
    const pl = translator(catalogMessages, 'pl');
    expect([1, 3, 5, 22, 25, 112].map((n) => pl('category.count', { n }))).toEqual([
      '1 produkt',
      '3 produkty',
      '5 produktów',
      '22 produkty',
      '25 produktów',
      '112 produktów',
    ]);
    const en = translator(catalogMessages, 'en');
    expect([1, 3].map((n) => en('category.count', { n }))).toEqual(['1 product', '3 products']);
  });

  it('formats sales multiples and file kinds', () => {
    expect(formatMultiple(305, 'm', 'pl')).toBe('305 m');
    expect(formatMultiple(24, 'szt.', 'en')).toBe('24 pcs');
    expect(formatMultiple(1.5, 'm', 'pl')).toBe('1,5 m');
    expect(fileKind('CN-SS-42U.dxf')).toBe('DXF');
  });
});
