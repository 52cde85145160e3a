// Realistic net list prices (grosze per unit: per metre for cable and trays, per piece otherwise)
// of the demo catalogue numbers, read from the number's pattern.

const U = (n: string) => Number(/-(\d+)U-/.exec(n)?.[1] ?? 0);
const LENGTH = (n: string) => {
  const m = /-(05|\d+)-[A-Z]+$/.exec(n) ?? /-(\d+)$/.exec(n);
  if (!m) return 1;
  return m[1] === '05' ? 0.5 : Number(m[1]);
};

/** Rounds to a price that looks like a list price: whole grosze, 10 gr steps from 10 zł up. */
function listPrice(zl: number): number {
  const g = Math.round(zl * 100);
  return g >= 1000 ? Math.round(g / 10) * 10 : Math.max(1, g);
}

/** Net base price in grosze of one unit of a demo catalogue number. */
export function demoBasePrice(number: string): number {
  const n = number.toUpperCase();
  // The cable-tray calculator's online access: SPEC section 9, 9.90 PLN net.
  if (n === 'CN-KALK-KORYTA') return 990;
  if (/^CN-(U|F|S|UF)\d/.test(n)) {
    const perM = /^CN-S7A/.test(n) ? 6.2 : /^CN-S7/.test(n) ? 5.1 : /^CN-(U|F|S|UF)6A/.test(n) ? 3.85 : /^CN-(U|F|S)6/.test(n) ? 2.35 : 1.55;
    const extra = (/^CN-(F|S|UF)/.test(n) ? 0.45 : 0) + (/L-|D-|Z-/.test(n) ? 0.35 : 0);
    return listPrice(perM + extra);
  }
  if (/^CN-F[UWZD]-/.test(n)) {
    const fibres = Number(/-(\d+)$/.exec(n)?.[1] ?? 4);
    const mm = /OM[345]/.test(n) ? 0.25 * fibres : 0.12 * fibres;
    return listPrice((n.startsWith('CN-FZ') ? 2.9 : 1.6) + mm);
  }
  if (n.startsWith('CN-PPK')) return listPrice(/2U|48/.test(n) ? 289 : /-10$/.test(n) ? 119 : 169);
  if (n.startsWith('CN-PP')) {
    const ports = /-48/.test(n) ? 2 : 1;
    const cat = /6A/.test(n) ? 410 : /6/.test(n) ? 245 : 165;
    return listPrice((/-12-10/.test(n) ? cat * 0.55 : cat * ports * 0.92) + (/S-/.test(n) ? 60 : 0));
  }
  if (/^CN-K\d/.test(n)) {
    const cat = /6A/.test(n) ? 24.9 : /6/.test(n) ? 13.9 : 8.9;
    return listPrice(cat + (/S/.test(n.slice(4, 8)) ? 6 : 0));
  }
  if (n.startsWith('CN-GN')) return listPrice(/26/.test(n) ? 21.5 : 14.9);
  if (n.startsWith('CN-GP')) return listPrice(17.9);
  if (n.startsWith('CN-RF')) return listPrice(6.4);
  if (n.startsWith('CN-PC')) {
    const perM = /6A/.test(n) ? 5.8 : /6/.test(n) ? 3.1 : 2.2;
    return listPrice((/6A/.test(n) ? 14 : 6.5) + LENGTH(n) * perM + (/S-|F-|UF-/.test(n) ? 3 : 0));
  }
  if (n.startsWith('CN-FPC')) return listPrice((/MPO/.test(n) ? 165 : /APC/.test(n) ? 34 : 22) + LENGTH(n) * (/MPO/.test(n) ? 18 : 2.4));
  if (n.startsWith('CN-SW10')) return listPrice(240 + U(n) * 28);
  if (n.startsWith('CN-SW19')) return listPrice(330 + U(n) * 42 + (/-600-/.test(n) ? 120 : 0));
  if (n.startsWith('CN-SS')) return listPrice(1450 + U(n) * 38 + (/-68-|-86-/.test(n) ? 420 : 0) + (/-88-|-81/.test(n) ? 880 : 0));
  if (n.startsWith('CN-RO')) return listPrice(/4P/.test(n) ? 1390 : /2P/.test(n) ? 790 : 360);
  if (n.startsWith('CN-AP-PL')) return listPrice(/550/.test(n) ? 139 : /PLW/.test(n) ? 249 : 89);
  if (n.startsWith('CN-AP-PDU')) return listPrice(/ZP/.test(n) ? 239 : 149);
  if (n.startsWith('CN-AP-WENT')) return listPrice(/WENT4/.test(n) ? 429 : 289);
  if (n.startsWith('CN-AP')) return listPrice(0.85);
  if (n.startsWith('CN-KPP')) return listPrice(34 + Number(/-(\d+)$/.exec(n)?.[1] ?? 100) * 0.09);
  if (/^CN-K[SP]-\d/.test(n)) {
    const [h, w] = (/-(\d+)-(\d+)/.exec(n)?.slice(1) ?? ['60', '100']).map(Number);
    return listPrice((n.startsWith('CN-KP') ? 19 : 14) + w * 0.055 + h * 0.08);
  }
  if (n.startsWith('CN-KS-WS')) return listPrice(/400/.test(n) ? 26.5 : 17.9);
  if (n.startsWith('CN-KS-PR')) return listPrice(7.2);
  if (n.startsWith('CN-KS')) return listPrice(/UZ/.test(n) ? 5.9 : 3.4);
  if (n.startsWith('CN-ODF-10')) return listPrice(219);
  if (n.startsWith('CN-ODF')) return listPrice((/2U/.test(n) ? 389 : 229) + (/48/.test(n) ? 90 : 0));
  if (n.startsWith('CN-AD')) return listPrice(/MPO/.test(n) ? 29.9 : /Q/.test(n) ? 12.9 : /D/.test(n) ? 4.9 : 3.2);
  if (n.startsWith('CN-PG')) return listPrice(/APC/.test(n) ? 7.9 : 5.9);
  if (n.startsWith('CN-MUF')) return listPrice(489);
  if (n.startsWith('CN-SKR')) return listPrice(69);
  if (n.startsWith('CN-NT-LSA')) return listPrice(49);
  if (n.startsWith('CN-NT')) return listPrice(/SCI/.test(n) ? 129 : 89);
  if (n.startsWith('CN-TS-CLN')) return listPrice(149);
  if (n.startsWith('CN-TS')) return listPrice(/VFL/.test(n) ? 229 : 159);
  if (n.startsWith('CN-OK')) return listPrice(/2U/.test(n) ? 79 : 49);
  if (n.startsWith('CN-RZ')) return listPrice(/M-/.test(n) ? 6.9 : 0.12);
  if (n.startsWith('CN-WT')) return listPrice(0.45);
  if (n.startsWith('CN-OP')) return listPrice(0.35);
  if (n.startsWith('CN-OZ')) return listPrice(/KAB/.test(n) ? 0.18 : 4.5);
  return listPrice(49);
}

/** The two demo customer price definitions: a distributor and an installer partner. */
export const DEMO_DEFINITIONS = [
  { code: 'HURT-20', name: 'Dystrybutorzy – rabat 20 % (kable 25 %)', discount: (n: string) => (/^CN-(U|F|S|UF)\d|^CN-F[UWZD]-/.test(n) ? 25 : 20) },
  { code: 'INST-10', name: 'Instalatorzy partnerzy – rabat 10 % (szafy 12 %)', discount: (n: string) => (/^CN-S[SW]/.test(n) ? 12 : 10) },
] as const;

/** A price after a percent discount, rounded half up to the grosz. */
export function discounted(grosze: number, percent: number): number {
  return Math.round((grosze * (100 - percent)) / 100);
}
