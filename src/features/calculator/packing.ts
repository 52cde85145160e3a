// Circle packing for the drawing of the tray's cross-section: a deterministic greedy packing of the
// cables (circles) into the tray (a rectangle open at the top), the largest first, each one at the
// lowest and then leftmost place where it touches the floor, a wall or two cables already placed
// ("bottom-left" with gravity). No two circles overlap and every circle lies between the walls and
// on or above the floor; cables that do not fit under the side height are stacked above it and
// reported (`above`), so the drawing shows an overfilled tray as such.
// Coordinates in mm, the origin at the tray's inner bottom-left corner, y upwards.

export interface PackedCircle {
  /** Index of the circle in the input list. */
  index: number;
  x: number;
  y: number;
  r: number;
}

export interface Packing {
  circles: PackedCircle[];
  /** How many circles reach above the side height. */
  above: number;
  /** The highest point of any circle (mm). */
  top: number;
  /** Circles wider than the tray, left out of the drawing. */
  skipped: number;
}

/** The drawing packs at most this many cables (the calculation itself has no such limit). */
export const MAX_DRAWN_CIRCLES = 400;

const EPS = 1e-7;

/** Packs circles of the given diameters into a tray of the given inner width and side height. */
export function packCircles(width: number, height: number, diameters: readonly number[]): Packing {
  const all = diameters.map((d, index) => ({ index, r: d / 2 })).filter((c) => c.r > 0);
  const order = all.filter((c) => c.r * 2 <= width + EPS).sort((a, b) => b.r - a.r || a.index - b.index);
  const maxR = order.length ? order[0].r : 1;
  const cell = Math.max(4 * maxR, 1e-3);
  // A uniform grid of cells 4 × the largest radius: every circle that can touch (or overlap) a new
  // circle, and every pair of circles a new circle can touch both of, lie in neighbouring cells.
  const COLS = 1 << 16;
  const grid = new Map<number, PackedCircle[]>();
  const placed: PackedCircle[] = [];
  let top = 0;
  const cellOf = (v: number) => Math.floor(v / cell);

  function free(x: number, y: number, r: number): boolean {
    if (x < r - EPS || x > width - r + EPS || y < r - EPS) return false;
    const cx = cellOf(x);
    const cy = cellOf(y);
    for (let i = cx - 1; i <= cx + 1; i++)
      for (let j = cy - 1; j <= cy + 1; j++) {
        const list = grid.get(i * COLS + j);
        if (!list) continue;
        for (const c of list) {
          const dx = c.x - x;
          const dy = c.y - y;
          const min = c.r + r - EPS;
          if (dx * dx + dy * dy < min * min) return false;
        }
      }
    return true;
  }

  for (const { index, r } of order) {
    let bx = 0;
    let by = Number.POSITIVE_INFINITY;
    const consider = (x: number, y: number) => {
      // Snap into the walls against rounding, then keep the lowest, then the leftmost.
      const sx = Math.min(Math.max(x, r), width - r);
      const sy = Math.max(y, r);
      if (sy > by + EPS || (Math.abs(sy - by) <= EPS && sx >= bx)) return;
      if (free(sx, sy, r)) {
        bx = sx;
        by = sy;
      }
    };

    consider(r, r);
    consider(width - r, r);
    for (const c of placed) {
      const d = c.r + r;
      // Every place touching c lies at least this high: nothing lower can come from c.
      if (c.y - d > by + EPS) continue;
      // on the floor, touching c
      const fy = r - c.y;
      if (d * d >= fy * fy) {
        const h = Math.sqrt(d * d - fy * fy);
        consider(c.x - h, r);
        consider(c.x + h, r);
      }
      // against a wall, touching c
      for (const wx of [r, width - r]) {
        const fx = wx - c.x;
        if (d * d >= fx * fx) {
          const h = Math.sqrt(d * d - fx * fx);
          consider(wx, c.y - h);
          consider(wx, c.y + h);
        }
      }
      // touching c and a neighbour o of c (each pair once)
      const cx = cellOf(c.x);
      const cy = cellOf(c.y);
      for (let i = cx - 1; i <= cx + 1; i++)
        for (let j = cy - 1; j <= cy + 1; j++) {
          const list = grid.get(i * COLS + j);
          if (!list) continue;
          for (const o of list) {
            if (o.index <= c.index) continue;
            touchingBoth(c, o, r, consider);
          }
        }
    }
    // Always possible: on top of everything, against the left wall.
    if (by === Number.POSITIVE_INFINITY) {
      bx = r;
      by = top + r;
    }

    const circle: PackedCircle = { index, x: bx, y: by, r };
    placed.push(circle);
    const k = cellOf(circle.x) * COLS + cellOf(circle.y);
    const list = grid.get(k);
    if (list) list.push(circle);
    else grid.set(k, [circle]);
    top = Math.max(top, circle.y + r);
  }

  const above = placed.filter((c) => c.y + c.r > height + 1e-6).length;
  return { circles: placed, above, top, skipped: all.length - order.length };
}

/** Hands over the centres of a circle of radius r touching both circles a and b (0, 1 or 2 points). */
function touchingBoth(a: PackedCircle, b: PackedCircle, r: number, use: (x: number, y: number) => void) {
  const ra = a.r + r;
  const rb = b.r + r;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d2 = dx * dx + dy * dy;
  if (d2 === 0 || d2 > (ra + rb) * (ra + rb)) return;
  const d = Math.sqrt(d2);
  if (d < Math.abs(ra - rb)) return;
  const l = (ra * ra - rb * rb + d2) / (2 * d);
  const h2 = ra * ra - l * l;
  if (h2 < 0) return;
  const h = Math.sqrt(h2);
  const mx = a.x + (l * dx) / d;
  const my = a.y + (l * dy) / d;
  use(mx + (h * dy) / d, my - (h * dx) / d);
  use(mx - (h * dy) / d, my + (h * dx) / d);
}
