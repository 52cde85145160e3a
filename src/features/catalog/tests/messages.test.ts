import { describe, expect, it } from 'vitest';
import { catalogMessages, countKey, fileKind, formatMultiple } from '../messages';

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

  it('picks the Polish plural form of a product count', () => {
    expect([1, 3, 5, 22, 25, 112].map((n) => countKey(n, 'pl'))).toEqual([
      'category.count.one',
      'category.count.few',
      'category.count.many',
      'category.count.few',
      'category.count.many',
      'category.count.many',
    ]);
  });

  it('formats sales multiples and file kinds', () => {
    expect(formatMultiple(305, 'm', 'pl')).toBe('305 m');
    expect(formatMultiple(24, 'szt.', 'en')).toBe('24 pcs');
    expect(formatMultiple(1.5, 'm', 'pl')).toBe('1,5 m');
    expect(fileKind('CN-SS-42U.dxf')).toBe('DXF');
  });
});
