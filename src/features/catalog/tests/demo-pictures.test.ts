import { describe, expect, it } from 'vitest';
import { CATEGORIES, type CategoryDef, demoProducts } from '../demo/catalog.data';
import { type Drawing, drawingSvg, familyDrawing, PRODUCT_KINDS, type ProductKind, pictureKind } from '../demo/drawings';

// The demo catalogue's pictures: each product shows its own kind of product, and no picture is used
// for two different kinds (a patch cord never looks like a keystone jack, a plug never like a bag of ties).

/** What the products of each demo category are (by category key prefix; the longest prefix wins). */
const KINDS_BY_CATEGORY: [string, ProductKind[]][] = [
  ['copper', ['copper cable']],
  ['fibre-', ['fibre cable']],
  ['panels', ['patch panel']],
  ['keystone-utp', ['keystone jack']],
  ['keystone-stp', ['keystone jack']],
  ['keystone-surface', ['surface outlet']],
  ['keystone-flush', ['flush outlet']],
  ['cords-fibre', ['fibre patch cord']],
  ['cords-', ['patch cord']],
  ['racks-wall', ['wall cabinet']],
  ['racks-floor', ['floor cabinet']],
  ['racks-open', ['open rack']],
  ['racks-shelves', ['shelf']],
  ['racks-power', ['power strip']],
  ['racks-cooling', ['fan panel']],
  ['racks-accessories', ['cage nuts']],
  ['trays-mesh', ['wire mesh tray']],
  ['trays-perforated', ['perforated tray', 'tray cover']],
  ['trays-fittings', ['tray bracket', 'tray connector', 'threaded rod']],
  ['trays', ['calculator']],
  ['fd-odf', ['fibre patch panel']],
  ['fd-adapters', ['fibre adapter']],
  ['fd-pigtails', ['pigtail']],
  ['fd-closures', ['splice closure', 'fibre wall box', 'splice protectors']],
  ['tools-crimp', ['crimping tool']],
  ['tools-punch', ['punch-down tool', 'cable stripper', 'cable cutter', 'fibre stripper']],
  ['tools-testers', ['cable tester', 'fault locator', 'power meter', 'light source', 'connector cleaner']],
  ['acc-managers', ['cable manager']],
  ['acc-ties', ['cable ties', 'hook-and-loop straps']],
  ['acc-plugs', ['RJ45 plug', 'plug boots']],
  ['acc-labels', ['labels']],
];

function expectedKinds(category: string): ProductKind[] | undefined {
  const rules = KINDS_BY_CATEGORY.filter(([prefix]) => category === prefix || category.startsWith(prefix));
  return rules.sort((a, b) => b[0].length - a[0].length)[0]?.[1];
}

const products = demoProducts();

describe('demo product pictures', () => {
  it('draws every demo product as the kind of product it is', () => {
    for (const p of products) {
      const kinds = expectedKinds(p.category);
      expect(kinds, `no expected kind for category ${p.category}`).toBeDefined();
      expect(kinds, `${p.nameEn} (${p.category})`).toContain(pictureKind(p.drawing));
    }
  });

  it('has a picture for each kind the brief names, and every product has a picture', () => {
    const used = new Set(products.map((p) => pictureKind(p.drawing)));
    for (const kind of [
      'copper cable',
      'fibre cable',
      'patch cord',
      'fibre patch cord',
      'keystone jack',
      'RJ45 plug',
      'patch panel',
      'floor cabinet',
      'wall cabinet',
      'wire mesh tray',
      'pigtail',
      'splice closure',
      'crimping tool',
      'cable tester',
      'flush outlet',
      'cable ties',
    ] as const) {
      expect(used, kind).toContain(kind);
    }
    for (const p of products) expect(drawingSvg(p.drawing)).toMatch(/^<svg [^>]*viewBox="0 0 1200 900">.+<\/svg>$/s);
  });

  it('never uses one picture for two different kinds of product', () => {
    const kindOfPicture = new Map<string, ProductKind>();
    const drawings: Drawing[] = [...products.map((p) => p.drawing), ...categoryImages(CATEGORIES)];
    for (const d of drawings) {
      const svg = drawingSvg(d);
      const kind = pictureKind(d);
      expect(kindOfPicture.get(svg) ?? kind, JSON.stringify(d)).toBe(kind);
      kindOfPicture.set(svg, kind);
    }
    // Every kind draws differently from every other: one representative picture per kind, all distinct.
    const representative = new Map<ProductKind, string>();
    for (const d of drawings) if (!representative.has(pictureKind(d))) representative.set(pictureKind(d), drawingSvg(familyDrawing(d)));
    expect(new Set(representative.values()).size).toBe(representative.size);
  });

  it('keeps kinds apart in the shared pictures of the large catalogue', () => {
    const kindOfFile = new Map<string, ProductKind>();
    for (const p of products) {
      const family = familyDrawing(p.drawing);
      expect(pictureKind(family), p.nameEn).toBe(pictureKind(p.drawing));
      const key = JSON.stringify(family);
      expect(kindOfFile.get(key) ?? pictureKind(family)).toBe(pictureKind(family));
      kindOfFile.set(key, pictureKind(family));
    }
    // A handful of files, but one per kind at least.
    const kinds = new Set(products.map((p) => pictureKind(p.drawing)));
    expect(new Set(kindOfFile.values())).toEqual(kinds);
    expect(kindOfFile.size).toBeLessThan(products.length / 2);
  });

  it('gives every top-level category its own picture', () => {
    const images = CATEGORIES.map((c) => c.image).filter((d): d is Drawing => !!d);
    expect(images).toHaveLength(CATEGORIES.length);
    expect(new Set(images.map((d) => drawingSvg(d))).size).toBe(images.length);
    expect(PRODUCT_KINDS).toContain(pictureKind(images[0]));
  });
});

function categoryImages(defs: CategoryDef[]): Drawing[] {
  return defs.flatMap((c) => [...(c.image ? [c.image] : []), ...categoryImages(c.children ?? [])]);
}
