// Illustrations of the demo news posts and realizations, drawn as SVG (no text, so no fonts are
// needed to render them) and converted to WebP with sharp by the seeder.

export type PostDrawing = 'cable' | 'training' | 'fair' | 'certificate' | 'warranty' | 'fibre' | 'rack' | 'meter' | 'warehouse' | 'poe' | 'online' | 'tray';

export type BuildingDrawing = 'office' | 'hospital' | 'logistics' | 'campus' | 'factory' | 'hotel' | 'school' | 'datacentre';

const W = 1200;

function frame(h: number, from: string, to: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="#ffffff" fill-opacity="0.09"/></pattern>
<linearGradient id="glow" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#67e8f9" stop-opacity="0"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>
</defs>
<rect width="${W}" height="${h}" fill="url(#bg)"/><rect width="${W}" height="${h}" fill="url(#dots)"/>
<circle cx="1040" cy="110" r="260" fill="#ffffff" fill-opacity="0.05"/><circle cx="140" cy="${h - 60}" r="200" fill="#ffffff" fill-opacity="0.04"/>
${body}
</svg>`;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A row of ports (RJ45 or LC) on a panel. */
function ports(x: number, y: number, count: number, gap: number, w = 22, h = 18, fill = '#0f172a') {
  return range(count)
    .map((i) => `<rect x="${x + i * gap}" y="${y}" width="${w}" height="${h}" rx="3" fill="${fill}"/>`)
    .join('');
}

function person(x: number, y: number, color: string) {
  return `<circle cx="${x}" cy="${y}" r="30" fill="${color}"/><path d="M${x - 52} ${y + 120} q0 -78 52 -78 q52 0 52 78 z" fill="${color}"/>`;
}

function logoMark(x: number, y: number, s: number) {
  return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.18}" fill="#1549c6"/>
<rect x="${x + s * 0.25}" y="${y + s * 0.3}" width="${s * 0.5}" height="${s * 0.09}" fill="#fff"/>
<rect x="${x + s * 0.25}" y="${y + s * 0.46}" width="${s * 0.5}" height="${s * 0.09}" fill="#fff"/>
<rect x="${x + s * 0.25}" y="${y + s * 0.62}" width="${s * 0.32}" height="${s * 0.09}" fill="#fff"/>`;
}

/** Seven-segment digits, so numbers need no font. */
function digit(d: number, x: number, y: number, s: number, color: string) {
  const seg: Record<string, string> = {
    a: `<rect x="${x + s * 0.15}" y="${y}" width="${s * 0.7}" height="${s * 0.16}" rx="${s * 0.05}"/>`,
    b: `<rect x="${x + s * 0.84}" y="${y + s * 0.12}" width="${s * 0.16}" height="${s * 0.76}" rx="${s * 0.05}"/>`,
    c: `<rect x="${x + s * 0.84}" y="${y + s * 1.02}" width="${s * 0.16}" height="${s * 0.76}" rx="${s * 0.05}"/>`,
    d: `<rect x="${x + s * 0.15}" y="${y + s * 1.74}" width="${s * 0.7}" height="${s * 0.16}" rx="${s * 0.05}"/>`,
    e: `<rect x="${x}" y="${y + s * 1.02}" width="${s * 0.16}" height="${s * 0.76}" rx="${s * 0.05}"/>`,
    f: `<rect x="${x}" y="${y + s * 0.12}" width="${s * 0.16}" height="${s * 0.76}" rx="${s * 0.05}"/>`,
    g: `<rect x="${x + s * 0.15}" y="${y + s * 0.87}" width="${s * 0.7}" height="${s * 0.16}" rx="${s * 0.05}"/>`,
  };
  const map = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'][d] ?? '';
  return `<g fill="${color}">${[...map].map((k) => seg[k]).join('')}</g>`;
}

const PAIRS = [
  ['#f97316', '#fff7ed'],
  ['#16a34a', '#f0fdf4'],
  ['#2563eb', '#eff6ff'],
  ['#92400e', '#fef3c7'],
];

const POST_BODIES: Record<PostDrawing, () => string> = {
  cable: () => `
<path d="M-40 560 C 260 560 380 340 620 340" stroke="#0b1220" stroke-opacity="0.35" stroke-width="70" fill="none" transform="translate(8 14)"/>
<path d="M-40 560 C 260 560 380 340 620 340" stroke="#a78bfa" stroke-width="64" fill="none" stroke-linecap="round"/>
<path d="M-40 560 C 260 560 380 340 620 340" stroke="#c4b5fd" stroke-width="14" fill="none" stroke-opacity="0.7" transform="translate(0 -16)"/>
${PAIRS.map(([c, w], i) => {
  const y = 312 + i * 19;
  return `<path d="M600 ${y} c 20 -10 30 10 50 0 s 30 10 50 0 s 30 10 50 0" stroke="${c}" stroke-width="9" fill="none"/>
<path d="M600 ${y + 4} c 20 10 30 -10 50 0 s 30 -10 50 0 s 30 -10 50 0" stroke="${w}" stroke-width="6" fill="none"/>`;
}).join('')}
<rect x="740" y="270" width="280" height="150" rx="14" fill="#e0f2fe" fill-opacity="0.55" stroke="#f8fafc" stroke-width="4"/>
<rect x="1000" y="300" width="40" height="90" rx="6" fill="#f8fafc" fill-opacity="0.7"/>
${range(8)
  .map((i) => `<rect x="${850 + i * 18}" y="290" width="9" height="56" rx="2" fill="#fbbf24"/>`)
  .join('')}
<path d="M770 380 h160 l20 24 h-200 z" fill="#f8fafc" fill-opacity="0.5"/>`,
  training: () => `
<rect x="300" y="110" width="600" height="330" rx="14" fill="#f8fafc"/>
<rect x="300" y="110" width="600" height="330" rx="14" fill="none" stroke="#cbd5e1" stroke-width="6"/>
<g stroke="#1549c6" stroke-width="6" fill="none"><path d="M420 200 L600 170 L780 200 M600 170 L600 300 M420 200 L420 330 M780 200 L780 330 M600 300 L420 330 M600 300 L780 330"/></g>
${[
  [420, 200],
  [600, 170],
  [780, 200],
  [600, 300],
  [420, 330],
  [780, 330],
]
  .map(([x, y]) => `<rect x="${(x ?? 0) - 26}" y="${(y ?? 0) - 18}" width="52" height="36" rx="6" fill="#1549c6"/>`)
  .join('')}
<rect x="590" y="440" width="20" height="90" fill="#cbd5e1"/>
${person(230, 470, '#f59e0b')}${person(420, 520, '#e2e8f0')}${person(780, 520, '#bfdbfe')}${person(970, 470, '#fde68a')}
<rect x="0" y="620" width="1200" height="55" fill="#0b1220" fill-opacity="0.25"/>`,
  fair: () => `
<rect x="0" y="560" width="1200" height="115" fill="#0b1220" fill-opacity="0.3"/>
<rect x="220" y="110" width="760" height="360" rx="8" fill="#f8fafc"/>
<rect x="220" y="110" width="760" height="70" rx="8" fill="#0b2e6e"/>
${logoMark(520, 230, 160)}
<rect x="300" y="440" width="600" height="150" rx="10" fill="#1549c6"/>
<rect x="300" y="440" width="600" height="24" rx="6" fill="#0b2e6e"/>
${range(5)
  .map(
    (i) =>
      `<path d="M${300 + i * 150} 110 l-30 -70 h60 z" fill="#fde68a" fill-opacity="0.85"/><path d="M${300 + i * 150} 110 l-90 250 h180 z" fill="#fef9c3" fill-opacity="0.12"/>`,
  )
  .join('')}
${person(150, 470, '#e2e8f0')}${person(1060, 470, '#fbbf24')}`,
  certificate: () => `
<g transform="rotate(-4 600 330)">
<rect x="300" y="90" width="560" height="500" rx="12" fill="#f8fafc"/>
<rect x="330" y="120" width="500" height="440" rx="6" fill="none" stroke="#bfdbfe" stroke-width="6"/>
<rect x="400" y="170" width="360" height="26" rx="6" fill="#1549c6"/>
${range(6)
  .map((i) => `<rect x="390" y="${240 + i * 36}" width="${i % 2 ? 300 : 380}" height="12" rx="6" fill="#cbd5e1"/>`)
  .join('')}
</g>
<path d="M800 470 l-40 150 l50 -30 l30 50 l20 -160 z" fill="#dc2626"/>
<path d="M900 470 l40 150 l-50 -30 l-30 50 l-20 -160 z" fill="#b91c1c"/>
<circle cx="850" cy="440" r="100" fill="#f59e0b"/>
<circle cx="850" cy="440" r="78" fill="#fbbf24" stroke="#fff7ed" stroke-width="6"/>
<path d="M810 440 l28 28 l52 -58" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  warranty: () => `
<path d="M600 70 l250 90 v170 c0 160 -110 250 -250 300 c-140 -50 -250 -140 -250 -300 v-170 z" fill="#0b1220" fill-opacity="0.25" transform="translate(10 14)"/>
<path d="M600 70 l250 90 v170 c0 160 -110 250 -250 300 c-140 -50 -250 -140 -250 -300 v-170 z" fill="#f8fafc"/>
<path d="M600 110 l210 76 v146 c0 136 -92 212 -210 256 c-118 -44 -210 -120 -210 -256 v-146 z" fill="#1549c6"/>
${digit(2, 480, 200, 100, '#ffffff')}${digit(5, 620, 200, 100, '#ffffff')}
<path d="M520 460 l50 50 l110 -110" stroke="#fbbf24" stroke-width="26" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  fibre: () => `
${range(9)
  .map((i) => {
    const y0 = 80 + i * 65;
    return `<path d="M-20 ${y0} C 300 ${y0} 500 340 760 340" stroke="url(#glow)" stroke-width="${6 + (i % 3) * 3}" fill="none"/>`;
  })
  .join('')}
<rect x="760" y="300" width="120" height="80" rx="10" fill="#1e293b"/>
<rect x="880" y="312" width="200" height="56" rx="8" fill="#38bdf8"/>
<rect x="1080" y="322" width="80" height="36" rx="6" fill="#f8fafc"/>
<circle cx="1160" cy="340" r="30" fill="#e0f2fe" fill-opacity="0.7"/><circle cx="1160" cy="340" r="70" fill="#e0f2fe" fill-opacity="0.18"/>`,
  rack: () => `
<rect x="380" y="60" width="440" height="570" rx="14" fill="#0f172a"/>
<rect x="400" y="80" width="400" height="530" rx="6" fill="#1e293b"/>
${range(7)
  .map((i) => {
    const y = 100 + i * 72;
    return `<rect x="415" y="${y}" width="370" height="56" rx="4" fill="${i === 3 ? '#334155' : '#e2e8f0'}"/>
${
  i === 3
    ? range(8)
        .map((k) => `<rect x="${440 + k * 42}" y="${y + 14}" width="28" height="28" rx="4" fill="#64748b"/>`)
        .join('')
    : ports(432, y + 19, 12, 29, 20, 18)
}
<circle cx="770" cy="${y + 12}" r="5" fill="${i % 2 ? '#22c55e' : '#84cc16'}"/>`;
  })
  .join('')}
${range(6)
  .map(
    (i) =>
      `<path d="M${800 + i * 6} ${140 + i * 70} C ${980} ${160 + i * 70} ${1000} ${420 + i * 20} ${1220} ${440 + i * 24}" stroke="${['#60a5fa', '#f59e0b', '#34d399', '#f472b6', '#a78bfa', '#f8fafc'][i]}" stroke-width="10" fill="none"/>`,
  )
  .join('')}`,
  meter: () => `
<rect x="260" y="110" width="330" height="470" rx="40" fill="#f59e0b"/>
<rect x="290" y="150" width="270" height="200" rx="12" fill="#0f172a"/>
<path d="M310 300 L360 250 L400 280 L450 200 L500 230 L540 180" stroke="#22c55e" stroke-width="8" fill="none" stroke-linejoin="round"/>
<rect x="310" y="170" width="110" height="14" rx="7" fill="#38bdf8"/>
${range(6)
  .map((i) => `<circle cx="${330 + (i % 3) * 95}" cy="${410 + Math.floor(i / 3) * 80}" r="28" fill="#fde68a"/>`)
  .join('')}
<rect x="780" y="230" width="200" height="300" rx="32" fill="#fbbf24"/>
<rect x="810" y="270" width="140" height="90" rx="10" fill="#0f172a"/>
<circle cx="880" cy="450" r="36" fill="#fde68a"/>
<path d="M425 580 C 420 660 860 660 880 530" stroke="#0f172a" stroke-width="16" fill="none"/>`,
  warehouse: () => `
<rect x="0" y="560" width="1200" height="115" fill="#0b1220" fill-opacity="0.3"/>
${range(3)
  .map((r) =>
    range(4)
      .map(
        (c) =>
          `<rect x="${120 + c * 130}" y="${150 + r * 135}" width="110" height="110" rx="6" fill="${['#fbbf24', '#f59e0b', '#fcd34d'][(r + c) % 3]}"/><rect x="${165 + c * 130}" y="${150 + r * 135}" width="20" height="110" fill="#fde68a" fill-opacity="0.6"/>`,
      )
      .join(''),
  )
  .join('')}
${range(4)
  .map((r) => `<rect x="100" y="${260 + r * 135}" width="540" height="12" fill="#e2e8f0"/>`)
  .join('')}
<rect x="720" y="300" width="300" height="210" rx="10" fill="#f8fafc"/>
<path d="M1020 360 h90 l60 70 v80 h-150 z" fill="#e2e8f0"/>
<rect x="1045" y="380" width="60" height="45" rx="6" fill="#93c5fd"/>
${logoMark(820, 350, 100)}
<circle cx="800" cy="520" r="42" fill="#0f172a"/><circle cx="1090" cy="520" r="42" fill="#0f172a"/>
<circle cx="800" cy="520" r="16" fill="#94a3b8"/><circle cx="1090" cy="520" r="16" fill="#94a3b8"/>`,
  poe: () => `
<rect x="380" y="280" width="440" height="110" rx="12" fill="#0f172a"/>
${ports(410, 315, 12, 32, 22, 22, '#334155')}
${range(12)
  .map((i) => `<circle cx="${421 + i * 32}" cy="305" r="4" fill="#22c55e"/>`)
  .join('')}
<g stroke="#f8fafc" stroke-width="8" fill="none" stroke-opacity="0.8"><path d="M450 280 C 400 180 260 170 200 150"/><path d="M600 280 V 130"/><path d="M750 280 C 800 180 940 170 1000 150"/><path d="M520 390 C 470 520 300 520 220 540"/><path d="M680 390 C 730 520 900 520 980 540"/></g>
<rect x="140" y="100" width="120" height="80" rx="18" fill="#f8fafc"/><circle cx="200" cy="140" r="22" fill="#0f172a"/>
<circle cx="600" cy="100" r="48" fill="#f8fafc"/><path d="M570 96 a40 40 0 0 1 60 0 M582 108 a22 22 0 0 1 36 0" stroke="#1549c6" stroke-width="7" fill="none"/>
<rect x="940" y="100" width="120" height="90" rx="10" fill="#f8fafc"/><rect x="955" y="115" width="90" height="40" rx="4" fill="#93c5fd"/>
<rect x="160" y="500" width="120" height="90" rx="14" fill="#f8fafc"/><rect x="920" y="500" width="120" height="90" rx="14" fill="#f8fafc"/>
<path d="M610 170 l-40 70 h34 l-18 60 l56 -84 h-36 l22 -46 z" fill="#fbbf24"/>`,
  online: () => `
<rect x="280" y="110" width="640" height="400" rx="20" fill="#0f172a"/>
<rect x="305" y="135" width="590" height="350" rx="8" fill="#f8fafc"/>
<path d="M200 510 h800 l-50 50 h-700 z" fill="#cbd5e1"/>
<circle cx="520" cy="290" r="80" fill="#1549c6"/><path d="M495 250 v80 l65 -40 z" fill="#fff"/>
${range(3)
  .map(
    (i) =>
      `<rect x="660" y="${210 + i * 60}" width="36" height="36" rx="8" fill="${i < 2 ? '#22c55e' : '#e2e8f0'}"/>${i < 2 ? `<path d="M668 ${228 + i * 60} l8 8 l14 -16" stroke="#fff" stroke-width="5" fill="none"/>` : ''}<rect x="710" y="${220 + i * 60}" width="150" height="14" rx="7" fill="#cbd5e1"/>`,
  )
  .join('')}
<rect x="340" y="440" width="520" height="14" rx="7" fill="#e2e8f0"/><rect x="340" y="440" width="340" height="14" rx="7" fill="#f59e0b"/>`,
  tray: () => `
<path d="M120 430 L720 150 L1140 260 L540 560 Z" fill="#cbd5e1"/>
<path d="M120 430 L540 560 L540 600 L120 470 Z" fill="#94a3b8"/>
<path d="M540 560 L1140 260 L1140 300 L540 600 Z" fill="#64748b"/>
${range(7)
  .map(
    (i) =>
      `<path d="M${170 + i * 8} ${420 - i * 10} L${1080 - i * 4} ${300 - i * 14}" stroke="${['#60a5fa', '#a78bfa', '#f59e0b', '#34d399', '#f472b6', '#e2e8f0', '#38bdf8'][i]}" stroke-width="22" stroke-linecap="round"/>`,
  )
  .join('')}
<rect x="860" y="400" width="220" height="240" rx="22" fill="#0f172a"/>
<rect x="885" y="425" width="170" height="60" rx="8" fill="#86efac"/>
${range(9)
  .map((i) => `<rect x="${890 + (i % 3) * 56}" y="${505 + Math.floor(i / 3) * 44}" width="44" height="32" rx="6" fill="${i === 8 ? '#f59e0b' : '#475569'}"/>`)
  .join('')}`,
};

function windows(x: number, y: number, cols: number, rows: number, w: number, h: number, gx: number, gy: number, fill = '#bfdbfe') {
  return range(rows)
    .map((r) =>
      range(cols)
        .map(
          (c) => `<rect x="${x + c * gx}" y="${y + r * gy}" width="${w}" height="${h}" rx="2" fill="${fill}" fill-opacity="${0.55 + ((r + c) % 3) * 0.15}"/>`,
        )
        .join(''),
    )
    .join('');
}

const GROUND = (h: number) => `<rect x="0" y="${h - 110}" width="${W}" height="110" fill="#0b1220" fill-opacity="0.28"/>`;

const BUILDING_BODIES: Record<BuildingDrawing, (h: number) => string> = {
  office: (h) => `${GROUND(h)}
<rect x="420" y="60" width="360" height="${h - 170}" fill="#e2e8f0"/>
${windows(445, 90, 6, 11, 42, 36, 55, 48, '#60a5fa')}
<rect x="230" y="300" width="190" height="${h - 410}" fill="#cbd5e1"/>${windows(250, 320, 3, 6, 38, 30, 55, 48)}
<rect x="780" y="240" width="220" height="${h - 350}" fill="#cbd5e1"/>${windows(800, 260, 3, 7, 44, 30, 66, 48)}`,
  hospital: (h) => `${GROUND(h)}
<rect x="200" y="220" width="800" height="${h - 330}" fill="#f1f5f9"/>
${windows(230, 330, 10, 5, 48, 34, 76, 56)}
<rect x="520" y="120" width="160" height="140" rx="12" fill="#f8fafc"/>
<rect x="575" y="140" width="50" height="100" fill="#dc2626"/><rect x="550" y="165" width="100" height="50" fill="#dc2626"/>
<rect x="540" y="${h - 190}" width="120" height="80" fill="#94a3b8"/>`,
  logistics: (h) => `${GROUND(h)}
<path d="M80 ${h - 110} V300 L600 230 L1120 300 V${h - 110} Z" fill="#e2e8f0"/>
${range(7)
  .map(
    (i) =>
      `<rect x="${140 + i * 140}" y="${h - 250}" width="100" height="140" fill="#64748b"/><rect x="${140 + i * 140}" y="${h - 250}" width="100" height="16" fill="#f59e0b"/>`,
  )
  .join('')}
<rect x="80" y="320" width="1040" height="26" fill="#1549c6"/>`,
  campus: (h) => `${GROUND(h)}
<path d="M220 260 L600 110 L980 260 Z" fill="#e2e8f0"/>
<rect x="240" y="260" width="720" height="40" fill="#cbd5e1"/>
${range(7)
  .map((i) => `<rect x="${275 + i * 100}" y="300" width="40" height="${h - 450}" fill="#f8fafc"/>`)
  .join('')}
<rect x="220" y="${h - 150}" width="760" height="40" fill="#cbd5e1"/>
<circle cx="600" cy="200" r="30" fill="#1549c6"/>`,
  factory: (h) => `${GROUND(h)}
<path d="M140 ${h - 110} V330 l160 -90 v90 l160 -90 v90 l160 -90 v90 l160 -90 v${h - 350} Z" fill="#e2e8f0"/>
<rect x="900" y="140" width="70" height="${h - 250}" fill="#94a3b8"/>
<circle cx="960" cy="110" r="40" fill="#f8fafc" fill-opacity="0.5"/><circle cx="1010" cy="70" r="30" fill="#f8fafc" fill-opacity="0.35"/>
${windows(180, 380, 6, 2, 70, 50, 100, 90, '#93c5fd')}
<rect x="1000" y="380" width="140" height="${h - 490}" fill="#cbd5e1"/>`,
  hotel: (h) => `${GROUND(h)}
<rect x="330" y="100" width="540" height="${h - 210}" fill="#f1f5f9"/>
${range(9)
  .map((r) => `<rect x="350" y="${130 + r * 52}" width="500" height="8" fill="#94a3b8"/>`)
  .join('')}
${windows(370, 140, 8, 9, 40, 32, 60, 52, '#fde68a')}
<rect x="430" y="60" width="340" height="50" rx="8" fill="#0b2e6e"/>
<rect x="520" y="${h - 180}" width="160" height="70" fill="#1549c6"/>`,
  school: (h) => `${GROUND(h)}
<rect x="180" y="260" width="840" height="${h - 370}" fill="#fde68a"/>
<path d="M480 260 L600 150 L720 260 Z" fill="#f59e0b"/>
<circle cx="600" cy="225" r="34" fill="#f8fafc"/><path d="M600 225 v-22 M600 225 h16" stroke="#0f172a" stroke-width="5"/>
${windows(210, 300, 11, 3, 50, 48, 74, 80, '#93c5fd')}
<rect x="560" y="${h - 200}" width="80" height="90" fill="#92400e"/>`,
  datacentre: (h) => `<rect x="0" y="${h - 150}" width="${W}" height="150" fill="#0b1220" fill-opacity="0.35"/>
${range(6)
  .map((i) => {
    const x = 90 + i * 180;
    return `<rect x="${x}" y="140" width="150" height="${h - 270}" rx="8" fill="#0f172a"/>${range(10)
      .map(
        (r) =>
          `<rect x="${x + 12}" y="${160 + r * 44}" width="126" height="32" rx="3" fill="#1e293b"/><circle cx="${x + 124}" cy="${176 + r * 44}" r="4" fill="${(r + i) % 4 ? '#22c55e' : '#38bdf8'}"/>`,
      )
      .join('')}`;
  })
  .join('')}
<rect x="0" y="90" width="${W}" height="20" fill="#f59e0b" fill-opacity="0.8"/>`,
};

const PALETTES: [string, string][] = [
  ['#0b2e6e', '#1d5ef1'],
  ['#0f172a', '#1549c6'],
  ['#173f9e', '#337dfc'],
  ['#0b2e6e', '#0891b2'],
  ['#1e1b4b', '#1549c6'],
  ['#0c4a6e', '#1d5ef1'],
];

/** A news illustration, 1200 × 675. */
export function postSvg(kind: PostDrawing, variant = 0): string {
  const [from, to] = PALETTES[variant % PALETTES.length] ?? PALETTES[0];
  return frame(675, from, to, POST_BODIES[kind]());
}

/** A realization illustration, 1200 × 750. */
export function buildingSvg(kind: BuildingDrawing, variant = 0): string {
  const [from, to] = PALETTES[variant % PALETTES.length] ?? PALETTES[0];
  return frame(750, from, to, BUILDING_BODIES[kind](750));
}
