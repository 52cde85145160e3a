import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPageCache } from '~/core/server/page-cache.server';
import { productDocuments, products } from '../catalog.schema';
import { getProduct } from '../catalog.server';
import { datasheetFilename, documentFilename, documentName } from '../document-names';
import { productDocumentLibrary } from '../product-documents.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

// Issue 17: product documents in English (names and download names) and the library the knowledge
// base lists and searches.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('document names per language', () => {
  it('uses the English name in English and the Polish one only when there is none', () => {
    expect(documentName('en', { namePl: 'Deklaracja', nameEn: 'Declaration' })).toBe('Declaration');
    expect(documentName('en', { namePl: 'Deklaracja', nameEn: ' ' })).toBe('Deklaracja');
    expect(documentName('pl', { namePl: 'Deklaracja', nameEn: 'Declaration' })).toBe('Deklaracja');
  });

  it('downloads a shared file under its English name in English, keeping the extension', () => {
    const dop = { nameEn: 'Declaration of performance CN/CPR/2024/01 (class Eca)', filename: 'DWU-DoP-CN-CPR-2024-01.pdf', locale: null };
    expect(documentFilename('en', dop)).toBe('declaration-of-performance-cn-cpr-2024-01-class-eca.pdf');
    expect(documentFilename('pl', dop)).toBe('DWU-DoP-CN-CPR-2024-01.pdf');
    expect(documentFilename('en', { nameEn: 'CAD drawing CN-SS-42U (DXF)', filename: 'CN-SS-42U.dxf', locale: null })).toBe('cad-drawing-cn-ss-42u.dxf');
    // A file made for English keeps its name; no English name keeps the stored one.
    expect(documentFilename('en', { nameEn: 'EU declaration', filename: 'declaration-of-conformity.pdf', locale: 'en' })).toBe('declaration-of-conformity.pdf');
    expect(documentFilename('en', { nameEn: '', filename: 'deklaracja.pdf', locale: null })).toBe('deklaracja.pdf');
    expect(datasheetFilename('en', 'karta-katalogowa-CN-1.pdf', 'u-utp-cable')).toBe('datasheet-u-utp-cable.pdf');
    expect(datasheetFilename('pl', 'karta-katalogowa-CN-1.pdf', 'u-utp-cable')).toBe('karta-katalogowa-CN-1.pdf');
  });

  it('the English product page names and downloads every document in English, and the server sends that name', async () => {
    const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.namePl, 'Kabel U/UTP kat. 6 LSOH Dca 4x2x23AWG'));
    const en = await getProduct(row.id, 'en');
    const all = en?.documents.flatMap((g) => g.items) ?? [];
    expect(all.length).toBeGreaterThan(2);
    for (const d of all) {
      expect(d.name).not.toMatch(/[ąćęłńóśźż]|deklaracja|certyfikat/i);
      expect(d.filename).not.toMatch(/[ąćęłńóśźż]|deklaracja|dwu-|karta/i);
    }
    expect(en?.datasheet?.filename).toMatch(/^datasheet-.*\.pdf$/);
    const dop = en?.documents.find((g) => g.type === 'declaration_of_performance')?.items[0];
    const res = await new TestClient(t.app).get(`/files/${dop?.fileId}/${encodeURIComponent(dop?.filename ?? '')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${dop?.filename}"`);
  });
});

describe('productDocumentLibrary', () => {
  it('lists each file once by type in the SPEC order, with its products and their count', async () => {
    const groups = await productDocumentLibrary('en');
    expect(groups.map((g) => g.type)).toEqual(['declaration_of_conformity', 'declaration_of_performance', 'certificate', 'cad', 'revit', 'other']);
    const copper = groups[0].items.find((d) => d.name === 'EU declaration of conformity – copper cables');
    expect(copper?.filename).toBe('declaration-of-conformity-copper-cables.pdf');
    expect(copper?.url).toMatch(/^\/files\/[0-9a-f-]{36}\/declaration-of-conformity-copper-cables\.pdf$/);
    expect(copper?.products).toHaveLength(3);
    expect(copper?.productCount).toBeGreaterThan(3);
    expect(copper?.products[0].href).toMatch(/^\/en\/product\/\d+-[a-z0-9-]+$/);
    // The Polish-language declaration is not in the English list, and the other way round.
    expect(groups[0].items.some((d) => d.name.endsWith('(Polish)'))).toBe(false);
    const pl = await productDocumentLibrary('pl');
    expect(pl[0].items.some((d) => d.name === 'Deklaracja zgodności UE – kable miedziane')).toBe(true);
    expect(pl[0].items.some((d) => d.name.endsWith('(angielska)'))).toBe(false);
    const fileIds = groups.flatMap((g) => g.items.map((d) => d.fileId));
    expect(new Set(fileIds).size).toBe(fileIds.length);
  });

  it('cuts each group to a limit and keeps the total; one type alone lists all', async () => {
    const cut = await productDocumentLibrary('en', { limit: 2 });
    const cad = cut.find((g) => g.type === 'cad');
    expect(cad?.items).toHaveLength(2);
    const full = await productDocumentLibrary('en', { type: 'cad' });
    expect(full.map((g) => g.type)).toEqual(['cad']);
    expect(full[0].items).toHaveLength(cad?.total ?? -1);
  });

  it('searches names in both languages, file names and products, without accents', async () => {
    const pl = await productDocumentLibrary('pl', { search: 'deklaracja wlasciwosci' });
    expect(pl.map((g) => g.type)).toEqual(['declaration_of_performance']);
    const en = await productDocumentLibrary('en', { search: 'właściwości' });
    expect(en.map((g) => g.type)).toEqual(['declaration_of_performance']);
    const byNumber = await productDocumentLibrary('en', { search: 'CN-SS-42U-66-G' });
    expect(byNumber.find((g) => g.type === 'cad')?.items.map((d) => d.name)).toEqual(['CAD drawing CN-SS-42U-66-G (DXF)']);
    expect(await productDocumentLibrary('en', { search: 'zzzz-nothing' })).toEqual([]);
  });

  it('leaves out documents of inactive products', async () => {
    const [cad] = (await productDocumentLibrary('en', { search: 'CN-SS-42U-66-G' })).filter((g) => g.type === 'cad');
    const fileId = cad.items[0].fileId;
    const [doc] = await t.database.db.select().from(productDocuments).where(eq(productDocuments.fileId, fileId));
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, doc.productId));
    clearPageCache();
    const after = await productDocumentLibrary('en', { search: 'CN-SS-42U-66-G' });
    expect(after.flatMap((g) => g.items).some((d) => d.fileId === fileId)).toBe(false);
    await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, doc.productId));
    clearPageCache();
  });
});
