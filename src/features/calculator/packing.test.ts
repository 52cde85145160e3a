import { describe, expect, it } from 'vitest';
import { type Packing, packCircles } from './packing';

function checkValid(p: Packing, width: number) {
  for (const c of p.circles) {
    expect(c.x - c.r).toBeGreaterThanOrEqual(-1e-6);
    expect(c.x + c.r).toBeLessThanOrEqual(width + 1e-6);
    expect(c.y - c.r).toBeGreaterThanOrEqual(-1e-6);
  }
  for (let i = 0; i < p.circles.length; i++)
    for (let j = i + 1; j < p.circles.length; j++) {
      const a = p.circles[i];
      const b = p.circles[j];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      // no overlap (touching allowed)
      expect(dist).toBeGreaterThanOrEqual(a.r + b.r - 1e-6);
    }
}

// A deterministic pseudo-random list of cable diameters between 4 and 10.3 mm.
function diameters(n: number, seed = 7): number[] {
  let s = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out.push(4 + ((s >> 8) % 64) / 10);
  }
  return out;
}

describe('packing the cables into the tray drawing', () => {
  it('places every circle once, between the walls, on or above the floor, without overlap', () => {
    const list = diameters(150);
    const p = packCircles(200, 60, list);
    expect(p.circles).toHaveLength(150);
    expect(new Set(p.circles.map((c) => c.index)).size).toBe(150);
    checkValid(p, 200);
    // each circle keeps its own diameter
    for (const c of p.circles) expect(c.r * 2).toBe(list[c.index]);
  });

  it('puts the largest first in the bottom-left corner and fills the floor row first', () => {
    const p = packCircles(100, 60, [6.2, 10.3, 6.2]);
    expect(p.circles[0]).toEqual({ index: 1, x: 5.15, y: 5.15, r: 5.15 });
    // the smaller ones lie on the floor next to it
    expect(p.circles.slice(1).every((c) => Math.abs(c.y - 3.1) < 1e-9)).toBe(true);
  });

  it('fits 16 cables of 6.2 mm on the floor of a 100 mm tray, the 17th goes to the second layer', () => {
    // 16 × 6.2 = 99.2 ≤ 100; 17 × 6.2 = 105.4 > 100
    const p = packCircles(100, 60, Array(17).fill(6.2));
    const floor = p.circles.filter((c) => Math.abs(c.y - 3.1) < 1e-9);
    expect(floor).toHaveLength(16);
    expect(p.circles[16].y).toBeGreaterThan(3.1 + 5); // rests on two cables below
    checkValid(p, 100);
    expect(p.above).toBe(0);
  });

  it('keeps a tray filled to 60 % of its cross-section inside the side height', () => {
    // 150 × 6.2 mm: 150 × 30.19 = 4528.6 mm² of a 100 × 60 = 6000 mm² tray (75 %); take 120: 3622.9 mm² (60 %)
    const p = packCircles(100, 60, Array(120).fill(6.2));
    checkValid(p, 100);
    expect(p.above).toBe(0);
    expect(p.top).toBeLessThanOrEqual(60);
  });

  it('stacks what does not fit above the side height and counts it', () => {
    // 300 × 30.19 = 9057 mm² > 100 × 60 = 6000 mm²: cannot all lie under 60 mm
    const p = packCircles(100, 60, Array(300).fill(6.2));
    checkValid(p, 100);
    expect(p.circles).toHaveLength(300);
    expect(p.above).toBeGreaterThan(0);
    expect(p.top).toBeGreaterThan(60);
  });

  it('is deterministic and leaves out only circles wider than the tray', () => {
    const list = diameters(80, 3);
    expect(packCircles(150, 50, list)).toEqual(packCircles(150, 50, list));
    const p = packCircles(50, 35, [60, 6]);
    expect(p.skipped).toBe(1);
    expect(p.circles.map((c) => c.index)).toEqual([1]);
  });
});
