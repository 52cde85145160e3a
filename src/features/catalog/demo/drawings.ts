// Product imagery of the demo catalogue, drawn as SVG per product family (rasterized with sharp at
// seed time). Every drawing is a 1200x900 scene (rendered at IMAGE_W x IMAGE_H): soft background, floor shadow, the product.
// Each drawing shows one kind of product (pictureKind): products of different kinds never share a
// picture (tests/demo-pictures.test.ts), and familyDrawing keeps the kinds apart where many products
// share a handful of files (the large benchmark catalogue).

/** Size of the rasterized originals (the drawings' own coordinates are 1200x900). */
export const IMAGE_W = 1024;
export const IMAGE_H = 768;
const VIEW_W = 1200;
const VIEW_H = 900;

export type Drawing =
  | { kind: 'reel'; colour: string; fibre?: boolean; drum?: boolean }
  | { kind: 'panel'; front: PanelFront; u?: number; ports?: number; colour?: string; ten?: boolean }
  | { kind: 'keystone'; colour: string; shielded?: boolean }
  | { kind: 'box'; box: 'surface' | 'faceplate' | 'fibreWall' | 'closure'; ports?: number; colour?: string }
  | { kind: 'cord'; colour: string; connector: 'rj45' | 'lc' | 'sc' | 'mpo' }
  | { kind: 'cabinet'; cabinet: 'wall' | 'floor' | 'open' | 'wall10'; u: number; colour: 'grey' | 'black' }
  | { kind: 'tray'; tray: 'mesh' | 'perforated' | 'bracket' | 'connector' | 'rod' | 'cover'; colour?: string }
  | { kind: 'tool'; tool: 'crimper' | 'punch' | 'stripper' | 'cutter' | 'fibreStripper'; colour: string }
  | { kind: 'device'; device: 'tester' | 'vfl' | 'powermeter' | 'lightsource' | 'cleaner'; colour: string }
  | { kind: 'pack'; item: PackItem; colour: string }
  | { kind: 'plug'; shielded?: boolean; field?: boolean }
  | { kind: 'pigtail'; connector: 'lc' | 'sc'; head: string }
  | { kind: 'adapter'; connector: 'lc' | 'sc' | 'mpo'; ports: 1 | 2 | 4; colour: string }
  | { kind: 'calculator' }
  | { kind: 'packaging'; colour: string };

export type PanelFront = 'rj45' | 'keystone' | 'lc' | 'sc' | 'rings' | 'sockets' | 'fans' | 'brush' | 'shelf';
export type PackItem = 'ties' | 'velcro' | 'labels' | 'nuts' | 'protectors' | 'boots';

/** Colours of jackets and parts by catalogue-number colour code. */
export const COLOURS: Record<string, string> = {
  G: '#9aa3ad',
  V: '#7c4dbd',
  O: '#f08a24',
  B: '#2f6fd6',
  Y: '#f2c230',
  K: '#262b33',
  W: '#eef1f5',
  R: '#d93a3a',
  GN: '#2f9e5b',
  AQ: '#2fc6d6',
  M: '#c43fb4',
  LG: '#8cc63f',
  BE: '#d9c9a3',
};

const BG = `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9eef5"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2f6"/><stop offset=".5" stop-color="#b8c2cc"/><stop offset="1" stop-color="#dfe5eb"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe3f5" stop-opacity=".55"/><stop offset="1" stop-color="#7fa6c9" stop-opacity=".35"/></linearGradient>
</defs>
<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#bg)"/>`;

const shadow = (cx: number, cy: number, rx: number, ry = 28) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#0f172a" opacity=".12"/>`;

/** Darker or lighter variant of a #rrggbb colour (amount -1..1). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The COBI NET mark (as in the site's logo) at a position and size. */
const mark = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s / 32})"><rect width="32" height="32" rx="6" fill="#1549c6"/><path d="M8 10h16v3H8zm0 5h16v3H8zm0 5h10v3H8z" fill="#fff"/></g>`;

function reel(d: Extract<Drawing, { kind: 'reel' }>): string {
  const c = d.colour;
  const flange = d.drum ? '#a8692f' : '#2b3038';
  const flangeEdge = d.drum ? '#7a4a1e' : '#171a1f';
  const windings = Array.from({ length: 26 }, (_, i) => {
    const y = 185 + i * 20.5;
    return `<path d="M560 ${y} Q670 ${y - 10} 780 ${y}" stroke="${tint(c, -0.25)}" stroke-width="3" opacity=".55" fill="none"/>`;
  }).join('');
  const planks = d.drum
    ? Array.from(
        { length: 7 },
        (_, i) => `<line x1="${290 + i * 50}" y1="100" x2="${290 + i * 50}" y2="780" stroke="${flangeEdge}" stroke-width="3" opacity=".35"/>`,
      ).join('')
    : '';
  const tailEnd = d.fibre
    ? `<circle cx="1040" cy="300" r="10" fill="${tint(c, -0.2)}"/><circle cx="1040" cy="300" r="4" fill="#f8fafc"/>`
    : ['#f08a24', '#2f9e5b', '#2f6fd6', '#8a5a3b']
        .map(
          (p, i) => `<path d="M1030 ${292 + i * 6} q 30 ${-20 + i * 10} 60 ${-8 + i * 9}" stroke="${p}" stroke-width="7" fill="none" stroke-linecap="round"/>`,
        )
        .join('');
  return `${shadow(620, 800, 380)}
<ellipse cx="780" cy="440" rx="160" ry="320" fill="${flangeEdge}"/>
<path d="M440 165 L780 165 L780 715 L440 715 Z" fill="${c}"/>
<path d="M440 165 L780 165 L780 715 L440 715 Z" fill="url(#shade)"/>
${windings}
<ellipse cx="440" cy="440" rx="160" ry="320" fill="${flange}"/>
<clipPath id="fl"><ellipse cx="440" cy="440" rx="160" ry="320"/></clipPath><g clip-path="url(#fl)">${planks}</g>
<ellipse cx="440" cy="440" rx="160" ry="320" fill="none" stroke="${flangeEdge}" stroke-width="10"/>
${[0, 1, 2, 3]
  .map((i) => {
    const a = (Math.PI / 2) * i + Math.PI / 4;
    return `<ellipse cx="${(440 + Math.cos(a) * 80).toFixed(1)}" cy="${(440 + Math.sin(a) * 160).toFixed(1)}" rx="28" ry="56" fill="#d5dce4" opacity=".9"/>`;
  })
  .join('')}
<ellipse cx="440" cy="440" rx="36" ry="70" fill="#d5dce4"/><ellipse cx="440" cy="440" rx="20" ry="42" fill="#64748b"/>
<path d="M780 200 C 880 190 930 330 1030 300" stroke="${c}" stroke-width="${d.fibre ? 14 : 24}" fill="none" stroke-linecap="round"/>
<path d="M780 200 C 880 190 930 330 1030 300" stroke="#fff" stroke-opacity=".25" stroke-width="4" fill="none" transform="translate(0 -5)"/>
${tailEnd}`;
}

function portRj45(x: number, y: number, w: number, h: number) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#0b0d10"/><rect x="${x + w * 0.3}" y="${y + h * 0.78}" width="${w * 0.4}" height="${h * 0.22}" fill="#0b0d10"/><rect x="${x + w * 0.15}" y="${y + 4}" width="${w * 0.7}" height="5" fill="#c9a94a"/>`;
}

function panel(d: Extract<Drawing, { kind: 'panel' }>): string {
  const u = d.u ?? 1;
  const body = d.colour ?? '#23272e';
  const x0 = d.ten ? 280 : 60;
  const x1 = d.ten ? 920 : 1140;
  const h = 100 * u;
  const y = 450 - h / 2;
  const top = `<polygon points="${x0},${y} ${x1},${y} ${x1 - 50},${y - 70} ${x0 + 50},${y - 70}" fill="${tint(body, 0.25)}"/>`;
  const ears = [x0, x1 - 40]
    .map(
      (ex) =>
        `<rect x="${ex}" y="${y}" width="40" height="${h}" fill="${tint(body, 0.1)}"/>${Array.from({ length: u }, (_, i) => `<rect x="${ex + 12}" y="${y + 30 + i * 100}" width="16" height="40" rx="8" fill="#0b0d10"/>`).join('')}`,
    )
    .join('');
  const inner = { x: x0 + 60, w: x1 - x0 - 120 };
  let front = '';
  const ports = d.ports ?? 24;
  if (d.front === 'rj45' || d.front === 'keystone' || d.front === 'lc' || d.front === 'sc') {
    const perRow = Math.ceil(ports / u);
    const groups = Math.max(1, Math.ceil(perRow / 6));
    const gw = inner.w / groups;
    for (let r = 0; r < u; r++) {
      for (let g = 0; g < groups; g++) {
        const inGroup = Math.min(6, perRow - g * 6);
        const pw = (gw - 30) / 6;
        for (let p = 0; p < inGroup; p++) {
          const px = inner.x + g * gw + 15 + p * pw;
          const py = y + r * 100 + 30;
          if (d.front === 'rj45') front += portRj45(px + 3, py, pw - 6, 44);
          else if (d.front === 'keystone')
            front += `<rect x="${px + 3}" y="${py - 4}" width="${pw - 6}" height="52" rx="3" fill="#0b0d10"/>${p % 2 === 0 ? portRj45(px + 8, py + 4, pw - 16, 36) : ''}`;
          else if (d.front === 'lc')
            front += `<rect x="${px + 4}" y="${py}" width="${pw - 8}" height="44" rx="4" fill="#2f6fd6"/><rect x="${px + 9}" y="${py + 8}" width="${(pw - 22) / 2}" height="28" fill="#0b0d10"/><rect x="${px + 13 + (pw - 22) / 2}" y="${py + 8}" width="${(pw - 22) / 2}" height="28" fill="#0b0d10"/>`;
          else
            front += `<rect x="${px + 6}" y="${py - 2}" width="${pw - 12}" height="48" rx="3" fill="#2f9e5b"/><rect x="${px + 14}" y="${py + 8}" width="${pw - 28}" height="28" fill="#0b0d10"/>`;
        }
        front += `<rect x="${inner.x + g * gw + 15}" y="${y + r * 100 + 80}" width="${gw - 30}" height="12" fill="#f8fafc" opacity=".85"/>`;
      }
    }
  } else if (d.front === 'rings') {
    for (let i = 0; i < 5; i++) {
      const rx = inner.x + 40 + i * ((inner.w - 140) / 4);
      front += `<rect x="${rx}" y="${y + 18}" width="60" height="${h - 36}" rx="18" fill="none" stroke="${tint(body, 0.35)}" stroke-width="12"/>`;
    }
  } else if (d.front === 'sockets') {
    for (let i = 0; i < 8; i++) {
      const cx = inner.x + 110 + i * ((inner.w - 160) / 8);
      front += `<circle cx="${cx}" cy="${y + h / 2}" r="36" fill="#111418"/><circle cx="${cx - 12}" cy="${y + h / 2}" r="5" fill="#555"/><circle cx="${cx + 12}" cy="${y + h / 2}" r="5" fill="#555"/>`;
    }
    front += `<rect x="${inner.x}" y="${y + 30}" width="50" height="40" rx="6" fill="#d93a3a"/>`;
  } else if (d.front === 'fans') {
    for (let i = 0; i < 4; i++) {
      const cx = inner.x + inner.w * ((i + 0.5) / 4);
      const r = h / 2 - 10;
      front += `<circle cx="${cx}" cy="${y + h / 2}" r="${r}" fill="#111418"/>${[0, 72, 144, 216, 288].map((a) => `<path d="M${cx} ${y + h / 2} q ${r * 0.9} ${-r * 0.2} ${r * 0.7} ${r * 0.6}" fill="#3a414b" transform="rotate(${a} ${cx} ${y + h / 2})"/>`).join('')}<circle cx="${cx}" cy="${y + h / 2}" r="${r * 0.22}" fill="#5b6470"/>`;
    }
  } else if (d.front === 'brush') {
    front += `<rect x="${inner.x}" y="${y + 30}" width="${inner.w}" height="40" rx="8" fill="#0b0d10"/>${Array.from({ length: 120 }, (_, i) => `<line x1="${inner.x + 6 + i * (inner.w / 120)}" y1="${y + 30}" x2="${inner.x + 8 + i * (inner.w / 120)}" y2="${y + 48 + (i % 3) * 4}" stroke="#4b5563" stroke-width="2"/>`).join('')}`;
  } else if (d.front === 'shelf') {
    return `${shadow(600, 700, 520)}<polygon points="${x0 + 40},520 ${x1 - 40},520 ${x1 - 140},300 ${x0 + 140},300" fill="${tint(body, 0.2)}"/>${Array.from({ length: 14 }, (_, i) => `<rect x="${x0 + 200 + i * 52}" y="340" width="18" height="140" rx="6" fill="${tint(body, -0.3)}" transform="skewX(-10)"/>`).join('')}<rect x="${x0 + 40}" y="520" width="${x1 - x0 - 80}" height="40" fill="${body}"/>${[x0, x1 - 40].map((ex) => `<rect x="${ex}" y="450" width="40" height="110" fill="${tint(body, 0.1)}"/>`).join('')}`;
  }
  return `${shadow(600, y + h + 130, (x1 - x0) / 2)}${top}<rect x="${x0}" y="${y}" width="${x1 - x0}" height="${h}" fill="${body}"/><rect x="${x0}" y="${y}" width="${x1 - x0}" height="${h}" fill="url(#shade)" opacity=".6"/>${ears}${front}${mark(x1 - 100, y + h - 36, 24)}`;
}

function keystone(d: Extract<Drawing, { kind: 'keystone' }>): string {
  const body = d.shielded ? 'url(#metal)' : d.colour;
  const edge = d.shielded ? '#8a96a3' : tint(d.colour, -0.2);
  return `${shadow(600, 760, 300)}
<polygon points="420,300 700,300 820,220 540,220" fill="${d.shielded ? '#dfe5eb' : tint(d.colour, 0.2)}" stroke="${edge}" stroke-width="3"/>
<polygon points="700,300 820,220 820,560 700,660" fill="${d.shielded ? '#aab4bf' : tint(d.colour, -0.12)}" stroke="${edge}" stroke-width="3"/>
<rect x="420" y="300" width="280" height="360" fill="${body}" stroke="${edge}" stroke-width="3"/>
<rect x="465" y="360" width="190" height="150" rx="6" fill="#0b0d10"/><rect x="520" y="505" width="80" height="40" fill="#0b0d10"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${482 + i * 20}" y="372" width="9" height="34" fill="#c9a94a"/>`).join('')}
<rect x="540" y="250" width="60" height="30" rx="4" fill="${edge}" transform="skewX(-30)"/>
${['#f08a24', '#2f9e5b', '#2f6fd6', '#8a5a3b'].map((p, i) => `<rect x="${724 + (i % 2) * 44}" y="${300 + Math.floor(i / 2) * 150}" width="30" height="110" rx="6" fill="${p}" transform="skewY(-33) translate(0 ${460 + (i % 2) * 30})"/>`).join('')}
<rect x="450" y="590" width="220" height="40" rx="6" fill="#fff" opacity=".5"/>`;
}

function box(d: Extract<Drawing, { kind: 'box' }>): string {
  const c = d.colour ?? '#f4f6f8';
  const edge = tint(c, -0.25);
  const ports = d.ports ?? 2;
  if (d.box === 'closure') {
    return `${shadow(600, 760, 360)}<rect x="260" y="330" width="680" height="300" rx="150" fill="${c}"/><rect x="260" y="330" width="680" height="300" rx="150" fill="url(#shade)"/>
${[0, 1, 2, 3].map((i) => `<rect x="${230 - i * 0}" y="${370 + i * 60}" width="60" height="34" rx="10" fill="${tint(c, 0.25)}"/>`).join('')}
<rect x="560" y="320" width="80" height="320" fill="${tint(c, -0.3)}"/>${[0, 1, 2].map((i) => `<rect x="575" y="${360 + i * 90}" width="50" height="40" rx="6" fill="#9aa3ad"/>`).join('')}${mark(820, 450, 48)}`;
  }
  if (d.box === 'fibreWall') {
    const adapters = Array.from(
      { length: ports },
      (_, i) => `<rect x="${440 + (i % 6) * 56}" y="${420 + Math.floor(i / 6) * 70}" width="44" height="52" rx="5" fill="#2f6fd6"/>`,
    ).join('');
    return `${shadow(600, 790, 330)}<rect x="340" y="180" width="520" height="560" rx="24" fill="${c}" stroke="${edge}" stroke-width="4"/>
<rect x="380" y="220" width="440" height="480" rx="12" fill="${tint(c, -0.08)}"/>
<ellipse cx="600" cy="330" rx="150" ry="70" fill="none" stroke="#f2c230" stroke-width="8"/>${adapters}
<polygon points="860,200 1010,150 1010,700 860,720" fill="${tint(c, -0.05)}" stroke="${edge}" stroke-width="4"/>${mark(910, 400, 56)}`;
  }
  if (d.box === 'faceplate') {
    const openings = Array.from({ length: ports }, (_, i) => {
      const x = ports === 1 ? 540 : 470 + i * 140;
      return `<rect x="${x}" y="370" width="120" height="150" rx="10" fill="${tint(c, -0.1)}"/>${portRj45(x + 18, 400, 84, 80)}`;
    }).join('');
    return `${shadow(600, 740, 260)}<rect x="380" y="230" width="440" height="440" rx="34" fill="${c}" stroke="${edge}" stroke-width="4"/><rect x="420" y="270" width="360" height="360" rx="20" fill="${c}" stroke="${tint(c, -0.12)}" stroke-width="3"/>${openings}<rect x="470" y="560" width="260" height="36" rx="6" fill="#fff" stroke="${edge}"/>`;
  }
  const openings = Array.from({ length: ports }, (_, i) => portRj45(ports === 1 ? 550 : 480 + i * 140, 430, 100, 80)).join('');
  return `${shadow(600, 740, 300)}<polygon points="360,330 840,330 900,280 420,280" fill="${tint(c, 0.3)}" stroke="${edge}" stroke-width="3"/><polygon points="840,330 900,280 900,620 840,680" fill="${tint(c, -0.08)}" stroke="${edge}" stroke-width="3"/>
<rect x="360" y="330" width="480" height="350" rx="18" fill="${c}" stroke="${edge}" stroke-width="3"/>${openings}<rect x="440" y="380" width="320" height="30" rx="6" fill="#fff" stroke="${edge}"/>${mark(760, 610, 40)}`;
}

function plugRj45(x: number, y: number, rot: number, c: string) {
  return `<g transform="rotate(${rot} ${x} ${y})"><rect x="${x - 50}" y="${y - 35}" width="110" height="70" rx="12" fill="${c}"/><rect x="${x + 50}" y="${y - 30}" width="110" height="60" rx="6" fill="#dbe6ee" opacity=".92" stroke="#9aa3ad" stroke-width="2"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${x + 142}" y="${y - 26 + i * 6.6}" width="14" height="3.5" fill="#c9a94a"/>`).join('')}<path d="M${x + 70} ${y - 30} l 60 -22 l 8 8 l -50 20 z" fill="#dbe6ee" stroke="#9aa3ad"/></g>`;
}

function plugFibre(x: number, y: number, rot: number, colour: string, connector: 'lc' | 'sc' | 'mpo') {
  const head = connector === 'sc' ? '#2f9e5b' : connector === 'mpo' ? '#262b33' : colour === '#2fc6d6' || colour === '#c43fb4' ? '#d9c9a3' : '#2f6fd6';
  const duplex = connector === 'lc';
  const one = (dy: number) =>
    `<rect x="${x - 40}" y="${y - 14 + dy}" width="90" height="28" rx="10" fill="${colour}"/><rect x="${x + 50}" y="${y - 22 + dy}" width="${connector === 'mpo' ? 120 : 90}" height="${connector === 'mpo' ? 60 : 44}" rx="5" fill="${head}"/><rect x="${x + 140}" y="${y - 6 + dy}" width="${connector === 'sc' ? 30 : 22}" height="12" fill="#f8fafc"/>`;
  return `<g transform="rotate(${rot} ${x} ${y})">${duplex ? one(-26) + one(26) : one(0)}</g>`;
}

function cord(d: Extract<Drawing, { kind: 'cord' }>): string {
  const c = d.colour;
  const fibre = d.connector !== 'rj45';
  const w = fibre ? 12 : 22;
  const loops = [0, 1, 2]
    .map(
      (i) =>
        `<ellipse cx="${620 + i * 16}" cy="${430 - i * 10}" rx="${300 - i * 14}" ry="${190 - i * 10}" fill="none" stroke="${c}" stroke-width="${w}"/><ellipse cx="${620 + i * 16}" cy="${424 - i * 10}" rx="${300 - i * 14}" ry="${190 - i * 10}" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="3"/>`,
    )
    .join('');
  const conn = d.connector;
  const ends =
    conn !== 'rj45'
      ? `<path d="M330 560 C 300 640 260 660 220 690" stroke="${c}" stroke-width="${w}" fill="none"/><path d="M900 560 C 930 640 960 660 1000 690" stroke="${c}" stroke-width="${w}" fill="none"/>${plugFibre(220, 690, 160, c, conn)}${plugFibre(1000, 690, 20, c, conn)}`
      : `<path d="M330 560 C 300 640 260 660 220 690" stroke="${c}" stroke-width="${w}" fill="none"/><path d="M900 560 C 930 640 960 660 1000 690" stroke="${c}" stroke-width="${w}" fill="none"/>${plugRj45(220, 690, 160, c)}${plugRj45(1000, 690, 20, c)}`;
  return `${shadow(600, 800, 420)}${loops}${ends}`;
}

function cabinet(d: Extract<Drawing, { kind: 'cabinet' }>): string {
  const body = d.colour === 'black' ? '#23272e' : '#d5d9de';
  const frame = d.colour === 'black' ? '#15181d' : '#aeb5bd';
  const floor = d.cabinet === 'floor' || d.cabinet === 'open';
  const h = floor ? Math.min(760, 300 + d.u * 10) : Math.min(560, 160 + d.u * 22);
  const w = d.cabinet === 'wall10' ? 300 : floor ? 380 : 460;
  const x = 600 - w / 2 - 60;
  const y = (floor ? 820 : 700) - h;
  const depth = floor ? 160 : 130;
  const railHoles = (rx: number) =>
    Array.from(
      { length: Math.min(d.u, 48) },
      (_, i) =>
        `<rect x="${rx}" y="${y + 40 + (i * (h - 80)) / Math.min(d.u, 48)}" width="8" height="${Math.max(3, (h - 80) / Math.min(d.u, 48) - 6)}" fill="#0b0d10" opacity=".55"/>`,
    ).join('');
  if (d.cabinet === 'open') {
    return `${shadow(620, 830, 300)}${[x, x + w - 36].map((px) => `<rect x="${px}" y="${y}" width="36" height="${h}" fill="${body}"/><rect x="${px + 36}" y="${y + 10}" width="18" height="${h - 20}" fill="${frame}"/>${railHoles(px + 14)}`).join('')}
<rect x="${x - 30}" y="${y + h - 20}" width="${w + 60}" height="30" fill="${frame}"/><rect x="${x}" y="${y}" width="${w}" height="26" fill="${frame}"/>
${[0.2, 0.35, 0.5].map((f) => `<rect x="${x + 40}" y="${y + h * f}" width="${w - 80}" height="36" fill="#262b33"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${x + 52 + i * ((w - 104) / 12)}" y="${y + h * f + 10}" width="${(w - 104) / 12 - 6}" height="16" fill="#0b0d10"/>`).join('')}`).join('')}`;
  }
  const equipment = [0.12, 0.24, 0.36]
    .map(
      (f, k) =>
        `<rect x="${x + 40}" y="${y + h * f}" width="${w - 80}" height="${k === 2 ? 50 : 30}" fill="${k === 2 ? '#3a414b' : '#262b33'}"/>${k < 2 ? Array.from({ length: 12 }, (_, i) => `<rect x="${x + 50 + i * ((w - 100) / 12)}" y="${y + h * f + 8}" width="${(w - 100) / 12 - 5}" height="14" fill="#0b0d10"/>`).join('') : ''}`,
    )
    .join('');
  const vents = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${x + w + 30}" y="${y + 40 + i * 16}" width="${depth - 60}" height="6" rx="3" fill="${frame}" transform="skewY(-20) translate(0 ${(x + w) * 0.364})"/>`,
  ).join('');
  return `${shadow(620, y + h + 30, w * 0.9)}
<polygon points="${x},${y} ${x + w},${y} ${x + w + depth},${y - depth * 0.6} ${x + depth},${y - depth * 0.6}" fill="${tint(body, 0.15)}"/>
<polygon points="${x + w},${y} ${x + w + depth},${y - depth * 0.6} ${x + w + depth},${y + h - depth * 0.6} ${x + w},${y + h}" fill="${tint(body, -0.12)}"/>
${vents}
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${frame}"/>
<rect x="${x + 22}" y="${y + 22}" width="${w - 44}" height="${h - 44}" fill="#1c2026"/>
${railHoles(x + 30)}${railHoles(x + w - 38)}${equipment}
<rect x="${x + 22}" y="${y + 22}" width="${w - 44}" height="${h - 44}" fill="url(#glass)"/>
<path d="M${x + 40} ${y + 40} L${x + 140} ${y + 40} L${x + 40} ${y + 200} Z" fill="#fff" opacity=".18"/>
<rect x="${x + w - 42}" y="${y + h / 2 - 50}" width="14" height="100" rx="6" fill="#9aa3ad"/>
${floor ? `<rect x="${x + 10}" y="${y + h}" width="36" height="22" fill="#0b0d10"/><rect x="${x + w - 46}" y="${y + h}" width="36" height="22" fill="#0b0d10"/>` : ''}
${mark(x + w / 2 - 18, y + h - 16 - 28, 36)}`;
}

function tray(d: Extract<Drawing, { kind: 'tray' }>): string {
  const c = d.colour ?? '#c3cbd3';
  const dark = tint(c, -0.3);
  if (d.tray === 'mesh') {
    const wiresL = Array.from({ length: 22 }, (_, i) => {
      const t = i / 21;
      const x1 = 160 + t * 760;
      const y1 = 640 - t * 300;
      return `<path d="M${x1} ${y1 - 120} L${x1} ${y1} L${x1 + 230} ${y1 + 60} L${x1 + 230} ${y1 - 60}" stroke="${c}" stroke-width="7" fill="none" stroke-linejoin="round"/>`;
    }).join('');
    const long = [0, 0.33, 0.66, 1]
      .map((f) => `<line x1="${160 + f * 230}" y1="${640 + f * 60}" x2="${920 + f * 230}" y2="${340 + f * 60}" stroke="${dark}" stroke-width="7"/>`)
      .join('');
    return `${shadow(650, 780, 470)}${long}<line x1="160" y1="520" x2="920" y2="220" stroke="${dark}" stroke-width="7"/><line x1="390" y1="640" x2="1150" y2="340" stroke="${dark}" stroke-width="7"/>${wiresL}`;
  }
  if (d.tray === 'perforated' || d.tray === 'cover') {
    const slots = Array.from({ length: 18 }, (_, i) => {
      const t = i / 17;
      return `<rect x="${260 + t * 600}" y="${560 - t * 240}" width="70" height="12" rx="6" fill="${dark}" transform="skewY(-22)" opacity=".0"/>`;
    }).join('');
    const holes = Array.from({ length: 16 }, (_, i) => {
      const t = i / 15;
      return `<ellipse cx="${300 + t * 640}" cy="${605 - t * 260}" rx="26" ry="9" fill="${dark}" transform="rotate(-22 ${300 + t * 640} ${605 - t * 260})"/>`;
    }).join('');
    const walls =
      d.tray === 'cover'
        ? `<polygon points="150,640 910,330 1150,390 390,700" fill="${c}"/><polygon points="390,700 1150,390 1150,410 390,724" fill="${dark}"/>`
        : `<polygon points="150,560 910,250 910,330 150,640" fill="${tint(c, 0.15)}"/><polygon points="150,640 910,330 1150,390 390,700" fill="${c}"/><polygon points="390,700 1150,390 1150,310 390,620" fill="${tint(c, -0.12)}"/>${holes}`;
    return `${shadow(650, 790, 480)}${walls}${slots}`;
  }
  if (d.tray === 'bracket') {
    return `${shadow(600, 780, 330)}<polygon points="380,180 470,150 470,700 380,730" fill="${tint(c, -0.15)}"/><polygon points="380,730 470,700 960,560 880,590" fill="${c}"/><polygon points="880,590 960,560 960,520 880,550" fill="${dark}"/>${[260, 420, 580].map((y) => `<ellipse cx="425" cy="${y}" rx="16" ry="26" fill="${dark}"/>`).join('')}${[560, 700].map((x) => `<ellipse cx="${x}" cy="${700 - (x - 470) * 0.29}" rx="30" ry="10" fill="${dark}"/>`).join('')}`;
  }
  if (d.tray === 'rod') {
    return `${shadow(600, 820, 200)}<rect x="585" y="80" width="30" height="700" fill="url(#metal)"/>${Array.from({ length: 70 }, (_, i) => `<line x1="585" y1="${84 + i * 10}" x2="615" y2="${90 + i * 10}" stroke="#8a96a3" stroke-width="2"/>`).join('')}<polygon points="560,760 640,760 660,790 540,790" fill="#9aa3ad"/>`;
  }
  return `${shadow(600, 760, 300)}<rect x="380" y="330" width="440" height="240" rx="14" fill="${c}"/><rect x="380" y="330" width="440" height="240" rx="14" fill="url(#shade)"/>${[470, 730].map((x) => `<circle cx="${x}" cy="450" r="36" fill="${dark}"/><path d="M${x - 22} 450 h44 M${x} 428 v44" stroke="${c}" stroke-width="8"/>`).join('')}<path d="M380 360 q -80 90 0 180" stroke="${dark}" stroke-width="18" fill="none"/>`;
}

function tool(d: Extract<Drawing, { kind: 'tool' }>): string {
  const c = d.colour;
  if (d.tool === 'punch') {
    return `${shadow(600, 760, 380)}<g transform="rotate(-28 600 450)"><rect x="200" y="400" width="560" height="110" rx="55" fill="${c}"/><rect x="200" y="400" width="560" height="110" rx="55" fill="url(#shade)"/><rect x="760" y="430" width="140" height="50" fill="url(#metal)"/><rect x="900" y="440" width="90" height="30" fill="#8a96a3"/><rect x="260" y="430" width="120" height="50" rx="10" fill="${tint(c, -0.3)}"/></g>`;
  }
  if (d.tool === 'stripper' || d.tool === 'fibreStripper') {
    return `${shadow(600, 760, 300)}<g transform="rotate(-18 600 450)"><rect x="380" y="330" width="440" height="220" rx="100" fill="${c}"/><rect x="380" y="330" width="440" height="220" rx="100" fill="url(#shade)"/><circle cx="${d.tool === 'fibreStripper' ? 520 : 600}" cy="440" r="36" fill="#0b0d10"/>${d.tool === 'fibreStripper' ? '<circle cx="620" cy="440" r="22" fill="#0b0d10"/><circle cx="700" cy="440" r="14" fill="#0b0d10"/>' : ''}<rect x="430" y="360" width="60" height="22" rx="8" fill="url(#metal)"/></g>`;
  }
  const head =
    d.tool === 'cutter'
      ? `<path d="M560 360 L700 220 Q760 210 760 270 L640 400 Z" fill="url(#metal)"/><path d="M620 400 L760 330 Q800 360 770 400 L650 440 Z" fill="url(#metal)"/>`
      : `<rect x="520" y="190" width="300" height="220" rx="30" fill="url(#metal)"/>${[0, 1, 2].map((i) => `<rect x="${560 + i * 85}" y="250" width="60" height="${50 - i * 8}" rx="6" fill="#2b3038"/>`).join('')}`;
  return `${shadow(600, 800, 380)}${head}<circle cx="640" cy="410" r="26" fill="#8a96a3"/>
<path d="M620 420 C 520 520 400 620 300 760" stroke="${c}" stroke-width="70" stroke-linecap="round" fill="none"/>
<path d="M660 430 C 720 560 760 660 820 780" stroke="${c}" stroke-width="70" stroke-linecap="round" fill="none"/>
<path d="M620 420 C 520 520 400 620 300 760" stroke="#fff" stroke-opacity=".2" stroke-width="12" fill="none" transform="translate(-12 -6)"/>
${d.tool === 'crimper' ? '<path d="M470 560 Q 600 520 740 600" stroke="#9aa3ad" stroke-width="10" fill="none"/>' : ''}`;
}

function device(d: Extract<Drawing, { kind: 'device' }>): string {
  const c = d.colour;
  if (d.device === 'vfl' || d.device === 'cleaner') {
    return `${shadow(600, 760, 380)}<g transform="rotate(-20 600 450)"><rect x="240" y="390" width="620" height="120" rx="60" fill="${c}"/><rect x="240" y="390" width="620" height="120" rx="60" fill="url(#shade)"/><rect x="860" y="420" width="110" height="60" rx="10" fill="url(#metal)"/><rect x="300" y="420" width="70" height="60" rx="14" fill="${tint(c, -0.35)}"/>${d.device === 'vfl' ? '<circle cx="990" cy="450" r="18" fill="#ff2d2d"/><circle cx="990" cy="450" r="44" fill="#ff2d2d" opacity=".25"/>' : '<rect x="960" y="440" width="40" height="20" fill="#f8fafc"/>'}<rect x="520" y="410" width="200" height="16" rx="8" fill="#fff" opacity=".55"/></g>`;
  }
  const remote =
    d.device === 'tester'
      ? `<rect x="800" y="430" width="190" height="280" rx="30" fill="${tint(c, -0.1)}"/><rect x="830" y="470" width="130" height="40" rx="6" fill="#0b0d10"/>${Array.from({ length: 4 }, (_, i) => `<circle cx="${850 + i * 30}" cy="560" r="9" fill="#2f9e5b"/>`).join('')}`
      : '';
  return `${shadow(600, 790, 380)}${remote}
<rect x="330" y="180" width="400" height="580" rx="48" fill="${c}"/><rect x="330" y="180" width="400" height="580" rx="48" fill="url(#shade)"/>
<rect x="380" y="240" width="300" height="220" rx="14" fill="#0f1720"/>
<polyline points="400,400 450,380 500,390 550,330 600,340 650,300" stroke="#3be37a" stroke-width="6" fill="none"/>
<rect x="400" y="260" width="140" height="16" rx="6" fill="#3be37a" opacity=".7"/>
${[0, 1, 2].map((r) => [0, 1, 2].map((k) => `<rect x="${400 + k * 95}" y="${500 + r * 70}" width="70" height="46" rx="12" fill="${tint(c, -0.3)}"/>`).join('')).join('')}
${d.device === 'tester' ? portRj45(420, 150, 90, 60) + portRj45(550, 150, 90, 60) : '<rect x="490" y="140" width="80" height="50" rx="8" fill="url(#metal)"/>'}
${mark(510, 712, 40)}`;
}

function pack(d: Extract<Drawing, { kind: 'pack' }>): string {
  const c = d.colour;
  let items = '';
  for (let i = 0; i < 9; i++) {
    const x = 430 + (i % 3) * 120;
    const y = 340 + Math.floor(i / 3) * 110;
    const r = ((i * 37) % 50) - 25;
    const g = (inner: string) => `<g transform="rotate(${r} ${x + 40} ${y + 30})">${inner}</g>`;
    if (d.item === 'ties')
      items += g(
        `<rect x="${x - 40}" y="${y + 20}" width="200" height="16" rx="6" fill="${c}"/><rect x="${x - 60}" y="${y + 12}" width="30" height="32" rx="4" fill="${tint(c, -0.2)}"/>`,
      );
    else if (d.item === 'velcro')
      items += g(
        `<rect x="${x - 30}" y="${y + 14}" width="170" height="30" rx="6" fill="${c}"/><rect x="${x - 30}" y="${y + 14}" width="50" height="30" rx="6" fill="${tint(c, -0.25)}"/>`,
      );
    else if (d.item === 'boots') items += g(`<path d="M${x} ${y} h60 l20 50 h-100 z" fill="${c}"/>`);
    else if (d.item === 'labels')
      items += g(
        `<rect x="${x}" y="${y}" width="90" height="60" rx="4" fill="#fff" stroke="#cbd5e1" stroke-width="2"/><rect x="${x + 8}" y="${y + 10}" width="74" height="10" fill="${c}"/><rect x="${x + 8}" y="${y + 30}" width="50" height="8" fill="#9aa3ad"/>`,
      );
    else if (d.item === 'nuts')
      items += g(
        `<rect x="${x}" y="${y}" width="50" height="50" rx="4" fill="url(#metal)" stroke="#8a96a3" stroke-width="3"/><circle cx="${x + 25}" cy="${y + 25}" r="12" fill="#5b6470"/>`,
      );
    else
      items += g(
        `<rect x="${x - 20}" y="${y + 20}" width="140" height="14" rx="7" fill="#f8fafc" stroke="#9aa3ad"/><rect x="${x + 10}" y="${y + 24}" width="80" height="6" fill="#8a96a3"/>`,
      );
  }
  return `${shadow(600, 790, 330)}<path d="M360 200 L840 200 L870 740 L330 740 Z" fill="#e9f1f8" stroke="#b8c7d6" stroke-width="4" opacity=".95"/><rect x="360" y="200" width="480" height="40" fill="#d93a3a" opacity=".75"/>${items}<rect x="380" y="660" width="200" height="56" rx="6" fill="#fff" stroke="#cbd5e1"/>${mark(392, 668, 40)}`;
}

/** Fibre colours of IEC 60304 (the 12 fibres of a pigtail set). */
const FIBRE_COLOURS = ['#2f6fd6', '#f08a24', '#2f9e5b', '#8a5a3b', '#9aa3ad', '#eef1f5', '#d93a3a', '#262b33', '#f2c230', '#7c4dbd', '#f29bc1', '#2fc6d6'];
/** Wires of a T568B termination: colour and whether it is the white-striped one of its pair. */
const T568B: [string, boolean][] = [
  ['#f08a24', true],
  ['#f08a24', false],
  ['#2f9e5b', true],
  ['#2f6fd6', false],
  ['#2f6fd6', true],
  ['#2f9e5b', false],
  ['#8a5a3b', true],
  ['#8a5a3b', false],
];

/** One RJ45 plug, large, seen from the side and above: the clear body shows its eight wires and gold contacts. */
function plug(d: Extract<Drawing, { kind: 'plug' }>): string {
  const jacket = d.shielded ? '#f08a24' : '#9aa3ad';
  const back = d.field ? 520 : 560;
  const wires = T568B.map(([c, striped], i) => {
    const t = (i + 0.5) / 8;
    const path = `M${720} ${470 + (i - 3.5) * 7} C 780 ${470 + (i - 3.5) * 7} 800 ${378 - 40 * t} ${870 + 60 * t} ${378 - 40 * t}`;
    return `<path d="${path}" stroke="${striped ? '#f8fafc' : c}" stroke-width="6" fill="none"/>${striped ? `<path d="${path}" stroke="${c}" stroke-width="6" stroke-dasharray="10 10" fill="none"/>` : ''}`;
  }).join('');
  const contacts = Array.from({ length: 8 }, (_, i) => {
    const t = (i + 0.5) / 8;
    return `<line x1="${880 + 60 * t}" y1="${380 - 40 * t}" x2="${936 + 60 * t}" y2="${380 - 40 * t}" stroke="#c9a94a" stroke-width="4.5"/><line x1="${943 + 56 * t}" y1="${384 - 38 * t}" x2="${943 + 56 * t}" y2="${404 - 38 * t}" stroke="#c9a94a" stroke-width="4"/>`;
  }).join('');
  const shell = d.shielded
    ? `<rect x="${back}" y="380" width="${860 - back}" height="170" fill="url(#metal)" opacity=".95"/><polygon points="${back},380 860,380 920,340 ${back + 60},340" fill="url(#metal)" opacity=".95"/><rect x="${back + 40}" y="395" width="120" height="20" rx="6" fill="#8a96a3"/>`
    : '';
  const housing = d.field
    ? `<rect x="360" y="360" width="${back - 340}" height="210" rx="22" fill="#3a414b"/><rect x="360" y="360" width="${back - 340}" height="210" rx="22" fill="url(#shade)"/><rect x="390" y="330" width="150" height="40" rx="12" fill="#5b6470"/><rect x="400" y="430" width="90" height="60" rx="10" fill="#262b33"/>`
    : '';
  return `${shadow(620, 780, 460)}<g transform="translate(-160 -70) scale(1.22)">
<path d="M40 720 C 240 720 330 465 ${d.field ? 380 : 720} 465" stroke="${tint(jacket, -0.3)}" stroke-width="78" fill="none" stroke-linecap="round"/>
<path d="M40 720 C 240 720 330 465 ${d.field ? 380 : 720} 465" stroke="${jacket}" stroke-width="68" fill="none" stroke-linecap="round"/>
<path d="M40 706 C 240 706 330 451 ${d.field ? 380 : 720} 451" stroke="#fff" stroke-opacity=".3" stroke-width="10" fill="none"/>
${housing}
<polygon points="870,550 910,550 700,626 672,616" fill="#dbe6ee" stroke="#9aa3ad" stroke-width="3"/>
<rect x="${back}" y="380" width="${940 - back}" height="170" rx="8" fill="#dbe6ee" fill-opacity=".55" stroke="#9aa3ad" stroke-width="4"/>
${wires}
<polygon points="${back},380 940,380 1000,340 ${back + 60},340" fill="#eef3f7" fill-opacity=".6" stroke="#9aa3ad" stroke-width="3"/>
${shell}${contacts}
<polygon points="940,380 1000,340 1000,510 940,550" fill="#c7d4df" fill-opacity=".85" stroke="#9aa3ad" stroke-width="3"/>
<rect x="${back + 20}" y="500" width="${900 - back}" height="12" rx="6" fill="#fff" opacity=".55"/></g>`;
}

/** A set of twelve pigtails: one connector each, the fibres fanned out to their bare ends. */
function pigtail(d: Extract<Drawing, { kind: 'pigtail' }>): string {
  const sc = d.connector === 'sc';
  const out = FIBRE_COLOURS.map((c, i) => {
    const y = 215 + i * 40;
    const endY = 250 + i * 34;
    const path = `M330 ${y} C 560 ${y} 560 ${460 + (i - 5.5) * 8} 760 ${460 + (i - 5.5) * 8} S 960 ${endY} 1040 ${endY}`;
    const edge = c === '#eef1f5' ? '#9aa3ad' : tint(c, -0.3);
    const head = sc
      ? `<rect x="190" y="${y - 17}" width="110" height="34" rx="4" fill="${d.head}" stroke="${tint(d.head, -0.3)}" stroke-width="2"/><rect x="164" y="${y - 6}" width="28" height="12" fill="#f8fafc" stroke="#cbd5e1"/>`
      : `<rect x="206" y="${y - 13}" width="94" height="26" rx="5" fill="${d.head}" stroke="${tint(d.head, -0.3)}" stroke-width="2"/><path d="M224 ${y - 13} l 46 -9 l 4 6 l -34 9 z" fill="${tint(d.head, -0.15)}"/><rect x="184" y="${y - 5}" width="24" height="10" fill="#f8fafc" stroke="#cbd5e1"/>`;
    return `<path d="${path}" stroke="${edge}" stroke-width="11" fill="none"/><path d="${path}" stroke="${c}" stroke-width="7" fill="none"/>
<line x1="1040" y1="${endY}" x2="1085" y2="${endY}" stroke="#cbd5e1" stroke-width="3"/>${head}<path d="M300 ${y - 12} L 338 ${y - 5} L 338 ${y + 5} L 300 ${y + 12} Z" fill="${c}" stroke="${edge}" stroke-width="2"/>`;
  }).join('');
  return `${shadow(620, 760, 440, 24)}${out}`;
}

/** A fibre adapter: the housing with its mounting flange and ceramic sleeves in the openings. */
function adapter(d: Extract<Drawing, { kind: 'adapter' }>): string {
  const c = d.colour;
  const edge = tint(c, -0.3);
  const sleeve = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f1f5f9"/><circle cx="${cx}" cy="${cy}" r="${r * 0.4}" fill="#94a3b8"/>`;
  let openings = '';
  if (d.connector === 'mpo') {
    openings = `<rect x="460" y="420" width="280" height="110" rx="10" fill="#0b0d10"/><rect x="500" y="450" width="200" height="50" rx="6" fill="#5b6470"/>${Array.from({ length: 12 }, (_, i) => `<circle cx="${512 + i * 16}" cy="475" r="4" fill="#e2e8f0"/>`).join('')}<rect x="580" y="404" width="40" height="20" fill="#0b0d10"/>`;
  } else if (d.ports === 1) {
    openings = `<rect x="515" y="350" width="170" height="230" rx="10" fill="#0b0d10"/><rect x="575" y="336" width="50" height="20" fill="#0b0d10"/>${sleeve(600, 465, 40)}`;
  } else {
    const cols = 2;
    const rows = d.ports === 4 ? 2 : 1;
    const w = 130;
    const h = rows === 2 ? 105 : 150;
    for (let r = 0; r < rows; r++) {
      for (let k = 0; k < cols; k++) {
        const x = 460 + k * 150;
        const y = (rows === 2 ? 345 : 390) + r * 125;
        openings += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#0b0d10"/><rect x="${x + w / 2 - 18}" y="${y - 12}" width="36" height="14" fill="#0b0d10"/>${sleeve(x + w / 2, y + h / 2, 26)}`;
      }
    }
  }
  return `${shadow(600, 760, 330)}
<rect x="300" y="430" width="600" height="90" rx="14" fill="${tint(c, -0.12)}" stroke="${edge}" stroke-width="3"/>
<circle cx="345" cy="475" r="18" fill="#f8fafc" stroke="${edge}" stroke-width="3"/><circle cx="855" cy="475" r="18" fill="#f8fafc" stroke="${edge}" stroke-width="3"/>
<polygon points="780,300 860,240 860,560 780,620" fill="${tint(c, -0.2)}" stroke="${edge}" stroke-width="3"/>
<polygon points="420,300 780,300 860,240 500,240" fill="${tint(c, 0.22)}" stroke="${edge}" stroke-width="3"/>
<rect x="420" y="300" width="360" height="320" rx="10" fill="${c}" stroke="${edge}" stroke-width="3"/>
<rect x="420" y="300" width="360" height="320" rx="10" fill="url(#shade)"/>
${openings}
<path d="M560 250 l 30 -20 h 60 l -30 20 z" fill="${tint(c, -0.25)}"/>`;
}

/** The tray-fill calculator (software): a laptop showing a tray cross-section full of cables and the fill gauge. */
function calculator(): string {
  const cables: string[] = [];
  const colours = ['#7c4dbd', '#f08a24', '#2f6fd6', '#2f9e5b', '#9aa3ad', '#f2c230'];
  for (let row = 0; row < 4; row++) {
    for (let k = 0; k < 7 - (row === 3 ? 3 : 0); k++) {
      const cx = 392 + k * 36 + (row % 2) * 18;
      const cy = 470 - row * 32;
      cables.push(
        `<circle cx="${cx}" cy="${cy}" r="16" fill="${colours[(row * 7 + k) % colours.length]}" stroke="#0f172a" stroke-opacity=".25" stroke-width="2"/>`,
      );
    }
  }
  return `${shadow(600, 700, 470)}
<rect x="270" y="120" width="660" height="450" rx="22" fill="#1e293b"/>
<rect x="296" y="146" width="608" height="398" rx="8" fill="#f8fafc"/>
<rect x="296" y="146" width="608" height="40" rx="8" fill="#1549c6"/>${mark(312, 154, 24)}
<path d="M360 250 V495 H660 V250" stroke="#64748b" stroke-width="10" fill="none" stroke-linejoin="round"/>
<line x1="340" y1="330" x2="680" y2="330" stroke="#d93a3a" stroke-width="4" stroke-dasharray="12 8"/>
${cables.join('')}
<rect x="710" y="250" width="160" height="26" rx="13" fill="#e2e8f0"/><rect x="710" y="250" width="100" height="26" rx="13" fill="#2f9e5b"/>
<rect x="710" y="300" width="120" height="12" rx="6" fill="#cbd5e1"/><rect x="710" y="324" width="150" height="12" rx="6" fill="#cbd5e1"/>
<rect x="710" y="370" width="160" height="120" rx="6" fill="#fff" stroke="#cbd5e1" stroke-width="2"/><rect x="710" y="370" width="160" height="26" rx="6" fill="#1e7a45"/>
${[0, 1, 2].map((r) => `<line x1="710" y1="${420 + r * 24}" x2="870" y2="${420 + r * 24}" stroke="#e2e8f0" stroke-width="2"/>`).join('')}<line x1="770" y1="396" x2="770" y2="490" stroke="#e2e8f0" stroke-width="2"/>
<path d="M180 570 H1020 L1080 640 H120 Z" fill="#cbd5e1"/><path d="M120 640 H1080 V656 H120 Z" fill="#94a3b8"/><rect x="520" y="586" width="160" height="18" rx="8" fill="#94a3b8"/>`;
}

function packaging(d: Extract<Drawing, { kind: 'packaging' }>): string {
  return `${shadow(600, 790, 380)}
<polygon points="300,300 760,300 900,220 440,220" fill="#d9b98a"/>
<polygon points="760,300 900,220 900,640 760,740" fill="#b8925f"/>
<rect x="300" y="300" width="460" height="440" fill="#cfa873"/>
<rect x="300" y="300" width="460" height="70" fill="${d.colour}"/>
<rect x="300" y="670" width="460" height="20" fill="${d.colour}"/>
${mark(340, 420, 110)}
<rect x="480" y="440" width="240" height="22" rx="4" fill="#7a5a32" opacity=".6"/><rect x="480" y="480" width="180" height="16" rx="4" fill="#7a5a32" opacity=".45"/>
<rect x="340" y="580" width="190" height="60" fill="#fff"/>${Array.from({ length: 26 }, (_, i) => `<rect x="${350 + i * 6.5}" y="590" width="${i % 3 === 0 ? 4 : 2}" height="40" fill="#111"/>`).join('')}`;
}

/** The SVG document of a drawing; `detail` zooms into a part of it (the second view of a gallery). */
export function drawingSvg(d: Drawing, detail?: { x: number; y: number; w: number }): string {
  const body = (() => {
    switch (d.kind) {
      case 'reel':
        return reel(d);
      case 'panel':
        return panel(d);
      case 'keystone':
        return keystone(d);
      case 'box':
        return box(d);
      case 'cord':
        return cord(d);
      case 'cabinet':
        return cabinet(d);
      case 'tray':
        return tray(d);
      case 'tool':
        return tool(d);
      case 'device':
        return device(d);
      case 'pack':
        return pack(d);
      case 'plug':
        return plug(d);
      case 'pigtail':
        return pigtail(d);
      case 'adapter':
        return adapter(d);
      case 'calculator':
        return calculator();
      case 'packaging':
        return packaging(d);
    }
  })();
  const view = detail ? `${detail.x} ${detail.y} ${detail.w} ${(detail.w * VIEW_H) / VIEW_W}` : `0 0 ${VIEW_W} ${VIEW_H}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_W}" height="${IMAGE_H}" viewBox="${view}">${BG}${body}</svg>`;
}

/** Where the detail view of a family looks (families whose details tell something: ends, ports, doors). */
export function detailView(d: Drawing): { x: number; y: number; w: number } | null {
  switch (d.kind) {
    case 'reel':
      return { x: 640, y: 120, w: 520 };
    case 'panel':
      return d.front === 'rj45' || d.front === 'lc' || d.front === 'sc' ? { x: d.ten ? 260 : 40, y: 260, w: 520 } : null;
    case 'cabinet':
      return d.cabinet === 'open' ? null : { x: 240, y: 80, w: 560 };
    case 'device':
      return d.device === 'tester' ? { x: 340, y: 120, w: 480 } : null;
    default:
      return null;
  }
}

/** The kinds of product the demo pictures show: products of two different kinds never share a picture. */
export const PRODUCT_KINDS = [
  'copper cable',
  'fibre cable',
  'patch panel',
  'fibre patch panel',
  'cable manager',
  'power strip',
  'fan panel',
  'shelf',
  'keystone jack',
  'surface outlet',
  'flush outlet',
  'fibre wall box',
  'splice closure',
  'patch cord',
  'fibre patch cord',
  'wall cabinet',
  'floor cabinet',
  'open rack',
  'wire mesh tray',
  'perforated tray',
  'tray cover',
  'tray bracket',
  'tray connector',
  'threaded rod',
  'crimping tool',
  'punch-down tool',
  'cable stripper',
  'cable cutter',
  'fibre stripper',
  'cable tester',
  'fault locator',
  'power meter',
  'light source',
  'connector cleaner',
  'cable ties',
  'hook-and-loop straps',
  'labels',
  'cage nuts',
  'splice protectors',
  'plug boots',
  'RJ45 plug',
  'pigtail',
  'fibre adapter',
  'calculator',
  'packaging',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

const PANEL_KIND: Record<PanelFront, ProductKind> = {
  rj45: 'patch panel',
  keystone: 'patch panel',
  lc: 'fibre patch panel',
  sc: 'fibre patch panel',
  rings: 'cable manager',
  brush: 'cable manager',
  sockets: 'power strip',
  fans: 'fan panel',
  shelf: 'shelf',
};
const PACK_KIND: Record<PackItem, ProductKind> = {
  ties: 'cable ties',
  velcro: 'hook-and-loop straps',
  labels: 'labels',
  nuts: 'cage nuts',
  protectors: 'splice protectors',
  boots: 'plug boots',
};

/** The kind of product a drawing shows. */
export function pictureKind(d: Drawing): ProductKind {
  switch (d.kind) {
    case 'reel':
      return d.fibre ? 'fibre cable' : 'copper cable';
    case 'panel':
      return PANEL_KIND[d.front];
    case 'keystone':
      return 'keystone jack';
    case 'box':
      return ({ surface: 'surface outlet', faceplate: 'flush outlet', fibreWall: 'fibre wall box', closure: 'splice closure' } as const)[d.box];
    case 'cord':
      return d.connector === 'rj45' ? 'patch cord' : 'fibre patch cord';
    case 'cabinet':
      return d.cabinet === 'floor' ? 'floor cabinet' : d.cabinet === 'open' ? 'open rack' : 'wall cabinet';
    case 'tray':
      return (
        {
          mesh: 'wire mesh tray',
          perforated: 'perforated tray',
          cover: 'tray cover',
          bracket: 'tray bracket',
          connector: 'tray connector',
          rod: 'threaded rod',
        } as const
      )[d.tray];
    case 'tool':
      return (
        { crimper: 'crimping tool', punch: 'punch-down tool', stripper: 'cable stripper', cutter: 'cable cutter', fibreStripper: 'fibre stripper' } as const
      )[d.tool];
    case 'device':
      return ({ tester: 'cable tester', vfl: 'fault locator', powermeter: 'power meter', lightsource: 'light source', cleaner: 'connector cleaner' } as const)[
        d.device
      ];
    case 'pack':
      return PACK_KIND[d.item];
    case 'plug':
      return 'RJ45 plug';
    case 'pigtail':
      return 'pigtail';
    case 'adapter':
      return 'fibre adapter';
    case 'calculator':
      return 'calculator';
    case 'packaging':
      return 'packaging';
  }
}

/**
 * One picture per kind of product (and cable colour), for catalogues that share a handful of image files
 * among many products (the large benchmark catalogue): sizes and port counts go, the kind stays.
 */
export function familyDrawing(d: Drawing): Drawing {
  switch (d.kind) {
    case 'reel':
      return { kind: 'reel', colour: d.colour, fibre: d.fibre };
    case 'panel':
      return { kind: 'panel', front: d.front === 'keystone' ? 'rj45' : d.front === 'sc' ? 'lc' : d.front === 'brush' ? 'rings' : d.front };
    case 'cabinet':
      return {
        kind: 'cabinet',
        cabinet: d.cabinet === 'wall10' ? 'wall' : d.cabinet,
        u: d.cabinet === 'floor' || d.cabinet === 'open' ? 42 : 12,
        colour: 'black',
      };
    case 'tray':
      return { kind: 'tray', tray: d.tray };
    case 'box':
      return { kind: 'box', box: d.box, ports: 2 };
    case 'cord':
      return { kind: 'cord', colour: d.colour, connector: d.connector === 'rj45' ? 'rj45' : 'lc' };
    case 'plug':
      return { kind: 'plug' };
    case 'adapter':
      return { kind: 'adapter', connector: 'lc', ports: 2, colour: COLOURS.B };
    default:
      return d;
  }
}
