import { describe, expect, it } from 'vitest';
import {
  CABLES,
  cableArea,
  cablesArea,
  DEFAULT_RESERVE,
  P_TABLE,
  parseDecimal,
  parseWhole,
  powerFactor,
  recommendTray,
  S_TABLE,
  STANDARD_TRAYS,
  separation,
  trayFill,
  usableArea,
} from './rules';

describe('cable cross-sections', () => {
  it('is π d² / 4 per cable and Σ count × π d² / 4 for a list', () => {
    // 6.2 mm: 6.2² = 38.44; 38.44 / 4 = 9.61; 9.61 π = 30.1907 mm²
    expect(cableArea(6.2)).toBeCloseTo(30.1907, 4);
    // 24 × 9.61 π = 230.64 π = 724.5769; 12 × 7.2²/4 π = 12 × 12.96 π = 155.52 π = 488.5805; sum 386.16 π = 1213.1574
    expect(
      cablesArea([
        { diameter: 6.2, count: 24 },
        { diameter: 7.2, count: 12 },
      ]),
    ).toBeCloseTo(1213.1574, 3);
    expect(cablesArea([])).toBe(0);
    expect(cablesArea([{ diameter: 6.2, count: 0 }])).toBe(0);
  });

  it('refuses impossible rows', () => {
    expect(() => cablesArea([{ diameter: 0, count: 1 }])).toThrow(RangeError);
    expect(() => cablesArea([{ diameter: 6, count: 1.5 }])).toThrow(RangeError);
    expect(() => cablesArea([{ diameter: 6, count: -1 }])).toThrow(RangeError);
  });

  it('lists the company cables with plausible diameters and unique ids', () => {
    expect(new Set(CABLES.map((c) => c.id)).size).toBe(CABLES.length);
    expect(CABLES.find((c) => c.id === 'uutp-5e')?.diameter).toBe(5.2);
    expect(CABLES.find((c) => c.id === 'uftp-6a')?.diameter).toBe(7.5);
    for (const c of CABLES) expect(c.diameter).toBeGreaterThan(2);
  });
});

describe('tray fill with the free-space reserve (SPEC section 9: 25 % by default)', () => {
  it('the default reserve is 25 %', () => {
    expect(DEFAULT_RESERVE).toBe(0.25);
  });

  it('usable cross-section = width × height × (1 − reserve)', () => {
    // 100 × 60 = 6000; × 0.75 = 4500
    expect(usableArea({ width: 100, height: 60 }, 0.25)).toBe(4500);
    // 300 × 85 = 25500; × 0.6 = 15300
    expect(usableArea({ width: 300, height: 85 }, 0.4)).toBeCloseTo(15300, 9);
    expect(() => usableArea({ width: 100, height: 60 }, 0.95)).toThrow(RangeError);
    expect(() => usableArea({ width: 100, height: 60 }, -0.1)).toThrow(RangeError);
  });

  it('24 × U/UTP cat. 6 and 12 × F/UTP cat. 6 in a 100 × 60 tray pass at 26.96 %', () => {
    const r = trayFill({
      rows: [
        { diameter: 6.2, count: 24 },
        { diameter: 7.2, count: 12 },
      ],
      tray: { width: 100, height: 60 },
      reserve: 0.25,
    });
    // 1213.1574 / 4500 = 0.269590; of the whole 6000: 0.202193
    expect(r.cablesArea).toBeCloseTo(1213.1574, 3);
    expect(r.trayArea).toBe(6000);
    expect(r.usableArea).toBe(4500);
    expect(r.fill).toBeCloseTo(0.26959, 5);
    expect(r.fillOfTray).toBeCloseTo(0.202193, 5);
    expect(r.passes).toBe(true);
    // needs 1213.1574 / 0.75 = 1617.54 mm² of tray: the smallest standard tray 50 × 35 = 1750
    expect(r.recommended).toEqual({ width: 50, height: 35 });
  });

  it('100 × U/FTP cat. 6A (7.5 mm) overfill 100 × 50 and need 100 × 60', () => {
    const r = trayFill({ rows: [{ diameter: 7.5, count: 100 }], tray: { width: 100, height: 50 }, reserve: 0.25 });
    // 100 × 56.25 / 4 π = 1406.25 π = 4417.8647; usable 5000 × 0.75 = 3750; 4417.8647 / 3750 = 1.178097
    expect(r.cablesArea).toBeCloseTo(4417.8647, 3);
    expect(r.fill).toBeCloseTo(1.178097, 5);
    expect(r.passes).toBe(false);
    // needs 4417.8647 / 0.75 = 5890.49 mm²: 60 × 85 = 5100 and 50 × 110 = 5500 are too small, 100 × 60 = 6000 fits
    // (next ones: 150 × 42 = 6300, 60 × 110 = 6600)
    expect(r.recommended).toEqual({ width: 100, height: 60 });
  });

  it('passes at exactly 100 % of the usable cross-section and fails just above', () => {
    // one cable of 2 / √π mm has the cross-section π (4/π) / 4 = 1 mm²; 1750 of them fill 50 × 35 × 1 (reserve 0)
    const d = 2 / Math.sqrt(Math.PI);
    expect(cableArea(d)).toBeCloseTo(1, 12);
    const at = trayFill({ rows: [{ diameter: d, count: 1312 }], tray: { width: 50, height: 35 }, reserve: 0.25 });
    // 1312 mm² ≤ 1750 × 0.75 = 1312.5
    expect(at.passes).toBe(true);
    const above = trayFill({ rows: [{ diameter: d, count: 1313 }], tray: { width: 50, height: 35 }, reserve: 0.25 });
    expect(above.passes).toBe(false);
    expect(above.recommended).toEqual({ width: 50, height: 42 }); // 2100 × 0.75 = 1575 ≥ 1313
  });

  it('for trays of the same cross-section recommends the narrower one', () => {
    // one 57.5 mm bundle: 57.5² / 4 π = 826.5625 π = 2596.72 mm²; reserve 0.
    // 60 × 42 = 2520 is too small; 50 × 60 = 3000 and 60 × 50 = 3000 tie: the narrower 50 × 60 wins
    expect(recommendTray(cableArea(57.5), 0)).toEqual({ width: 50, height: 60 });
    // 500 × 42 = 21000 and 600 × 35 = 21000 tie too: 500 × 42 first
    // (20500 mm² needed: 400 × 50 = 20000 is too small)
    expect(recommendTray(20_500, 0)).toEqual({ width: 500, height: 42 });
  });

  it('recommends nothing when even 600 × 110 is too small', () => {
    // 600 × 110 × 0.75 = 49500; 1000 × 8 mm = 1000 × 16 π = 50265.48
    expect(trayFill({ rows: [{ diameter: 8, count: 1000 }], tray: { width: 600, height: 110 }, reserve: 0.25 }).recommended).toBeNull();
    // 49500 fits exactly
    expect(recommendTray(49_500, 0.25)).toEqual({ width: 600, height: 110 });
  });

  it('orders the 54 standard trays by cross-section, then width', () => {
    expect(STANDARD_TRAYS).toHaveLength(54);
    expect(STANDARD_TRAYS[0]).toEqual({ width: 50, height: 35 });
    expect(STANDARD_TRAYS.at(-1)).toEqual({ width: 600, height: 110 });
    for (let i = 1; i < STANDARD_TRAYS.length; i++) {
      const a = STANDARD_TRAYS[i - 1];
      const b = STANDARD_TRAYS[i];
      expect(a.width * a.height < b.width * b.height || (a.width * a.height === b.width * b.height && a.width < b.width)).toBe(true);
    }
  });
});

describe('cable separation per EN 50174-2', () => {
  it('has the S table of the standard', () => {
    expect(S_TABLE.d).toEqual({ none: 10, open: 8, perforated: 5, solid: 0 });
    expect(S_TABLE.c).toEqual({ none: 50, open: 38, perforated: 25, solid: 0 });
    expect(S_TABLE.b).toEqual({ none: 100, open: 75, perforated: 50, solid: 0 });
    expect(S_TABLE.a).toEqual({ none: 300, open: 225, perforated: 150, solid: 0 });
  });

  it('P follows the table at every boundary', () => {
    const cases: [number, number][] = [
      [1, 0.2],
      [3, 0.2],
      [4, 0.4],
      [6, 0.4],
      [7, 0.6],
      [9, 0.6],
      [10, 0.8],
      [12, 0.8],
      [13, 1],
      [15, 1],
      [16, 2],
      [30, 2],
      [31, 3],
      [45, 3],
      [46, 4],
      [60, 4],
      [61, 5],
      [75, 5],
      [76, 6],
      [500, 6],
    ];
    for (const [circuits, p] of cases) expect([circuits, powerFactor(circuits)]).toEqual([circuits, p]);
    expect(P_TABLE).toHaveLength(10);
  });

  it('refuses a number of circuits that is not a whole number from 1', () => {
    expect(() => powerFactor(0)).toThrow(RangeError);
    expect(() => powerFactor(2.5)).toThrow(RangeError);
    expect(() => powerFactor(-3)).toThrow(RangeError);
  });

  it('A = S × P', () => {
    // class b, open metallic: S = 75; 20 circuits: P = 2; A = 150
    expect(separation({ cls: 'b', barrier: 'open', circuits: 20 })).toEqual({ s: 75, p: 2, a: 150 });
    // class c, perforated: 25; 8 circuits: 0.6; A = 15
    expect(separation({ cls: 'c', barrier: 'perforated', circuits: 8 })).toEqual({ s: 25, p: 0.6, a: 15 });
    // class c, open: 38; 7 circuits: 0.6; 38 × 0.6 = 22.8 (not 22.799999…)
    expect(separation({ cls: 'c', barrier: 'open', circuits: 7 })).toEqual({ s: 38, p: 0.6, a: 22.8 });
    // class d, no barrier: 10; 14 circuits: 1.0; A = 10
    expect(separation({ cls: 'd', barrier: 'none', circuits: 14 })).toEqual({ s: 10, p: 1, a: 10 });
    // class a, no barrier: 300; 100 circuits: 6; A = 1800
    expect(separation({ cls: 'a', barrier: 'none', circuits: 100 })).toEqual({ s: 300, p: 6, a: 1800 });
    // a solid metallic barrier: S = 0, so A = 0 whatever P
    expect(separation({ cls: 'a', barrier: 'solid', circuits: 100 }).a).toBe(0);
  });
});

describe('typed numbers', () => {
  it('reads decimals with a comma or a dot and whole numbers', () => {
    expect(parseDecimal('7,5')).toBe(7.5);
    expect(parseDecimal(' 7.5 ')).toBe(7.5);
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('-1')).toBeNaN();
    expect(parseDecimal('1e3')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
    expect(parseWhole('24')).toBe(24);
    expect(parseWhole('2.5')).toBeNaN();
    expect(parseWhole('')).toBeNaN();
  });
});
