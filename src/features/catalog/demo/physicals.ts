// Realistic weight (kg) and volume (cm³) of one unit of a demo catalogue number (per metre for
// cables and trays sold by the metre, per piece otherwise), read from the number's pattern.

export interface Physicals {
  weightKg: number;
  volumeCm: number;
}

const U = (number: string) => Number(/-(\d+)U-/.exec(number)?.[1] ?? 0);
const FIBRES = (number: string) => Number(/-(\d+)$/.exec(number)?.[1] ?? 4);
const LENGTH = (number: string) => {
  const m = /-(05|\d+)-[A-Z]+$/.exec(number) ?? /-(\d+)$/.exec(number);
  if (!m) return 1;
  return m[1] === '05' ? 0.5 : Number(m[1]);
};
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Weight and volume of one unit of a demo catalogue number. */
export function demoPhysicals(number: string): Physicals {
  const n = number.toUpperCase();
  const p = (weightKg: number, volumeCm: number): Physicals => ({ weightKg: round3(weightKg), volumeCm: Math.max(1, Math.round(volumeCm)) });
  // The calculator's online access (software): nothing to weigh or ship.
  if (n === 'CN-KALK-KORYTA') return { weightKg: 0, volumeCm: 0 };
  // Copper installation cable, per metre (a 305 m box of cat. 6 U/UTP weighs about 13 kg).
  if (/^CN-(U|F|S|UF)\d/.test(n)) {
    const cat7 = /^CN-S7/.test(n);
    const cat6a = /^CN-(U|F|S|UF)6A/.test(n);
    const cat6 = /^CN-(U|F|S)6/.test(n);
    const shielded = /^CN-(F|S|UF)/.test(n);
    const base = cat7 ? 0.072 : cat6a ? 0.062 : cat6 ? 0.042 : 0.032;
    return p(base + (shielded ? 0.008 : 0), cat7 || cat6a ? 95 : 75);
  }
  // Fibre cable, per metre, heavier with more fibres and for outdoor sheaths.
  if (/^CN-F[UWZD]-/.test(n)) {
    const fibres = FIBRES(n);
    const outdoor = n.startsWith('CN-FZ');
    return p((outdoor ? 0.09 : 0.035) + fibres * 0.0008, outdoor ? 180 : 60);
  }
  if (n.startsWith('CN-PPK')) return p(/2U/.test(n) ? 2.6 : /-10$/.test(n) ? 0.7 : 1.4, /2U/.test(n) ? 7400 : /-10$/.test(n) ? 1600 : 3700);
  if (n.startsWith('CN-PP')) return p(/-48/.test(n) ? 2.4 : /-12-10/.test(n) ? 0.6 : 1.3, /-48/.test(n) ? 7400 : /-12-10/.test(n) ? 1500 : 3700);
  if (/^CN-K\d/.test(n)) return p(/S/.test(n.slice(4, 7)) ? 0.028 : 0.018, 35);
  if (n.startsWith('CN-GN')) return p(0.09, 260);
  if (n.startsWith('CN-GP') || n.startsWith('CN-RF')) return p(0.06, 180);
  // Copper patch cords: about 40 g per metre plus the plugs and bag.
  if (n.startsWith('CN-PC')) return p(0.02 + LENGTH(n) * 0.04, 120 + LENGTH(n) * 90);
  if (n.startsWith('CN-FPC')) return p(0.015 + LENGTH(n) * 0.012, 100 + LENGTH(n) * 40);
  // Cabinets: wall-mount by height units and depth; floor-standing 600x600 42U about 70 kg.
  if (n.startsWith('CN-SW10')) return p(4 + U(n) * 0.8, 36 * 30 * (U(n) * 4.45 + 5));
  if (n.startsWith('CN-SW19')) {
    const depth = Number(/-(\d{3})-/.exec(n)?.[1] ?? 450) / 10;
    return p(9 + U(n) * 1.1 + (depth > 50 ? 3 : 0), 60 * depth * (U(n) * 4.45 + 8));
  }
  if (n.startsWith('CN-SS')) {
    const dims = /-(\d)(\d)-/.exec(n);
    const width = dims ? Number(dims[1]) * 10 : 60;
    const depth = dims ? Number(dims[2]) * 10 + (dims[2] === '1' ? 90 : 0) : 60;
    return p(28 + U(n) * 1.15 + (width > 60 ? 12 : 0) + (depth > 60 ? 10 : 0), width * depth * (U(n) * 4.45 + 15));
  }
  if (n.startsWith('CN-RO')) return p(/WALL|-W/.test(n) ? 9 : /4P/.test(n) ? 38 : 24, /WALL|-W/.test(n) ? 60 * 40 * 60 : 60 * 80 * 200);
  if (n.startsWith('CN-AP-PL')) return p(/550/.test(n) ? 3.4 : /PLW/.test(n) ? 4.2 : 2.3, 48 * 4.4 * (/550/.test(n) ? 55 : 35));
  if (n.startsWith('CN-AP-PDU')) return p(1.1, 48 * 4.4 * 6);
  if (n.startsWith('CN-AP-WENT')) return p(/WENT4/.test(n) ? 3.1 : 1.9, /WENT4/.test(n) ? 48 * 4.4 * 25 : 35 * 30 * 6);
  if (n.startsWith('CN-AP')) return p(0.012, 8);
  if (n.startsWith('CN-KPP')) {
    const w = Number(/-(\d+)$/.exec(n)?.[1] ?? 100);
    return p(1.2 + (w / 100) * 0.9, (w / 10) * 6 * 100);
  }
  // Cable trays, per metre (3 m sections): wider and taller are heavier.
  if (/^CN-K[SP]P?-\d/.test(n)) {
    const [h, w] = (/-(\d+)-(\d+)/.exec(n)?.slice(1) ?? ['60', '100']).map(Number);
    const perforated = n.startsWith('CN-KP');
    return p((perforated ? 0.9 : 0.55) + (w / 100) * (perforated ? 0.75 : 0.45), (w / 10) * (h / 10) * 100);
  }
  if (n.startsWith('CN-KS-WS')) return p(/400/.test(n) ? 0.95 : 0.55, /400/.test(n) ? 1400 : 800);
  if (n.startsWith('CN-KS')) return p(0.05, 40);
  if (n.startsWith('CN-ODF-10')) return p(0.9, 26 * 4.4 * 20);
  if (n.startsWith('CN-ODF')) return p(/2U/.test(n) ? 3.6 : 2.2, 48 * 4.4 * (/2U/.test(n) ? 2 : 1) * 30);
  if (n.startsWith('CN-AD')) return p(0.006, 6);
  if (n.startsWith('CN-PG')) return p(0.012, 25);
  if (n.startsWith('CN-MUF')) return p(1.9, 45 * 20 * 12);
  if (n.startsWith('CN-SKR')) return p(0.45, 20 * 15 * 6);
  if (n.startsWith('CN-NT')) return p(0.32, 25 * 10 * 5);
  if (n.startsWith('CN-TS-CLN')) return p(0.04, 120);
  if (n.startsWith('CN-TS')) return p(0.38, 22 * 12 * 6);
  if (n.startsWith('CN-OK')) return p(/2U/.test(n) ? 1.5 : 0.9, 48 * 4.4 * (/2U/.test(n) ? 2 : 1) * 8);
  if (n.startsWith('CN-RZ')) return p(0.002, 3);
  if (n.startsWith('CN-WT') || n.startsWith('CN-OP')) return p(0.002, 2);
  if (n.startsWith('CN-OZ')) return p(0.004, 4);
  return p(0.2, 500);
}
