// The demo catalogue of a structured-cabling manufacturer: categories three levels deep and
// product families with their catalogue numbers, parameters, imagery and documents, in Polish
// and English. Pure data and text builders; the seeder writes them (see catalog.seed.server.ts).
import { COLOUR_CODES, type DemoAttrs } from './attributes.data';
import { COLOURS, type Drawing } from './drawings';

export interface CategoryDef {
  key: string;
  pl: string;
  en: string;
  descPl?: string;
  descEn?: string;
  image?: Drawing;
  children?: CategoryDef[];
}

/** One parameter row: Polish label, English label, value (Polish, English when it differs). */
export type Param = [string, string, string, string?];

export interface NumberDef {
  number: string;
  namePl: string;
  nameEn: string;
  multiple: number;
  unit: 'm' | 'szt.' | 'opak.' | 'kpl.';
}

/** Documents every product of a family shares (declarations, certificates, manuals). */
export type SharedDocKey =
  | 'doc-copper'
  | 'doc-fibre'
  | 'doc-passive'
  | 'doc-cabinets'
  | 'doc-trays'
  | 'doc-tools'
  | 'dop-eca'
  | 'dop-dca'
  | 'dop-fibre'
  | 'cert-cat6a'
  | 'cert-cat6'
  | 'cert-ghmt'
  | 'cert-iso'
  | 'other-warranty'
  | 'other-cabinet-manual'
  | 'other-tray-loads'
  | 'other-fibre-guide';

export interface ProductDef {
  category: string;
  namePl: string;
  nameEn: string;
  leadPl: string;
  leadEn: string;
  introPl: string;
  introEn: string;
  usePl: string;
  useEn: string;
  featuresPl: string[];
  featuresEn: string[];
  params: Param[];
  numbers: NumberDef[];
  versions?: boolean;
  drawing: Drawing;
  /** Colour of the packaging band of the second image, when the product ships in a box. */
  packaging?: string;
  docs: SharedDocKey[];
  /** Outline in mm for the CAD drawing and the Revit family (cabinets, panels). */
  dims?: { width: number; height: number; depth: number; units?: number; revit?: boolean };
  datasheet: boolean;
  /** Attribute values (specification table, listing facets): demo/attributes.data.ts. */
  attrs?: DemoAttrs;
}

export const CATEGORIES: CategoryDef[] = [
  {
    key: 'copper',
    pl: 'Kable miedziane',
    en: 'Copper cables',
    descPl: 'Kable teleinformatyczne skrętkowe kategorii 5e, 6, 6A i 7A do budowy okablowania poziomego i pionowego.',
    descEn: 'Twisted-pair data cables of categories 5e, 6, 6A and 7A for horizontal and backbone cabling.',
    image: { kind: 'reel', colour: COLOURS.V },
    children: [
      {
        key: 'copper-5e',
        pl: 'Kable kat. 5e',
        en: 'Category 5e cables',
        children: [
          { key: 'copper-5e-utp', pl: 'Kable kat. 5e nieekranowane', en: 'Unshielded category 5e cables' },
          { key: 'copper-5e-ftp', pl: 'Kable kat. 5e ekranowane', en: 'Shielded category 5e cables' },
        ],
      },
      {
        key: 'copper-6',
        pl: 'Kable kat. 6',
        en: 'Category 6 cables',
        children: [
          { key: 'copper-6-utp', pl: 'Kable kat. 6 nieekranowane', en: 'Unshielded category 6 cables' },
          { key: 'copper-6-ftp', pl: 'Kable kat. 6 ekranowane', en: 'Shielded category 6 cables' },
        ],
      },
      {
        key: 'copper-6a',
        pl: 'Kable kat. 6A',
        en: 'Category 6A cables',
        children: [
          { key: 'copper-6a-utp', pl: 'Kable kat. 6A nieekranowane', en: 'Unshielded category 6A cables' },
          { key: 'copper-6a-ftp', pl: 'Kable kat. 6A ekranowane', en: 'Shielded category 6A cables' },
        ],
      },
      { key: 'copper-7', pl: 'Kable kat. 7 i 7A', en: 'Category 7 and 7A cables' },
      { key: 'copper-outdoor', pl: 'Kable zewnętrzne', en: 'Outdoor cables' },
    ],
  },
  {
    key: 'fibre',
    pl: 'Kable światłowodowe',
    en: 'Fibre optic cables',
    descPl: 'Kable światłowodowe jednomodowe i wielomodowe do instalacji wewnętrznych, zewnętrznych i FTTH.',
    descEn: 'Singlemode and multimode fibre optic cables for indoor, outdoor and FTTH installations.',
    image: { kind: 'reel', colour: COLOURS.Y, fibre: true },
    children: [
      {
        key: 'fibre-sm',
        pl: 'Kable jednomodowe OS2',
        en: 'Singlemode OS2 cables',
        children: [
          { key: 'fibre-sm-universal', pl: 'Kable uniwersalne', en: 'Universal cables' },
          { key: 'fibre-sm-outdoor', pl: 'Kable zewnętrzne', en: 'Outdoor cables' },
          { key: 'fibre-sm-indoor', pl: 'Kable wewnętrzne', en: 'Indoor cables' },
          { key: 'fibre-sm-ftth', pl: 'Kable abonenckie FTTH', en: 'FTTH drop cables' },
        ],
      },
      {
        key: 'fibre-mm',
        pl: 'Kable wielomodowe',
        en: 'Multimode cables',
        children: [
          { key: 'fibre-mm-om3', pl: 'Kable OM3', en: 'OM3 cables' },
          { key: 'fibre-mm-om4', pl: 'Kable OM4', en: 'OM4 cables' },
          { key: 'fibre-mm-om5', pl: 'Kable OM5', en: 'OM5 cables' },
        ],
      },
    ],
  },
  {
    key: 'panels',
    pl: 'Panele krosowe',
    en: 'Patch panels',
    descPl: 'Panele krosowe 19" i 10" kategorii 5e, 6 i 6A oraz panele modułowe pod moduły keystone.',
    descEn: '19" and 10" patch panels of categories 5e, 6 and 6A and modular panels for keystone jacks.',
    image: { kind: 'panel', front: 'rj45', ports: 24 },
    children: [
      { key: 'panels-5e', pl: 'Panele kat. 5e', en: 'Category 5e panels' },
      { key: 'panels-6', pl: 'Panele kat. 6', en: 'Category 6 panels' },
      { key: 'panels-6a', pl: 'Panele kat. 6A', en: 'Category 6A panels' },
      { key: 'panels-modular', pl: 'Panele modułowe', en: 'Modular panels' },
      { key: 'panels-10', pl: 'Panele 10"', en: '10" panels' },
    ],
  },
  {
    key: 'keystone',
    pl: 'Moduły keystone i gniazda',
    en: 'Keystone modules and outlets',
    descPl: 'Moduły keystone RJ45, gniazda natynkowe i podtynkowe oraz ramki i adaptery.',
    descEn: 'RJ45 keystone jacks, surface-mount and flush outlets, faceplates and adapters.',
    image: { kind: 'keystone', colour: COLOURS.W, shielded: true },
    children: [
      {
        key: 'keystone-modules',
        pl: 'Moduły keystone',
        en: 'Keystone jacks',
        children: [
          { key: 'keystone-utp', pl: 'Moduły nieekranowane', en: 'Unshielded jacks' },
          { key: 'keystone-stp', pl: 'Moduły ekranowane', en: 'Shielded jacks' },
        ],
      },
      { key: 'keystone-surface', pl: 'Gniazda natynkowe', en: 'Surface-mount outlets' },
      { key: 'keystone-flush', pl: 'Gniazda podtynkowe i ramki', en: 'Flush outlets and faceplates' },
    ],
  },
  {
    key: 'cords',
    pl: 'Kable krosowe',
    en: 'Patch cords',
    descPl: 'Fabrycznie zarobione kable krosowe miedziane i światłowodowe, testowane w 100%.',
    descEn: 'Factory-terminated copper and fibre patch cords, 100% tested.',
    image: { kind: 'cord', colour: COLOURS.B, connector: 'rj45' },
    children: [
      {
        key: 'cords-copper',
        pl: 'Kable krosowe miedziane',
        en: 'Copper patch cords',
        children: [
          { key: 'cords-5e', pl: 'Kable krosowe kat. 5e', en: 'Category 5e patch cords' },
          { key: 'cords-6', pl: 'Kable krosowe kat. 6', en: 'Category 6 patch cords' },
          { key: 'cords-6a', pl: 'Kable krosowe kat. 6A', en: 'Category 6A patch cords' },
        ],
      },
      {
        key: 'cords-fibre',
        pl: 'Kable krosowe światłowodowe',
        en: 'Fibre patch cords',
        children: [
          { key: 'cords-fibre-sm', pl: 'Jednomodowe', en: 'Singlemode' },
          { key: 'cords-fibre-mm', pl: 'Wielomodowe', en: 'Multimode' },
        ],
      },
    ],
  },
  {
    key: 'racks',
    pl: 'Szafy i stojaki rack',
    en: 'Racks and cabinets',
    descPl: 'Szafy wiszące i stojące 19" i 10", stojaki otwarte oraz wyposażenie szaf.',
    descEn: 'Wall-mount and floor-standing 19" and 10" cabinets, open racks and cabinet accessories.',
    image: { kind: 'cabinet', cabinet: 'floor', u: 42, colour: 'black' },
    children: [
      {
        key: 'racks-wall',
        pl: 'Szafy wiszące',
        en: 'Wall-mount cabinets',
        children: [
          { key: 'racks-wall-19', pl: 'Szafy wiszące 19"', en: '19" wall-mount cabinets' },
          { key: 'racks-wall-10', pl: 'Szafy wiszące 10"', en: '10" wall-mount cabinets' },
        ],
      },
      {
        key: 'racks-floor',
        pl: 'Szafy stojące',
        en: 'Floor-standing cabinets',
        children: [
          { key: 'racks-floor-600', pl: 'Szafy stojące 600 mm', en: '600 mm floor-standing cabinets' },
          { key: 'racks-floor-800', pl: 'Szafy stojące 800 mm', en: '800 mm floor-standing cabinets' },
        ],
      },
      { key: 'racks-open', pl: 'Stojaki otwarte', en: 'Open racks' },
      {
        key: 'racks-accessories',
        pl: 'Wyposażenie szaf',
        en: 'Cabinet accessories',
        children: [
          { key: 'racks-shelves', pl: 'Półki', en: 'Shelves' },
          { key: 'racks-power', pl: 'Listwy zasilające', en: 'Power distribution units' },
          { key: 'racks-cooling', pl: 'Wentylacja', en: 'Cooling' },
        ],
      },
    ],
  },
  {
    key: 'trays',
    pl: 'Koryta kablowe',
    en: 'Cable trays',
    descPl: 'Koryta siatkowe i perforowane z pełnym systemem łączników, wsporników i pokryw.',
    descEn: 'Wire mesh and perforated cable trays with a complete system of connectors, supports and covers.',
    image: { kind: 'tray', tray: 'mesh' },
    children: [
      { key: 'trays-mesh', pl: 'Koryta siatkowe', en: 'Wire mesh trays' },
      { key: 'trays-perforated', pl: 'Koryta perforowane', en: 'Perforated trays' },
      { key: 'trays-fittings', pl: 'Łączniki i wsporniki', en: 'Connectors and supports' },
    ],
  },
  {
    key: 'fibre-distribution',
    pl: 'Dystrybucja światłowodowa',
    en: 'Fibre distribution',
    descPl: 'Przełącznice, adaptery, pigtaile, mufy i skrzynki do zakańczania i łączenia włókien.',
    descEn: 'Patch panels, adapters, pigtails, closures and boxes for terminating and splicing fibres.',
    image: { kind: 'panel', front: 'lc', ports: 24 },
    children: [
      { key: 'fd-odf', pl: 'Przełącznice światłowodowe', en: 'Fibre patch panels' },
      { key: 'fd-adapters', pl: 'Adaptery', en: 'Adapters' },
      { key: 'fd-pigtails', pl: 'Pigtaile', en: 'Pigtails' },
      { key: 'fd-closures', pl: 'Mufy i skrzynki', en: 'Closures and boxes' },
    ],
  },
  {
    key: 'tools',
    pl: 'Narzędzia i testery',
    en: 'Tools and testers',
    descPl: 'Narzędzia instalatorskie do zarabiania okablowania miedzianego i światłowodowego oraz testery.',
    descEn: 'Installer tools for terminating copper and fibre cabling, and testers.',
    image: { kind: 'device', device: 'tester', colour: '#f2c230' },
    children: [
      { key: 'tools-crimp', pl: 'Zaciskarki', en: 'Crimping tools' },
      { key: 'tools-punch', pl: 'Narzędzia uderzeniowe i ściągacze', en: 'Punch-down and stripping tools' },
      { key: 'tools-testers', pl: 'Testery i mierniki', en: 'Testers and meters' },
    ],
  },
  {
    key: 'accessories',
    pl: 'Akcesoria',
    en: 'Accessories',
    descPl: 'Organizatory, opaski, wtyki RJ45 i oznaczniki porządkujące instalację.',
    descEn: 'Cable managers, ties, RJ45 plugs and labels that keep the installation in order.',
    image: { kind: 'pack', item: 'ties', colour: COLOURS.K },
    children: [
      { key: 'acc-managers', pl: 'Organizatory kabli', en: 'Cable managers' },
      { key: 'acc-ties', pl: 'Opaski i rzepy', en: 'Cable ties and hook-and-loop' },
      { key: 'acc-plugs', pl: 'Wtyki RJ45', en: 'RJ45 plugs' },
      { key: 'acc-labels', pl: 'Oznaczniki', en: 'Labels and markers' },
    ],
  },
];

const COLOUR_NAMES: Record<string, [string, string]> = {
  G: ['szary', 'grey'],
  V: ['fioletowy', 'violet'],
  O: ['pomarańczowy', 'orange'],
  B: ['niebieski', 'blue'],
  Y: ['żółty', 'yellow'],
  K: ['czarny', 'black'],
  W: ['biały', 'white'],
  R: ['czerwony', 'red'],
  GN: ['zielony', 'green'],
  AQ: ['turkusowy', 'aqua'],
  M: ['fioletowy (erika)', 'heather violet'],
  LG: ['limonkowy', 'lime green'],
  BE: ['beżowy', 'beige'],
};

const colourPl = (c: string) => COLOUR_NAMES[c]?.[0] ?? c;
const colourEn = (c: string) => COLOUR_NAMES[c]?.[1] ?? c;
const pl = (n: number) => String(n).replace('.', ',');

const WARRANTY_PL = 'Element Systemu Okablowania COBI NET objętego 25-letnią gwarancją systemową przy instalacji wykonanej przez certyfikowanego instalatora.';
const WARRANTY_EN = 'Part of the COBI NET Cabling System covered by the 25-year system warranty when installed by a certified installer.';

// ---------------------------------------------------------------- copper cables

interface CableSpec {
  cat: '5e' | '6' | '6A' | '7' | '7A';
  shield: 'U/UTP' | 'F/UTP' | 'U/FTP' | 'S/FTP' | 'F/FTP';
  jacket: 'PVC' | 'LSOH' | 'Dca' | 'PE';
  awg: 24 | 23 | 22;
  colours: string[];
  drum?: boolean;
}

const CAT_MHZ: Record<CableSpec['cat'], number> = { '5e': 100, '6': 250, '6A': 500, '7': 600, '7A': 1000 };
const CAT_CLASS: Record<CableSpec['cat'], string> = { '5e': 'D', '6': 'E', '6A': 'EA', '7': 'F', '7A': 'FA' };
const SHIELD_CODE: Record<CableSpec['shield'], string> = { 'U/UTP': 'U', 'F/UTP': 'F', 'U/FTP': 'UF', 'S/FTP': 'S', 'F/FTP': 'FF' };

function cable(s: CableSpec): ProductDef {
  const shielded = s.shield !== 'U/UTP';
  const outdoor = s.jacket === 'PE';
  const catKey = s.cat === '7' || s.cat === '7A' ? 'copper-7' : outdoor ? 'copper-outdoor' : `copper-${s.cat.toLowerCase()}-${shielded ? 'ftp' : 'utp'}`;
  const jacketCode = s.jacket === 'PVC' ? '' : s.jacket === 'LSOH' ? 'L' : s.jacket === 'Dca' ? 'D' : 'Z';
  const code = `CN-${SHIELD_CODE[s.shield]}${s.cat.replace('e', '')}${jacketCode}`;
  const jacketPl = { PVC: 'PVC', LSOH: 'LSOH', Dca: 'LSOH Dca', PE: 'PE zewnętrzny' }[s.jacket];
  const jacketEn = { PVC: 'PVC', LSOH: 'LSOH', Dca: 'LSOH Dca', PE: 'outdoor PE' }[s.jacket];
  const numbers: NumberDef[] = [];
  for (const c of s.colours) {
    numbers.push({ number: `${code}-305-${c}`, namePl: `Karton 305 m, ${colourPl(c)}`, nameEn: `305 m pull box, ${colourEn(c)}`, multiple: 305, unit: 'm' });
  }
  if (s.drum) {
    const c = s.colours[0];
    numbers.push({ number: `${code}-500-${c}`, namePl: `Bęben 500 m, ${colourPl(c)}`, nameEn: `500 m drum, ${colourEn(c)}`, multiple: 500, unit: 'm' });
  }
  const mhz = CAT_MHZ[s.cat];
  const diameter = { '5e': shielded ? 6.2 : 5.3, '6': shielded ? 7.2 : 6.2, '6A': shielded ? 7.6 : 7.4, '7': 7.8, '7A': 8.0 }[s.cat];
  const cpr = s.jacket === 'Dca' ? 'Dca-s2,d2,a1' : s.jacket === 'PE' ? 'Fca' : 'Eca';
  const namePl = `Kabel ${s.shield} kat. ${s.cat} ${jacketPl} 4x2x${s.awg}AWG`;
  const nameEn = `${s.shield} category ${s.cat} cable, ${jacketEn}, 4x2x${s.awg}AWG`;
  return {
    category: catKey,
    namePl,
    nameEn,
    leadPl: `${shielded ? 'Ekranowany' : 'Nieekranowany'} kabel skrętkowy kategorii ${s.cat} do okablowania klasy ${CAT_CLASS[s.cat]}, pasmo do ${mhz} MHz, powłoka ${jacketPl}.`,
    leadEn: `${shielded ? 'Shielded' : 'Unshielded'} category ${s.cat} twisted-pair cable for class ${CAT_CLASS[s.cat]} cabling, up to ${mhz} MHz, ${jacketEn} jacket.`,
    introPl: `${namePl} to kabel instalacyjny z miedzianymi żyłami typu drut, przeznaczony do budowy okablowania poziomego i pionowego w sieciach LAN. Parametry transmisyjne spełniają wymagania kategorii ${s.cat} według ISO/IEC 11801 oraz PN-EN 50173-1 z zapasem, co pozwala budować tory klasy ${CAT_CLASS[s.cat]} o długości do 90 m.`,
    introEn: `The ${nameEn} is an installation cable with solid copper conductors for horizontal and backbone LAN cabling. Its transmission performance meets category ${s.cat} of ISO/IEC 11801 and EN 50173-1 with headroom, for class ${CAT_CLASS[s.cat]} links up to 90 m long.`,
    usePl: outdoor
      ? 'Podwójna powłoka z polietylenu odpornego na promieniowanie UV pozwala układać kabel w kanalizacji teletechnicznej, w ziemi w rurze osłonowej oraz między budynkami.'
      : `Powłoka ${jacketPl} ${s.jacket === 'PVC' ? 'sprawdza się w instalacjach biurowych i mieszkaniowych' : 'nie wydziela toksycznych gazów podczas pożaru i jest zalecana w budynkach użyteczności publicznej'}. Kabel współpracuje ze wszystkimi elementami Systemu Okablowania COBI NET kategorii ${s.cat}.`,
    useEn: outdoor
      ? 'The double UV-resistant polyethylene jacket allows laying the cable in ducts, in the ground inside a protective pipe and between buildings.'
      : `The ${jacketEn} jacket ${s.jacket === 'PVC' ? 'suits office and residential installations' : 'gives off no toxic gases in a fire and is recommended in public buildings'}. The cable works with every category ${s.cat} part of the COBI NET Cabling System.`,
    featuresPl: [
      `pasmo przenoszenia do ${mhz} MHz`,
      shielded ? `ekran ${s.shield.includes('S/') ? 'z oplotu i folii na parach' : 'z folii aluminiowej'} z żyłą uziemiającą` : 'krzyżak separujący pary',
      `klasa reakcji na ogień CPR: ${cpr}`,
      'nadruk metrażu co 1 m ułatwiający rozliczenie instalacji',
    ],
    featuresEn: [
      `bandwidth up to ${mhz} MHz`,
      shielded ? `${s.shield.includes('S/') ? 'braid and pair foil' : 'aluminium foil'} screen with a drain wire` : 'cross separator between pairs',
      `CPR reaction-to-fire class: ${cpr}`,
      'length marking every 1 m for easy accounting',
    ],
    params: [
      ['Kategoria', 'Category', s.cat],
      ['Budowa', 'Construction', s.shield],
      ['Przekrój żyły', 'Conductor size', `${s.awg} AWG`],
      ['Średnica zewnętrzna', 'Outer diameter', `${pl(diameter)} mm`, `${diameter} mm`],
      ['Powłoka', 'Jacket', jacketPl, jacketEn],
      ['Klasa CPR', 'CPR class', cpr],
      ['Temperatura pracy', 'Operating temperature', '−20…+60 °C'],
      ['Impedancja', 'Impedance', '100 Ω ±15%'],
    ],
    numbers,
    drawing: { kind: 'reel', colour: COLOURS[s.colours[0]] ?? COLOURS.G, drum: s.drum && s.jacket === 'PE' },
    packaging: COLOURS[s.colours[0]],
    docs: [
      'doc-copper',
      s.jacket === 'Dca' ? 'dop-dca' : 'dop-eca',
      ...(s.cat === '6A' ? (['cert-cat6a'] as const) : s.cat === '6' ? (['cert-cat6'] as const) : []),
      ...(s.cat === '7A' ? (['cert-ghmt'] as const) : []),
      'other-warranty',
    ],
    datasheet: true,
  };
}

const CABLES: CableSpec[] = [
  { cat: '5e', shield: 'U/UTP', jacket: 'PVC', awg: 24, colours: ['G', 'B'], drum: true },
  { cat: '5e', shield: 'U/UTP', jacket: 'LSOH', awg: 24, colours: ['O', 'G'] },
  { cat: '5e', shield: 'U/UTP', jacket: 'Dca', awg: 24, colours: ['O'] },
  { cat: '5e', shield: 'F/UTP', jacket: 'PVC', awg: 24, colours: ['G'], drum: true },
  { cat: '5e', shield: 'F/UTP', jacket: 'LSOH', awg: 24, colours: ['O'] },
  { cat: '5e', shield: 'U/UTP', jacket: 'PE', awg: 24, colours: ['K'], drum: true },
  { cat: '6', shield: 'U/UTP', jacket: 'PVC', awg: 23, colours: ['G', 'B'], drum: true },
  { cat: '6', shield: 'U/UTP', jacket: 'LSOH', awg: 23, colours: ['V', 'O', 'G'], drum: true },
  { cat: '6', shield: 'U/UTP', jacket: 'Dca', awg: 23, colours: ['V'], drum: true },
  { cat: '6', shield: 'F/UTP', jacket: 'LSOH', awg: 23, colours: ['O', 'V'] },
  { cat: '6', shield: 'U/FTP', jacket: 'LSOH', awg: 23, colours: ['O'] },
  { cat: '6', shield: 'U/UTP', jacket: 'PE', awg: 23, colours: ['K'], drum: true },
  { cat: '6A', shield: 'U/FTP', jacket: 'LSOH', awg: 23, colours: ['O', 'Y'], drum: true },
  { cat: '6A', shield: 'U/FTP', jacket: 'Dca', awg: 23, colours: ['O'], drum: true },
  { cat: '6A', shield: 'S/FTP', jacket: 'LSOH', awg: 23, colours: ['O'] },
  { cat: '6A', shield: 'F/FTP', jacket: 'LSOH', awg: 23, colours: ['Y'] },
  { cat: '6A', shield: 'U/UTP', jacket: 'LSOH', awg: 23, colours: ['GN'] },
  { cat: '7', shield: 'S/FTP', jacket: 'LSOH', awg: 23, colours: ['O'], drum: true },
  { cat: '7A', shield: 'S/FTP', jacket: 'LSOH', awg: 22, colours: ['O', 'Y'], drum: true },
  { cat: '7A', shield: 'S/FTP', jacket: 'Dca', awg: 22, colours: ['O'], drum: true },
];

// ---------------------------------------------------------------- fibre cables

interface FibreCableSpec {
  fibre: 'OS2' | 'OM3' | 'OM4' | 'OM5';
  type: 'universal' | 'outdoor' | 'indoor' | 'drop';
  counts: number[];
}

const FIBRE_TYPE = {
  universal: { code: 'FU', pl: 'uniwersalny U-DQ(ZN)BH', en: 'universal U-DQ(ZN)BH', colour: 'K' },
  outdoor: { code: 'FZ', pl: 'zewnętrzny Z-XOTKtsd (luźna tuba)', en: 'outdoor Z-XOTKtsd (loose tube)', colour: 'K' },
  indoor: { code: 'FW', pl: 'wewnętrzny J-V(ZN)H (tight buffer)', en: 'indoor J-V(ZN)H (tight buffer)', colour: '' },
  drop: { code: 'FD', pl: 'abonencki FTTH płaski', en: 'flat FTTH drop', colour: 'W' },
} as const;

const FIBRE_COLOUR: Record<FibreCableSpec['fibre'], string> = { OS2: 'Y', OM3: 'AQ', OM4: 'M', OM5: 'LG' };

function fibreCable(s: FibreCableSpec): ProductDef {
  const t = FIBRE_TYPE[s.type];
  const sm = s.fibre === 'OS2';
  const colour = t.colour || FIBRE_COLOUR[s.fibre];
  const category = sm ? `fibre-sm-${s.type === 'drop' ? 'ftth' : s.type}` : `fibre-mm-${s.fibre.toLowerCase()}`;
  const namePl = `Kabel światłowodowy ${t.pl} ${s.fibre}`;
  const nameEn = `${s.fibre} fibre optic cable, ${t.en}`;
  return {
    category,
    namePl,
    nameEn,
    leadPl: `Kabel ${sm ? 'jednomodowy' : 'wielomodowy'} ${s.fibre} w wersjach od ${s.counts[0]} do ${s.counts[s.counts.length - 1]} włókien, sprzedawany na metry.`,
    leadEn: `${sm ? 'Singlemode' : 'Multimode'} ${s.fibre} cable with ${s.counts[0]} to ${s.counts[s.counts.length - 1]} fibres, sold by the metre.`,
    introPl: `${namePl} zawiera włókna ${sm ? 'jednomodowe G.652.D o niskiej tłumienności, zgodne z G.657.A1' : `wielomodowe ${s.fibre} 50/125 µm zoptymalizowane dla transmisji laserowej`}. ${s.type === 'outdoor' ? 'Żelowana luźna tuba i centralny element wytrzymałościowy FRP chronią włókna przed wilgocią i naprężeniami.' : 'Ścisła tuba 900 µm pozwala na bezpośrednie zarabianie złączy w terenie.'}`,
    introEn: `The ${nameEn} holds ${sm ? 'low-loss singlemode G.652.D fibres, compatible with G.657.A1' : `${s.fibre} 50/125 µm multimode fibres optimised for laser transmission`}. ${s.type === 'outdoor' ? 'A gel-filled loose tube and a central FRP strength member protect the fibres against moisture and strain.' : 'The 900 µm tight buffer allows connectors to be fitted directly in the field.'}`,
    usePl:
      s.type === 'drop'
        ? 'Płaska konstrukcja ułatwia prowadzenie kabla w listwach i przepustach do mieszkań abonentów sieci FTTH.'
        : s.type === 'universal'
          ? 'Kabel uniwersalny można układać wewnątrz i na zewnątrz budynków, także w kanalizacji teletechnicznej.'
          : 'Przeznaczony do okablowania szkieletowego w budynkach i centrach danych.',
    useEn:
      s.type === 'drop'
        ? 'Its flat design makes it easy to run in trunking and wall passages to subscribers\u2019 homes in FTTH networks.'
        : s.type === 'universal'
          ? 'The universal cable can be laid inside and outside buildings, including in cable ducts.'
          : 'Designed for backbone cabling in buildings and data centres.',
    featuresPl: [
      'włókna barwione zgodnie z IEC 60304',
      'powłoka bezhalogenowa LSOH',
      `tłumienność ${sm ? '≤ 0,36 dB/km przy 1310 nm' : '≤ 3,0 dB/km przy 850 nm'}`,
    ],
    featuresEn: ['fibres coloured to IEC 60304', 'halogen-free LSOH jacket', `attenuation ${sm ? '≤ 0.36 dB/km at 1310 nm' : '≤ 3.0 dB/km at 850 nm'}`],
    params: [
      ['Typ włókna', 'Fibre type', sm ? 'OS2 9/125 µm' : `${s.fibre} 50/125 µm`],
      ['Liczba włókien', 'Fibre count', s.counts.join(', ')],
      ['Powłoka', 'Jacket', 'LSOH'],
      ['Siła rozciągająca', 'Tensile load', s.type === 'outdoor' ? '2700 N' : '800 N'],
      ['Minimalny promień gięcia', 'Minimum bend radius', '20 × D'],
      ['Temperatura pracy', 'Operating temperature', '−20…+70 °C'],
    ],
    numbers: s.counts.map((n) => ({
      number: `CN-${t.code}-${s.fibre}-${String(n).padStart(2, '0')}`,
      namePl: `${n} włókien`,
      nameEn: `${n} fibres`,
      multiple: 1,
      unit: 'm',
    })),
    drawing: { kind: 'reel', colour: COLOURS[colour], fibre: true, drum: s.type === 'outdoor' },
    docs: ['doc-fibre', 'dop-fibre', 'other-fibre-guide', 'other-warranty'],
    datasheet: true,
  };
}

const FIBRE_CABLES: FibreCableSpec[] = [
  { fibre: 'OS2', type: 'universal', counts: [4, 8, 12, 24] },
  { fibre: 'OS2', type: 'outdoor', counts: [12, 24, 48] },
  { fibre: 'OS2', type: 'indoor', counts: [2, 4, 8] },
  { fibre: 'OS2', type: 'drop', counts: [1, 2, 4] },
  { fibre: 'OM3', type: 'universal', counts: [4, 8, 12] },
  { fibre: 'OM3', type: 'indoor', counts: [2, 4, 8] },
  { fibre: 'OM4', type: 'universal', counts: [8, 12, 24] },
  { fibre: 'OM4', type: 'indoor', counts: [4, 8] },
  { fibre: 'OM5', type: 'indoor', counts: [4, 8, 12] },
];

// ---------------------------------------------------------------- patch panels

interface PanelSpec {
  cat: '5e' | '6' | '6A' | 'modular';
  shielded: boolean;
  ports: 12 | 24 | 48;
  ten?: boolean;
  angled?: boolean;
}

function patchPanel(s: PanelSpec): ProductDef {
  const u = s.ports === 48 ? 2 : 1;
  const modular = s.cat === 'modular';
  const size = s.ten ? '10"' : '19"';
  const shieldPl = s.shielded ? 'ekranowany' : 'nieekranowany';
  const shieldEn = s.shielded ? 'shielded' : 'unshielded';
  const namePl = modular
    ? `Panel modułowy ${size} ${s.ports} porty ${u}U, ${s.shielded ? 'ekranowany' : 'nieobsadzony'}`
    : `Panel krosowy ${size} kat. ${s.cat} ${s.shielded ? 'STP' : 'UTP'} ${s.ports} porty ${u}U${s.angled ? ' kątowy' : ''}`;
  const nameEn = modular
    ? `${size} modular panel, ${s.ports} ports, ${u}U, ${s.shielded ? 'shielded' : 'unloaded'}`
    : `${size} category ${s.cat} ${s.shielded ? 'STP' : 'UTP'} patch panel, ${s.ports} ports, ${u}U${s.angled ? ', angled' : ''}`;
  const code = modular
    ? `CN-PPK${s.shielded ? 'S' : ''}-${s.ports}-${s.ten ? '10' : `${u}U`}`
    : `CN-PP${s.cat.replace('e', 'E')}${s.shielded ? 'S' : 'U'}-${s.ports}${s.ten ? '-10' : ''}${s.angled ? '-K' : ''}`;
  const category = s.ten ? 'panels-10' : modular ? 'panels-modular' : `panels-${s.cat.toLowerCase()}`;
  const width = s.ten ? 254 : 483;
  return {
    category,
    namePl,
    nameEn,
    leadPl: modular
      ? `Panel ${size} na ${s.ports} moduły keystone dowolnej kategorii, wysokość ${u}U.`
      : `Panel ${shieldPl} ${size} z ${s.ports} gniazdami RJ45 kategorii ${s.cat} i złączami IDC LSA.`,
    leadEn: modular
      ? `${size} panel for ${s.ports} keystone jacks of any category, ${u}U high.`
      : `${size} ${shieldEn} panel with ${s.ports} category ${s.cat} RJ45 ports and LSA IDC terminals.`,
    introPl: modular
      ? 'Panel modułowy pozwala łączyć w jednym miejscu moduły miedziane i światłowodowe różnych kategorii, a uszkodzony moduł wymienia się bez demontażu całego panelu.'
      : `Panel krosowy kategorii ${s.cat} zbudowany na płytce drukowanej z kompensacją przesłuchów. Złącza IDC opisane są kolorami według T568A i T568B, a porty numerowane z przodu i z tyłu.`,
    introEn: modular
      ? 'A modular panel combines copper and fibre modules of different categories in one place, and a damaged module is replaced without removing the panel.'
      : `A category ${s.cat} patch panel built on a crosstalk-compensated printed circuit board. IDC terminals are colour-coded for T568A and T568B, and ports are numbered at the front and the back.`,
    usePl: `Montaż w szafach i stojakach ${size}. ${s.angled ? 'Kątowy kształt prowadzi kable krosowe bezpośrednio do organizerów pionowych, więc nie potrzeba organizerów poziomych.' : 'Tylna półka ułatwia ułożenie i mocowanie kabli instalacyjnych.'}`,
    useEn: `Mounts in ${size} cabinets and racks. ${s.angled ? 'The angled shape leads patch cords straight into vertical managers, so no horizontal managers are needed.' : 'A rear cable support bar makes it easy to lay and fix installation cables.'}`,
    featuresPl: [
      'pola opisowe nad każdą grupą portów',
      s.shielded ? 'pełny ekran z zaciskiem uziemiającym' : 'obudowa ze stali malowanej proszkowo',
      'kompatybilny z kablami 22–26 AWG',
    ],
    featuresEn: [
      'label fields above every group of ports',
      s.shielded ? 'fully shielded with an earthing terminal' : 'powder-coated steel housing',
      'accepts 22–26 AWG cables',
    ],
    params: [
      ['Liczba portów', 'Number of ports', String(s.ports)],
      ['Wysokość', 'Height', `${u}U`],
      ['Szerokość montażowa', 'Mounting width', size],
      ['Kategoria', 'Category', modular ? 'zależna od modułów' : s.cat, modular ? 'depends on the jacks' : s.cat],
      ['Ekranowanie', 'Shielding', s.shielded ? 'tak' : 'nie', s.shielded ? 'yes' : 'no'],
      ['Kolor', 'Colour', 'czarny RAL 9005', 'black RAL 9005'],
    ],
    numbers: [{ number: code, namePl: 'Panel, czarny', nameEn: 'Panel, black', multiple: 1, unit: 'szt.' }],
    drawing: { kind: 'panel', front: modular ? 'keystone' : 'rj45', ports: s.ports, u, ten: s.ten },
    docs: ['doc-passive', ...(s.cat === '6A' ? (['cert-cat6a'] as const) : s.cat === '6' ? (['cert-cat6'] as const) : []), 'other-warranty'],
    dims: { width, height: 44.45 * u, depth: 120 },
    datasheet: true,
  };
}

const PANELS: PanelSpec[] = [
  { cat: '5e', shielded: false, ports: 24 },
  { cat: '5e', shielded: false, ports: 48 },
  { cat: '5e', shielded: true, ports: 24 },
  { cat: '6', shielded: false, ports: 24 },
  { cat: '6', shielded: false, ports: 48 },
  { cat: '6', shielded: true, ports: 24 },
  { cat: '6', shielded: false, ports: 24, angled: true },
  { cat: '6A', shielded: true, ports: 24 },
  { cat: '6A', shielded: true, ports: 48 },
  { cat: 'modular', shielded: false, ports: 24 },
  { cat: 'modular', shielded: true, ports: 24 },
  { cat: 'modular', shielded: false, ports: 48 },
  { cat: '5e', shielded: false, ports: 12, ten: true },
  { cat: '6', shielded: false, ports: 12, ten: true },
  { cat: 'modular', shielded: false, ports: 12, ten: true },
];

// ---------------------------------------------------------------- keystone and outlets

function keystoneJack(cat: '5e' | '6' | '6A', shielded: boolean, toolless: boolean): ProductDef {
  const code = `CN-K${cat.replace('e', 'E')}${shielded ? 'S' : 'U'}${toolless ? 'B' : ''}`;
  const namePl = `Moduł keystone RJ45 kat. ${cat} ${shielded ? 'STP' : 'UTP'}${toolless ? ' beznarzędziowy' : ''}`;
  const nameEn = `RJ45 keystone jack, category ${cat}, ${shielded ? 'STP' : 'UTP'}${toolless ? ', toolless' : ''}`;
  const colours = shielded ? ['G'] : ['W', 'K'];
  return {
    category: shielded ? 'keystone-stp' : 'keystone-utp',
    namePl,
    nameEn,
    leadPl: `Moduł ${shielded ? 'ekranowany w metalowej obudowie' : 'nieekranowany'} do paneli modułowych, gniazd i puszek, ${toolless ? 'zarabiany bez narzędzi' : 'ze złączem IDC LSA'}.`,
    leadEn: `${shielded ? 'Shielded jack in a metal housing' : 'Unshielded jack'} for modular panels, outlets and boxes, ${toolless ? 'terminated without tools' : 'with an LSA IDC terminal'}.`,
    introPl: `Moduł keystone kategorii ${cat} w standardowym formacie pasuje do paneli modułowych, ramek i adapterów 45×22,5 mm. ${toolless ? 'Pokrywa zatrzaskowa zarabia żyły jednym ruchem, bez narzędzia uderzeniowego.' : 'Złącze IDC przyjmuje żyły 22–26 AWG i jest opisane kolorami T568A/B.'}`,
    introEn: `The category ${cat} keystone jack has the standard format that fits modular panels, faceplates and 45×22.5 mm adapters. ${toolless ? 'A snap-on cap terminates the conductors in one move, without a punch-down tool.' : 'The IDC terminal takes 22–26 AWG conductors and is colour-coded for T568A/B.'}`,
    usePl: 'Moduły sprzedawane są pojedynczo lub w opakowaniach po 24 sztuki, co odpowiada obsadzeniu jednego panelu.',
    useEn: 'Jacks are sold singly or in packs of 24, the number that fills one panel.',
    featuresPl: ['trwałość ponad 750 cykli połączeń', `parametry zgodne z kategorią ${cat} ISO/IEC 11801`, 'styki pozłacane 50 µin'],
    featuresEn: ['over 750 mating cycles', `performance to ISO/IEC 11801 category ${cat}`, '50 µin gold-plated contacts'],
    params: [
      ['Kategoria', 'Category', cat],
      ['Ekranowanie', 'Shielding', shielded ? 'tak' : 'nie', shielded ? 'yes' : 'no'],
      ['Zarabianie', 'Termination', toolless ? 'beznarzędziowe' : 'IDC LSA', toolless ? 'toolless' : 'IDC LSA'],
      ['Przekrój żył', 'Conductor size', '22–26 AWG'],
    ],
    numbers: colours.flatMap((c) => [
      { number: `${code}-${c}`, namePl: `Moduł, ${colourPl(c)}`, nameEn: `Jack, ${colourEn(c)}`, multiple: 1, unit: 'szt.' as const },
      { number: `${code}-${c}-24`, namePl: `Opakowanie 24 szt., ${colourPl(c)}`, nameEn: `Pack of 24, ${colourEn(c)}`, multiple: 24, unit: 'szt.' as const },
    ]),
    drawing: { kind: 'keystone', colour: COLOURS[colours[0]], shielded },
    packaging: COLOURS.B,
    docs: ['doc-passive', ...(cat === '6A' ? (['cert-cat6a'] as const) : cat === '6' ? (['cert-cat6'] as const) : []), 'other-warranty'],
    datasheet: true,
  };
}

function outlet(kind: 'surface' | 'faceplate' | 'flush', ports: 1 | 2, cat: '5e' | '6' | '6A'): ProductDef {
  const surface = kind === 'surface';
  const namePl = surface
    ? `Gniazdo natynkowe ${ports}xRJ45 kat. ${cat}`
    : kind === 'flush'
      ? `Gniazdo podtynkowe ${ports}xRJ45 kat. ${cat}`
      : `Ramka 45×45 na ${ports} moduł${ports === 1 ? '' : 'y'} keystone`;
  const nameEn = surface
    ? `Surface-mount outlet, ${ports}xRJ45, category ${cat}`
    : kind === 'flush'
      ? `Flush outlet, ${ports}xRJ45, category ${cat}`
      : `45×45 faceplate for ${ports} keystone jack${ports === 1 ? '' : 's'}`;
  const code = surface ? `CN-GN-${ports}${cat.replace('e', 'E')}` : kind === 'flush' ? `CN-GP-${ports}${cat.replace('e', 'E')}` : `CN-RF-${ports}`;
  return {
    category: surface ? 'keystone-surface' : 'keystone-flush',
    namePl,
    nameEn,
    leadPl: surface
      ? 'Kompletne gniazdo z modułami, do montażu na ścianie lub w korycie.'
      : kind === 'flush'
        ? 'Gniazdo do puszek podtynkowych Ø60 mm z osłonami przeciwkurzowymi.'
        : 'Ramka w standardzie 45×45 do kanałów instalacyjnych i puszek.',
    leadEn: surface
      ? 'A complete outlet with jacks for mounting on a wall or in trunking.'
      : kind === 'flush'
        ? 'An outlet for Ø60 mm flush boxes with dust shutters.'
        : 'A 45×45 faceplate for trunking and wall boxes.',
    introPl: `${namePl} z białego tworzywa ABS odpornego na UV. Okienko opisowe pod przezroczystą osłoną pozwala oznaczyć porty zgodnie z dokumentacją powykonawczą.`,
    introEn: `${nameEn} made of white UV-resistant ABS. A label window under a clear cover lets the ports be marked to match the as-built documentation.`,
    usePl: 'Wyprowadzenia gniazd skierowane są pod kątem 45°, co chroni kable krosowe przed zaginaniem.',
    useEn: 'The ports face down at 45°, which protects patch cords from kinking.',
    featuresPl: ['osłony przeciwkurzowe', 'kolor biały RAL 9010', 'mocowanie wkrętami lub taśmą dwustronną'],
    featuresEn: ['dust shutters', 'white RAL 9010', 'fixed with screws or double-sided tape'],
    params: [
      ['Liczba portów', 'Number of ports', String(ports)],
      ['Kategoria', 'Category', kind === 'faceplate' ? 'zależna od modułów' : cat, kind === 'faceplate' ? 'depends on the jacks' : cat],
      ['Materiał', 'Material', 'ABS'],
      ['Kolor', 'Colour', 'biały', 'white'],
    ],
    numbers: [
      { number: `${code}-W`, namePl: 'Biały', nameEn: 'White', multiple: 1, unit: 'szt.' },
      { number: `${code}-W-10`, namePl: 'Opakowanie 10 szt., biały', nameEn: 'Pack of 10, white', multiple: 10, unit: 'szt.' },
    ],
    drawing: { kind: 'box', box: kind === 'surface' ? 'surface' : 'faceplate', ports },
    docs: ['doc-passive', 'other-warranty'],
    datasheet: kind !== 'faceplate',
  };
}

// ---------------------------------------------------------------- patch cords

function copperCord(cat: '5e' | '6' | '6A', shield: 'U/UTP' | 'F/UTP' | 'S/FTP' | 'U/FTP', colours: string[]): ProductDef {
  const lengths = [0.5, 1, 2, 3, 5];
  const code = `CN-PC${cat.replace('e', 'E')}${SHIELD_CODE[shield]}`;
  const namePl = `Kabel krosowy RJ45 kat. ${cat} ${shield} LSOH`;
  const nameEn = `RJ45 patch cord, category ${cat}, ${shield}, LSOH`;
  return {
    category: `cords-${cat.toLowerCase()}`,
    namePl,
    nameEn,
    leadPl: `Fabrycznie zarobiony kabel krosowy z linką 26 AWG, długości od 0,5 do 5 m, w kolorach: ${colours.map(colourPl).join(', ')}.`,
    leadEn: `Factory-terminated patch cord with 26 AWG stranded conductors, 0.5 to 5 m long, in ${colours.map(colourEn).join(', ')}.`,
    introPl: `Kabel krosowy kategorii ${cat} wykonany z giętkiej linki miedzianej i wtyków RJ45 z osłonami zapobiegającymi zaczepianiu zatrzasków. Każda sztuka jest testowana na zgodność z kategorią ${cat}.`,
    introEn: `A category ${cat} patch cord made of flexible stranded copper with RJ45 plugs and snagless boots. Every cord is tested for category ${cat} performance.`,
    usePl: 'Do połączeń w szafach dystrybucyjnych oraz podłączania urządzeń końcowych do gniazd abonenckich.',
    useEn: 'For connections in distribution cabinets and for connecting end devices to outlets.',
    featuresPl: ['osłony zatrzasków', 'powłoka LSOH', `budowa ${shield}`],
    featuresEn: ['snagless boots', 'LSOH jacket', `${shield} construction`],
    params: [
      ['Kategoria', 'Category', cat],
      ['Budowa', 'Construction', shield],
      ['Przekrój żył', 'Conductor size', '26 AWG (linka)', '26 AWG (stranded)'],
      ['Długości', 'Lengths', lengths.map((l) => `${pl(l)} m`).join(', '), lengths.map((l) => `${l} m`).join(', ')],
    ],
    numbers: colours.flatMap((c) =>
      lengths.map((l) => ({
        number: `${code}-${String(l).replace('.', '')}-${c}`,
        namePl: `${pl(l)} m, ${colourPl(c)}`,
        nameEn: `${l} m, ${colourEn(c)}`,
        multiple: 1,
        unit: 'szt.' as const,
      })),
    ),
    drawing: { kind: 'cord', colour: COLOURS[colours[0]], connector: 'rj45' },
    docs: ['doc-passive', 'other-warranty'],
    datasheet: false,
  };
}

function fibreCord(fibre: 'OS2' | 'OM3' | 'OM4', a: 'LC' | 'SC' | 'SC/APC' | 'MPO', b: 'LC' | 'SC' | 'SC/APC' | 'MPO', duplex: boolean): ProductDef {
  const lengths = [1, 2, 3, 5, 10];
  const colour = fibre === 'OS2' ? 'Y' : fibre === 'OM3' ? 'AQ' : 'M';
  const code = `CN-FPC-${a.replace('/', '')}${b.replace('/', '')}-${fibre}${duplex ? 'D' : 'S'}`;
  const namePl = `Patchcord światłowodowy ${a}-${b} ${fibre} ${duplex ? 'duplex' : 'simplex'}`;
  const nameEn = `${a}-${b} ${fibre} ${duplex ? 'duplex' : 'simplex'} fibre patch cord`;
  return {
    category: fibre === 'OS2' ? 'cords-fibre-sm' : 'cords-fibre-mm',
    namePl,
    nameEn,
    leadPl: `Patchcord ${fibre === 'OS2' ? 'jednomodowy' : 'wielomodowy'} z polerowanymi fabrycznie złączami ${a} i ${b}, tłumienność wtrąceniowa ≤ 0,3 dB.`,
    leadEn: `${fibre === 'OS2' ? 'Singlemode' : 'Multimode'} patch cord with factory-polished ${a} and ${b} connectors, insertion loss ≤ 0.3 dB.`,
    introPl: `Każdy patchcord jest mierzony interferometrycznie i testowany pod kątem tłumienności wtrąceniowej i odbiciowej, a wyniki dołączane są do opakowania. Włókno ${fibre === 'OS2' ? 'G.657.A2 jest odporne na zgięcia' : `${fibre} 50/125 µm obsługuje transmisję 10 i 40 Gb/s`}.`,
    introEn: `Every patch cord is checked with an interferometer and tested for insertion and return loss, with the results in the bag. The ${fibre === 'OS2' ? 'G.657.A2 fibre is bend-insensitive' : `${fibre} 50/125 µm fibre carries 10 and 40 Gb/s`}.`,
    usePl: 'Do krosowania w przełącznicach i podłączania urządzeń aktywnych.',
    useEn: 'For patching in fibre panels and connecting active equipment.',
    featuresPl: ['powłoka LSOH Ø2,0 mm', `złącza ${a} i ${b}`, 'raport pomiarowy w opakowaniu'],
    featuresEn: ['Ø2.0 mm LSOH jacket', `${a} and ${b} connectors`, 'test report in the bag'],
    params: [
      ['Typ włókna', 'Fibre type', fibre],
      ['Złącza', 'Connectors', `${a} – ${b}`],
      ['Tłumienność wtrąceniowa', 'Insertion loss', '≤ 0,3 dB', '≤ 0.3 dB'],
      ['Tłumienność odbiciowa', 'Return loss', a.includes('APC') ? '≥ 60 dB' : fibre === 'OS2' ? '≥ 50 dB' : '≥ 30 dB'],
    ],
    numbers: lengths.map((l) => ({ number: `${code}-${l}`, namePl: `${pl(l)} m`, nameEn: `${l} m`, multiple: 1, unit: 'szt.' })),
    drawing: { kind: 'cord', colour: COLOURS[colour], connector: a === 'MPO' ? 'mpo' : a.startsWith('SC') ? 'sc' : 'lc' },
    docs: ['doc-fibre', 'other-warranty'],
    datasheet: false,
  };
}

// ---------------------------------------------------------------- cabinets and racks

function wallCabinet(u: number, depth: number, ten = false): ProductDef {
  const width = ten ? 310 : 600;
  const height = Math.round(u * 44.45 + (ten ? 60 : 80));
  const code = ten ? `CN-SW10-${u}U-${depth}` : `CN-SW19-${u}U-${depth}`;
  const namePl = `Szafa wisząca ${ten ? '10"' : '19"'} ${u}U ${width}×${depth} mm`;
  const nameEn = `${ten ? '10"' : '19"'} wall-mount cabinet ${u}U, ${width}×${depth} mm`;
  return {
    category: ten ? 'racks-wall-10' : 'racks-wall-19',
    namePl,
    nameEn,
    leadPl: `Jednosekcyjna szafa wisząca z drzwiami przeszklonymi, zdejmowanymi bokami i wprowadzeniami kabli od góry i dołu.`,
    leadEn: 'A single-section wall-mount cabinet with a glass door, removable side panels and cable entries at the top and bottom.',
    introPl: `${namePl} to szafa dystrybucyjna dla małych biur, sklepów i punktów dystrybucyjnych na piętrach. Szyny montażowe ${ten ? '10"' : '19"'} z regulacją głębokości i nośność 60 kg pozwalają zamontować panele, przełączniki i półki.`,
    introEn: `The ${nameEn} is a distribution cabinet for small offices, shops and floor distributors. ${ten ? '10"' : '19"'} depth-adjustable rails and a 60 kg load rating take patch panels, switches and shelves.`,
    usePl: 'Szafa dostępna jest jako flatpack do samodzielnego montażu (niższy koszt transportu) lub jako szafa złożona, gotowa do powieszenia.',
    useEn: 'The cabinet comes flat-packed for assembly on site (lower transport cost) or fully assembled, ready to hang.',
    featuresPl: ['drzwi ze szkła hartowanego z zamkiem', 'zdejmowane boki na zamki', 'otwory wentylacyjne w dachu', 'kolor szary RAL 7035 lub czarny RAL 9005'],
    featuresEn: ['tempered-glass door with a lock', 'lockable removable side panels', 'ventilation openings in the roof', 'grey RAL 7035 or black RAL 9005'],
    params: [
      ['Wysokość', 'Height', `${u}U (${height} mm)`],
      ['Szerokość', 'Width', `${width} mm`],
      ['Głębokość', 'Depth', `${depth} mm`],
      ['Nośność', 'Load rating', '60 kg'],
      ['Stopień ochrony', 'Protection rating', 'IP20'],
    ],
    numbers: [
      { number: `${code}-G`, namePl: 'Szary RAL 7035', nameEn: 'Grey RAL 7035', multiple: 1, unit: 'szt.' },
      { number: `${code}-K`, namePl: 'Czarny RAL 9005', nameEn: 'Black RAL 9005', multiple: 1, unit: 'szt.' },
    ],
    versions: true,
    drawing: { kind: 'cabinet', cabinet: ten ? 'wall10' : 'wall', u, colour: u % 2 === 0 ? 'grey' : 'black' },
    docs: ['doc-cabinets', 'other-cabinet-manual', 'cert-iso'],
    dims: { width, height, depth, units: u, revit: !ten },
    datasheet: true,
  };
}

function floorCabinet(u: number, width: 600 | 800, depth: 600 | 800 | 1000): ProductDef {
  const height = Math.round(u * 44.45 + 190);
  const code = `CN-SS-${u}U-${width / 100}${depth / 100}`;
  const server = depth === 1000;
  const namePl = `Szafa ${server ? 'serwerowa' : 'stojąca'} 19" ${u}U ${width}×${depth} mm`;
  const nameEn = `19" ${server ? 'server' : 'floor-standing'} cabinet ${u}U, ${width}×${depth} mm`;
  return {
    category: width === 800 ? 'racks-floor-800' : 'racks-floor-600',
    namePl,
    nameEn,
    leadPl: server
      ? 'Szafa serwerowa z perforowanymi drzwiami przednimi i tylnymi, nośność 1000 kg.'
      : 'Szafa dystrybucyjna z drzwiami przeszklonymi, cokołem i regulowanymi stopkami, nośność 800 kg.',
    leadEn: server
      ? 'A server cabinet with perforated front and rear doors, 1000 kg load rating.'
      : 'A distribution cabinet with a glass door, plinth and adjustable feet, 800 kg load rating.',
    introPl: `${namePl} ma spawaną ramę ze stali 1,5 mm oraz dwie pary szyn 19" z regulacją głębokości. ${width === 800 ? 'Szerokość 800 mm zostawia miejsce na pionowe organizery kabli po obu stronach.' : 'Kompaktowa szerokość 600 mm mieści się w typowych pomieszczeniach technicznych.'}`,
    introEn: `The ${nameEn} has a welded 1.5 mm steel frame and two pairs of depth-adjustable 19" rails. ${width === 800 ? 'The 800 mm width leaves room for vertical cable managers on both sides.' : 'The compact 600 mm width fits typical technical rooms.'}`,
    usePl: 'Szafa dostępna jest jako flatpack (do samodzielnego złożenia, transport paczką) lub jako szafa złożona dostarczana na palecie.',
    useEn: 'The cabinet comes flat-packed (assembled on site, shipped as a parcel) or fully assembled on a pallet.',
    featuresPl: [
      server ? 'drzwi perforowane 80% powierzchni' : 'drzwi przednie ze szkła hartowanego',
      'zdejmowane boki z zamkami',
      'przepusty szczotkowe w dachu i podłodze',
      'listwa uziemiająca w zestawie',
    ],
    featuresEn: [
      server ? 'doors perforated over 80% of their area' : 'tempered-glass front door',
      'lockable removable side panels',
      'brush entries in the roof and floor',
      'earthing bar included',
    ],
    params: [
      ['Wysokość', 'Height', `${u}U (${height} mm)`],
      ['Szerokość', 'Width', `${width} mm`],
      ['Głębokość', 'Depth', `${depth} mm`],
      ['Nośność statyczna', 'Static load rating', server ? '1000 kg' : '800 kg'],
      ['Stopień ochrony', 'Protection rating', 'IP20'],
    ],
    numbers: [
      { number: `${code}-G`, namePl: 'Szary RAL 7035', nameEn: 'Grey RAL 7035', multiple: 1, unit: 'szt.' },
      { number: `${code}-K`, namePl: 'Czarny RAL 9005', nameEn: 'Black RAL 9005', multiple: 1, unit: 'szt.' },
    ],
    versions: true,
    drawing: { kind: 'cabinet', cabinet: 'floor', u, colour: u % 2 === 0 ? 'black' : 'grey' },
    docs: ['doc-cabinets', 'other-cabinet-manual', 'cert-iso'],
    dims: { width, height, depth, units: u, revit: true },
    datasheet: true,
  };
}

function openRack(kind: '2' | '4' | 'wall'): ProductDef {
  const namePl = kind === 'wall' ? 'Wspornik rack 19" ścienny 6U' : `Stojak otwarty 19" 42U ${kind}-słupkowy`;
  const nameEn = kind === 'wall' ? '19" wall-mount rack bracket, 6U' : `19" open rack, 42U, ${kind}-post`;
  return {
    category: 'racks-open',
    namePl,
    nameEn,
    leadPl:
      kind === 'wall'
        ? 'Stalowy wspornik do montażu paneli i przełączników na ścianie.'
        : 'Otwarty stojak do serwerowni i pomieszczeń technicznych z pełnym dostępem do okablowania.',
    leadEn:
      kind === 'wall'
        ? 'A steel bracket for mounting panels and switches on a wall.'
        : 'An open rack for server and technical rooms with full access to the cabling.',
    introPl: `${namePl} ze stali malowanej proszkowo na czarno. Numeracja jednostek U na szynach ułatwia planowanie rozmieszczenia urządzeń.`,
    introEn: `${nameEn} made of black powder-coated steel. Unit numbering on the rails makes equipment planning easy.`,
    usePl: 'Stojak otwarty zapewnia najlepszą wentylację urządzeń i szybki dostęp przy częstych zmianach krosowania.',
    useEn: 'An open rack gives equipment the best ventilation and quick access when patching changes often.',
    featuresPl: ['numeracja U', 'otwory pod nakrętki koszyczkowe M6', 'zestaw montażowy w komplecie'],
    featuresEn: ['U numbering', 'square holes for M6 cage nuts', 'mounting kit included'],
    params: [
      ['Wysokość', 'Height', kind === 'wall' ? '6U' : '42U'],
      ['Nośność', 'Load rating', kind === '4' ? '600 kg' : kind === '2' ? '300 kg' : '40 kg'],
      ['Kolor', 'Colour', 'czarny RAL 9005', 'black RAL 9005'],
    ],
    numbers: [{ number: kind === 'wall' ? 'CN-RW-6U-K' : `CN-RO-42U-${kind}P`, namePl: 'Czarny', nameEn: 'Black', multiple: 1, unit: 'szt.' }],
    drawing: { kind: 'cabinet', cabinet: 'open', u: kind === 'wall' ? 6 : 42, colour: 'black' },
    docs: ['doc-cabinets', 'other-cabinet-manual'],
    dims:
      kind === 'wall'
        ? { width: 520, height: 300, depth: 350, units: 6 }
        : { width: 520, height: 2000, depth: kind === '4' ? 800 : 80, units: 42, revit: true },
    datasheet: true,
  };
}

function rackAccessory(
  category: string,
  code: string,
  namePl: string,
  nameEn: string,
  leadPl: string,
  leadEn: string,
  params: Param[],
  drawing: Drawing,
): ProductDef {
  return {
    category,
    namePl,
    nameEn,
    leadPl,
    leadEn,
    introPl: `${namePl} do szaf i stojaków 19" Systemu Okablowania COBI NET. ${leadPl}`,
    introEn: `${nameEn} for 19" cabinets and racks of the COBI NET Cabling System. ${leadEn}`,
    usePl: 'Montaż na szynach 19" za pomocą nakrętek koszyczkowych M6 dołączonych do zestawu.',
    useEn: 'Mounts on 19" rails with the M6 cage nuts supplied.',
    featuresPl: ['stal malowana proszkowo', 'kolor czarny RAL 9005', 'zestaw montażowy w komplecie'],
    featuresEn: ['powder-coated steel', 'black RAL 9005', 'mounting kit included'],
    params,
    numbers: [{ number: code, namePl: 'Czarny', nameEn: 'Black', multiple: 1, unit: 'szt.' }],
    drawing,
    docs: ['doc-cabinets'],
    datasheet: true,
  };
}

// ---------------------------------------------------------------- cable trays

function meshTray(height: 35 | 60 | 105, widths: number[], black = false): ProductDef {
  const namePl = `Koryto siatkowe ${height} mm${black ? ' czarne' : ' ocynkowane'}`;
  const nameEn = `Wire mesh cable tray, ${height} mm${black ? ', black' : ', galvanised'}`;
  return {
    category: 'trays-mesh',
    namePl,
    nameEn,
    leadPl: `Lekkie koryto siatkowe o wysokości ${height} mm i szerokościach od ${widths[0]} do ${widths[widths.length - 1]} mm, odcinki 3 m.`,
    leadEn: `A light wire mesh tray, ${height} mm high and ${widths[0]} to ${widths[widths.length - 1]} mm wide, in 3 m lengths.`,
    introPl: `${namePl} z drutu stalowego Ø4–5 mm, ${black ? 'malowane proszkowo na czarno' : 'ocynkowane galwanicznie'}. Bezpieczna krawędź T chroni izolację kabli i dłonie monterów.`,
    introEn: `${nameEn} of Ø4–5 mm steel wire, ${black ? 'powder-coated black' : 'electro-galvanised'}. The safe T-edge protects cable jackets and installers\u2019 hands.`,
    usePl: 'Koryto tnie się i kształtuje na budowie, tworząc łuki, trójniki i zmiany poziomu bez dodatkowych kształtek.',
    useEn: 'The tray is cut and shaped on site into bends, tees and level changes without extra fittings.',
    featuresPl: ['bezpieczna krawędź T', 'szybkozłącza bez śrub', 'oczko 50×100 mm'],
    featuresEn: ['safe T-edge', 'screwless quick connectors', '50×100 mm mesh'],
    params: [
      ['Wysokość', 'Height', `${height} mm`],
      ['Szerokości', 'Widths', `${widths.join(', ')} mm`],
      ['Długość odcinka', 'Section length', '3 m'],
      ['Wykończenie', 'Finish', black ? 'malowane proszkowo' : 'ocynk galwaniczny', black ? 'powder-coated' : 'electro-galvanised'],
    ],
    numbers: widths.map((w) => ({
      number: `CN-KS-${height}-${w}${black ? '-K' : ''}`,
      namePl: `Szerokość ${w} mm, odcinek 3 m`,
      nameEn: `${w} mm wide, 3 m section`,
      multiple: 3,
      unit: 'm',
    })),
    drawing: { kind: 'tray', tray: 'mesh', colour: black ? '#3a414b' : '#c3cbd3' },
    docs: ['doc-trays', 'other-tray-loads'],
    datasheet: true,
  };
}

function perforatedTray(height: 42 | 60, widths: number[], cover = false): ProductDef {
  const namePl = cover ? 'Pokrywa koryta perforowanego' : `Koryto perforowane ${height} mm`;
  const nameEn = cover ? 'Perforated tray cover' : `Perforated cable tray, ${height} mm`;
  return {
    category: 'trays-perforated',
    namePl,
    nameEn,
    leadPl: cover
      ? 'Pokrywa zatrzaskowa chroniąca kable przed kurzem i uszkodzeniami.'
      : `Koryto z blachy ocynkowanej z perforacją, wysokość ${height} mm, odcinki 3 m.`,
    leadEn: cover
      ? 'A snap-on cover that protects cables from dust and damage.'
      : `A perforated galvanised sheet-steel tray, ${height} mm high, in 3 m lengths.`,
    introPl: `${namePl} z blachy stalowej ocynkowanej metodą Sendzimira. Perforacja dna ułatwia wentylację kabli i mocowanie opaskami.`,
    introEn: `${nameEn} of Sendzimir-galvanised sheet steel. The perforated bottom helps cables stay cool and makes fixing with ties easy.`,
    usePl: 'Do prowadzenia okablowania strukturalnego i zasilającego w stropach podwieszanych, korytarzach i halach.',
    useEn: 'For structured and power cabling in suspended ceilings, corridors and halls.',
    featuresPl: ['ocynk Sendzimira', 'kompletny system kształtek', 'łączenie bez narzędzi'],
    featuresEn: ['Sendzimir galvanising', 'a complete system of fittings', 'tool-free joining'],
    params: [
      ['Wysokość', 'Height', cover ? '—' : `${height} mm`],
      ['Szerokości', 'Widths', `${widths.join(', ')} mm`],
      ['Grubość blachy', 'Sheet thickness', '0,7 mm', '0.7 mm'],
    ],
    numbers: widths.map((w) => ({
      number: cover ? `CN-KPP-${w}` : `CN-KP-${height}-${w}`,
      namePl: `Szerokość ${w} mm, odcinek 3 m`,
      nameEn: `${w} mm wide, 3 m section`,
      multiple: 3,
      unit: 'm',
    })),
    drawing: { kind: 'tray', tray: cover ? 'cover' : 'perforated' },
    docs: ['doc-trays', 'other-tray-loads'],
    datasheet: true,
  };
}

function trayFitting(code: string, namePl: string, nameEn: string, leadPl: string, leadEn: string, drawing: Drawing, pack: number): ProductDef {
  return {
    category: 'trays-fittings',
    namePl,
    nameEn,
    leadPl,
    leadEn,
    introPl: `${namePl} systemu koryt kablowych COBI NET. ${leadPl}`,
    introEn: `${nameEn} of the COBI NET cable tray system. ${leadEn}`,
    usePl: 'Pasuje do koryt siatkowych i perforowanych wszystkich szerokości.',
    useEn: 'Fits wire mesh and perforated trays of every width.',
    featuresPl: ['stal ocynkowana', 'montaż bez spawania'],
    featuresEn: ['galvanised steel', 'no welding needed'],
    params: [
      ['Materiał', 'Material', 'stal ocynkowana', 'galvanised steel'],
      ['Opakowanie', 'Pack', `${pack} szt.`, `${pack} pcs`],
    ],
    numbers: [
      { number: code, namePl: 'Sztuka', nameEn: 'Single piece', multiple: 1, unit: 'szt.' },
      { number: `${code}-${pack}`, namePl: `Opakowanie ${pack} szt.`, nameEn: `Pack of ${pack}`, multiple: pack, unit: 'szt.' },
    ],
    drawing,
    docs: ['doc-trays'],
    datasheet: false,
  };
}

// ---------------------------------------------------------------- fibre distribution, tools, accessories

interface SimpleDef {
  category: string;
  code: string;
  namePl: string;
  nameEn: string;
  leadPl: string;
  leadEn: string;
  introPl: string;
  introEn: string;
  params: Param[];
  drawing: Drawing;
  docs: SharedDocKey[];
  numbers?: NumberDef[];
  datasheet?: boolean;
  dims?: ProductDef['dims'];
}

function simple(d: SimpleDef): ProductDef {
  return {
    category: d.category,
    namePl: d.namePl,
    nameEn: d.nameEn,
    leadPl: d.leadPl,
    leadEn: d.leadEn,
    introPl: d.introPl,
    introEn: d.introEn,
    usePl: 'Produkt jest elementem Systemu Okablowania COBI NET i jest dostępny u autoryzowanych dystrybutorów.',
    useEn: 'The product is part of the COBI NET Cabling System and is available from authorised distributors.',
    featuresPl: [],
    featuresEn: [],
    params: d.params,
    numbers: d.numbers ?? [{ number: d.code, namePl: 'Sztuka', nameEn: 'Single piece', multiple: 1, unit: 'szt.' }],
    drawing: d.drawing,
    docs: d.docs,
    dims: d.dims,
    datasheet: d.datasheet ?? true,
  };
}

const pack = (code: string, n: number, pl: string, en: string): NumberDef[] => [
  { number: code, namePl: pl, nameEn: en, multiple: 1, unit: 'szt.' },
  { number: `${code}-${n}`, namePl: `Opakowanie ${n} szt.`, nameEn: `Pack of ${n}`, multiple: n, unit: 'szt.' },
];

function fibreDistribution(): ProductDef[] {
  const odf = (code: string, u: number, ports: number, conn: 'LC' | 'SC', sliding: boolean) =>
    simple({
      category: 'fd-odf',
      code,
      namePl: `Przełącznica światłowodowa 19" ${u}U ${ports}×${conn}${sliding ? ' wysuwana' : ''}`,
      nameEn: `19" fibre patch panel ${u}U, ${ports}×${conn}${sliding ? ', sliding' : ''}`,
      leadPl: `Przełącznica z kasetą spawów i miejscem na ${ports} adapterów ${conn}${sliding ? ', szuflada wysuwana na prowadnicach' : ''}.`,
      leadEn: `A patch panel with a splice tray and room for ${ports} ${conn} adapters${sliding ? ', drawer sliding on runners' : ''}.`,
      introPl:
        'Przełącznica przyjmuje kable światłowodowe od tyłu przez dławnice, a włókna spawane są z pigtailami w kasecie z zapasem włókien. Przód z adapterami pozwala na krosowanie patchcordami.',
      introEn:
        'The panel takes fibre cables at the rear through glands, and fibres are spliced to pigtails in a tray with fibre slack storage. The adapter front is used for patching.',
      params: [
        ['Wysokość', 'Height', `${u}U`],
        ['Liczba portów', 'Number of ports', `${ports} × ${conn}`],
        ['Kasety spawów', 'Splice trays', `${Math.ceil(ports / 24)} × 24`],
      ],
      drawing: { kind: 'panel', front: conn === 'LC' ? 'lc' : 'sc', ports: Math.min(ports, 24 * u), u },
      docs: ['doc-fibre', 'other-fibre-guide'],
      numbers: [
        { number: `${code}-E`, namePl: 'Pusta (bez adapterów)', nameEn: 'Empty (no adapters)', multiple: 1, unit: 'szt.' },
        { number: `${code}-SM`, namePl: 'Wyposażona, jednomodowa', nameEn: 'Loaded, singlemode', multiple: 1, unit: 'kpl.' },
        { number: `${code}-MM`, namePl: 'Wyposażona, wielomodowa', nameEn: 'Loaded, multimode', multiple: 1, unit: 'kpl.' },
      ],
      dims: { width: 483, height: 44.45 * u, depth: 250 },
    });
  const adapter = (code: string, namePl: string, nameEn: string, colour: string) =>
    simple({
      category: 'fd-adapters',
      code,
      namePl,
      nameEn,
      leadPl: 'Adapter z tuleją ceramiczną z tlenku cyrkonu, do przełącznic i paneli modułowych.',
      leadEn: 'An adapter with a zirconia ceramic sleeve for patch panels and modular panels.',
      introPl: `${namePl} zapewnia dokładne współosiowe połączenie ferrul. Zaślepki przeciwkurzowe chronią wnętrze przed zanieczyszczeniami.`,
      introEn: `The ${nameEn} aligns ferrules precisely. Dust caps keep the inside clean.`,
      params: [
        ['Tuleja', 'Sleeve', 'ceramika ZrO₂', 'ZrO₂ ceramic'],
        ['Tłumienność', 'Insertion loss', '≤ 0,2 dB', '≤ 0.2 dB'],
      ],
      drawing: {
        kind: 'adapter',
        connector: code.includes('MPO') ? 'mpo' : code.includes('-SC') ? 'sc' : 'lc',
        ports: code.includes('LCQ') ? 4 : code.includes('LCD') ? 2 : 1,
        colour,
      },
      docs: ['doc-fibre'],
      numbers: pack(code, 12, 'Sztuka', 'Single piece'),
      datasheet: false,
    });
  const pigtail = (code: string, fibre: string, conn: string) =>
    simple({
      category: 'fd-pigtails',
      code,
      namePl: `Pigtail ${conn} ${fibre} 1,5 m, komplet 12 kolorów`,
      nameEn: `${conn} ${fibre} pigtail, 1.5 m, set of 12 colours`,
      leadPl: 'Komplet 12 pigtaili w kolorach IEC 60304 do spawania w przełącznicach.',
      leadEn: 'A set of 12 pigtails in IEC 60304 colours for splicing in patch panels.',
      introPl: `Pigtaile ${conn} na włóknie ${fibre} w buforze 900 µm, każdy mierzony fabrycznie.`,
      introEn: `${conn} pigtails on ${fibre} fibre in a 900 µm buffer, each factory tested.`,
      params: [
        ['Długość', 'Length', '1,5 m', '1.5 m'],
        ['Liczba w komplecie', 'Pieces per set', '12'],
      ],
      drawing: {
        kind: 'pigtail',
        connector: conn.startsWith('SC') ? 'sc' : 'lc',
        head: conn.includes('APC') ? COLOURS.GN : fibre.startsWith('OS') ? COLOURS.B : COLOURS.BE,
      },
      docs: ['doc-fibre'],
      numbers: [{ number: code, namePl: 'Komplet 12 szt.', nameEn: 'Set of 12', multiple: 12, unit: 'szt.' }],
      datasheet: false,
    });
  return [
    odf('CN-ODF-1U-24LC', 1, 24, 'LC', true),
    odf('CN-ODF-1U-48LC', 1, 48, 'LC', true),
    odf('CN-ODF-1U-12SC', 1, 12, 'SC', false),
    odf('CN-ODF-2U-48SC', 2, 48, 'SC', true),
    simple({
      category: 'fd-odf',
      code: 'CN-ODF-10-12LC',
      namePl: 'Przełącznica światłowodowa 10" 12×LC',
      nameEn: '10" fibre patch panel, 12×LC',
      leadPl: 'Kompaktowa przełącznica do szaf 10" z kasetą na 12 spawów.',
      leadEn: 'A compact panel for 10" cabinets with a 12-splice tray.',
      introPl: 'Przełącznica do małych punktów dystrybucyjnych, mieszkań i biur wyposażonych w szafy 10".',
      introEn: 'A panel for small distribution points, flats and offices with 10" cabinets.',
      params: [
        ['Wysokość', 'Height', '1U'],
        ['Liczba portów', 'Number of ports', '12 × LC'],
      ],
      drawing: { kind: 'panel', front: 'lc', ports: 12, ten: true },
      docs: ['doc-fibre'],
    }),
    adapter('CN-AD-LCD-SM', 'Adapter LC duplex jednomodowy', 'Singlemode LC duplex adapter', COLOURS.B),
    adapter('CN-AD-LCD-MM', 'Adapter LC duplex wielomodowy', 'Multimode LC duplex adapter', COLOURS.BE),
    adapter('CN-AD-SCS-SM', 'Adapter SC simplex jednomodowy', 'Singlemode SC simplex adapter', COLOURS.B),
    adapter('CN-AD-SCA-SM', 'Adapter SC/APC simplex', 'SC/APC simplex adapter', COLOURS.GN),
    adapter('CN-AD-LCQ-SM', 'Adapter LC quad jednomodowy', 'Singlemode LC quad adapter', COLOURS.B),
    adapter('CN-AD-MPO', 'Adapter MPO/MTP', 'MPO/MTP adapter', COLOURS.K),
    pigtail('CN-PG-LCU-OS2-12', 'OS2', 'LC/UPC'),
    pigtail('CN-PG-SCA-OS2-12', 'OS2', 'SC/APC'),
    pigtail('CN-PG-LC-OM3-12', 'OM3', 'LC'),
    pigtail('CN-PG-LC-OM4-12', 'OM4', 'LC'),
    simple({
      category: 'fd-closures',
      code: 'CN-MUF-48',
      namePl: 'Mufa światłowodowa liniowa 48 spawów',
      nameEn: 'Inline fibre splice closure, 48 splices',
      leadPl: 'Hermetyczna mufa IP68 do łączenia kabli w kanalizacji i na słupach.',
      leadEn: 'A sealed IP68 closure for joining cables in ducts and on poles.',
      introPl: 'Mufa z mechanicznym uszczelnieniem żelowym, bez konieczności obkurczania na gorąco. Mieści cztery kasety po 12 spawów.',
      introEn: 'A closure with a mechanical gel seal that needs no heat shrinking. It holds four 12-splice trays.',
      params: [
        ['Pojemność', 'Capacity', '48 spawów', '48 splices'],
        ['Stopień ochrony', 'Protection rating', 'IP68'],
        ['Wejścia kablowe', 'Cable entries', '4 + 1 owalne', '4 + 1 oval'],
      ],
      drawing: { kind: 'box', box: 'closure', colour: '#262b33' },
      docs: ['doc-fibre', 'other-fibre-guide'],
    }),
    simple({
      category: 'fd-closures',
      code: 'CN-SKR-FTTH-4',
      namePl: 'Skrzynka abonencka FTTH na 4 włókna',
      nameEn: 'FTTH wall box for 4 fibres',
      leadPl: 'Naścienna skrzynka z kasetą spawów i 4 adapterami SC/APC.',
      leadEn: 'A wall box with a splice tray and 4 SC/APC adapters.',
      introPl: 'Skrzynka do zakończenia sieci FTTH w mieszkaniu lub na klatce schodowej. Pokrywa z zatrzaskiem i miejsce na zapas kabla.',
      introEn: 'A box for terminating FTTH in a flat or a stairwell. Snap-on cover and room for cable slack.',
      params: [
        ['Liczba portów', 'Number of ports', '4 × SC/APC'],
        ['Stopień ochrony', 'Protection rating', 'IP40'],
      ],
      drawing: { kind: 'box', box: 'fibreWall', ports: 4 },
      docs: ['doc-fibre'],
    }),
    simple({
      category: 'fd-closures',
      code: 'CN-SKR-12LC',
      namePl: 'Skrzynka światłowodowa naścienna 12×LC duplex',
      nameEn: 'Wall-mount fibre box, 12×LC duplex',
      leadPl: 'Skrzynka zamykana na klucz z miejscem na 24 spawy.',
      leadEn: 'A lockable box with room for 24 splices.',
      introPl: 'Skrzynka do budynków biurowych i przemysłowych, pozwala zakończyć kabel szkieletowy poza szafą.',
      introEn: 'A box for office and industrial buildings that terminates a backbone cable outside a cabinet.',
      params: [
        ['Liczba portów', 'Number of ports', '12 × LC duplex'],
        ['Pojemność spawów', 'Splice capacity', '24'],
      ],
      drawing: { kind: 'box', box: 'fibreWall', ports: 12 },
      docs: ['doc-fibre'],
    }),
    simple({
      category: 'fd-closures',
      code: 'CN-OSL-60',
      namePl: 'Osłonki spawów termokurczliwe 60 mm',
      nameEn: 'Heat-shrink splice protectors, 60 mm',
      leadPl: 'Osłonki z prętem stalowym chroniące spawy w kasetach.',
      leadEn: 'Protectors with a steel rod that guard splices in trays.',
      introPl: 'Osłonki do spawarek z piecykiem 60 mm. Opakowanie zawiera 100 sztuk.',
      introEn: 'Protectors for fusion splicers with a 60 mm oven. A pack holds 100 pieces.',
      params: [['Długość', 'Length', '60 mm']],
      drawing: { kind: 'pack', item: 'protectors', colour: COLOURS.W },
      docs: ['doc-fibre'],
      numbers: [{ number: 'CN-OSL-60-100', namePl: 'Opakowanie 100 szt.', nameEn: 'Pack of 100', multiple: 100, unit: 'szt.' }],
      datasheet: false,
    }),
  ];
}

function tools(): ProductDef[] {
  const tool = (code: string, namePl: string, nameEn: string, leadPl: string, leadEn: string, category: string, drawing: Drawing) =>
    simple({
      category,
      code,
      namePl,
      nameEn,
      leadPl,
      leadEn,
      introPl: `${namePl}. ${leadPl} Narzędzie objęte 2-letnią gwarancją producenta.`,
      introEn: `${nameEn}. ${leadEn} The tool carries a 2-year manufacturer\u2019s warranty.`,
      params: [['Gwarancja', 'Warranty', '24 miesiące', '24 months']],
      drawing,
      docs: ['doc-tools'],
      datasheet: false,
    });
  return [
    tool(
      'CN-NT-ZAC-8P',
      'Zaciskarka wtyków RJ45 8P8C',
      'RJ45 8P8C crimping tool',
      'Zaciskarka z mechanizmem zapadkowym i nożem do cięcia kabla.',
      'A ratchet crimping tool with a cable cutter.',
      'tools-crimp',
      { kind: 'tool', tool: 'crimper', colour: COLOURS.B },
    ),
    tool(
      'CN-NT-ZAC-PT',
      'Zaciskarka wtyków przelotowych RJ45',
      'Pass-through RJ45 crimping tool',
      'Zaciskarka z ostrzem obcinającym wystające żyły wtyków przelotowych.',
      'A crimper that trims the protruding conductors of pass-through plugs.',
      'tools-crimp',
      { kind: 'tool', tool: 'crimper', colour: COLOURS.R },
    ),
    tool(
      'CN-NT-ZAC-MOD',
      'Zaciskarka modularna RJ11/RJ12/RJ45',
      'Modular RJ11/RJ12/RJ45 crimping tool',
      'Uniwersalna zaciskarka z trzema gniazdami.',
      'A universal crimper with three dies.',
      'tools-crimp',
      { kind: 'tool', tool: 'crimper', colour: COLOURS.K },
    ),
    tool(
      'CN-NT-LSA',
      'Narzędzie uderzeniowe LSA',
      'LSA punch-down tool',
      'Narzędzie do zarabiania złączy LSA z nożem obcinającym.',
      'A tool for LSA terminals with a trimming blade.',
      'tools-punch',
      { kind: 'tool', tool: 'punch', colour: COLOURS.Y },
    ),
    tool(
      'CN-NT-110',
      'Narzędzie uderzeniowe 110 z regulacją siły',
      '110 punch-down tool with impact adjustment',
      'Narzędzie do złączy 110 i Krone z dwustopniową regulacją siły uderzenia.',
      'A tool for 110 and Krone terminals with two impact settings.',
      'tools-punch',
      { kind: 'tool', tool: 'punch', colour: COLOURS.B },
    ),
    tool(
      'CN-NT-SCI-UTP',
      'Ściągacz izolacji kabli skrętkowych',
      'Twisted-pair cable stripper',
      'Ściągacz z regulowanym nożem do kabli UTP i FTP.',
      'A stripper with an adjustable blade for UTP and FTP cables.',
      'tools-punch',
      { kind: 'tool', tool: 'stripper', colour: COLOURS.B },
    ),
    tool(
      'CN-NT-SCI-FO',
      'Ściągacz izolacji światłowodowej 3-otworowy',
      'Three-hole fibre stripper',
      'Ściągacz powłoki 3 mm, bufora 900 µm i pokrycia 250 µm.',
      'Strips 3 mm jackets, 900 µm buffers and 250 µm coatings.',
      'tools-punch',
      { kind: 'tool', tool: 'fibreStripper', colour: COLOURS.R },
    ),
    tool(
      'CN-NT-OBC',
      'Obcinaczki do kabli miedzianych',
      'Copper cable cutters',
      'Obcinaczki z ostrzami ze stali narzędziowej do kabli do Ø12 mm.',
      'Tool-steel cutters for cables up to Ø12 mm.',
      'tools-punch',
      { kind: 'tool', tool: 'cutter', colour: COLOURS.O },
    ),
    simple({
      category: 'tools-testers',
      code: 'CN-TS-LAN8',
      namePl: 'Tester okablowania LAN z 8 jednostkami zdalnymi',
      nameEn: 'LAN cable tester with 8 remote units',
      leadPl: 'Tester mapy połączeń, długości i lokalizacji usterek w kablach miedzianych.',
      leadEn: 'Tests wire map, length and fault location in copper cables.',
      introPl:
        'Tester z wyświetlaczem LCD wykrywa przerwy, zwarcia, pary rozdzielone i skrzyżowane, mierzy długość kabla metodą TDR i odnajduje kable w panelu dzięki 8 numerowanym jednostkom zdalnym.',
      introEn:
        'An LCD tester that detects opens, shorts, split and crossed pairs, measures cable length by TDR and identifies cables at a panel with 8 numbered remote units.',
      params: [
        ['Zakres pomiaru długości', 'Length range', '0–300 m'],
        ['Jednostki zdalne', 'Remote units', '8'],
        ['Zasilanie', 'Power', '4 × AA'],
      ],
      drawing: { kind: 'device', device: 'tester', colour: '#f2c230' },
      docs: ['doc-tools'],
    }),
    simple({
      category: 'tools-testers',
      code: 'CN-TS-VFL10',
      namePl: 'Lokalizator uszkodzeń włókien VFL 10 mW',
      nameEn: 'Visual fault locator VFL, 10 mW',
      leadPl: 'Źródło czerwonego światła 650 nm do wykrywania pęknięć i zgięć włókien.',
      leadEn: 'A 650 nm red light source for finding breaks and bends in fibres.',
      introPl: 'Lokalizator ze złączem uniwersalnym 2,5 mm i pracą ciągłą lub impulsową, zasięg do 10 km.',
      introEn: 'A locator with a universal 2.5 mm port and continuous or pulsed mode, range up to 10 km.',
      params: [
        ['Moc', 'Output power', '10 mW'],
        ['Długość fali', 'Wavelength', '650 nm'],
      ],
      drawing: { kind: 'device', device: 'vfl', colour: '#d93a3a' },
      docs: ['doc-tools'],
    }),
    simple({
      category: 'tools-testers',
      code: 'CN-TS-OPM',
      namePl: 'Miernik mocy optycznej',
      nameEn: 'Optical power meter',
      leadPl: 'Miernik mocy na 6 długościach fali, zakres −70…+10 dBm.',
      leadEn: 'A power meter at 6 wavelengths, −70 to +10 dBm.',
      introPl: 'Miernik do pomiaru tłumienności torów światłowodowych metodą źródło–miernik, z pamięcią 1000 wyników.',
      introEn: 'A meter for measuring fibre link loss with a light source, storing 1000 results.',
      params: [
        ['Zakres', 'Range', '−70…+10 dBm'],
        ['Długości fali', 'Wavelengths', '850, 1300, 1310, 1490, 1550, 1625 nm'],
      ],
      drawing: { kind: 'device', device: 'powermeter', colour: '#2f6fd6' },
      docs: ['doc-tools'],
    }),
    simple({
      category: 'tools-testers',
      code: 'CN-TS-OLS',
      namePl: 'Źródło światła laserowego 1310/1550 nm',
      nameEn: 'Laser light source, 1310/1550 nm',
      leadPl: 'Stabilizowane źródło do pomiarów tłumienności torów jednomodowych.',
      leadEn: 'A stabilised source for loss measurements of singlemode links.',
      introPl: 'Źródło współpracuje z miernikiem mocy CN-TS-OPM w trybie automatycznego rozpoznawania długości fali.',
      introEn: 'The source works with the CN-TS-OPM power meter with automatic wavelength detection.',
      params: [['Długości fali', 'Wavelengths', '1310, 1550 nm']],
      drawing: { kind: 'device', device: 'lightsource', colour: '#2f9e5b' },
      docs: ['doc-tools'],
    }),
    simple({
      category: 'tools-testers',
      code: 'CN-TS-CLN',
      namePl: 'Pióro czyszczące do złączy LC i SC',
      nameEn: 'Cleaning pen for LC and SC connectors',
      leadPl: 'Czyściki na ponad 800 cykli, do ferrul 1,25 i 2,5 mm.',
      leadEn: 'Cleans more than 800 times, for 1.25 and 2.5 mm ferrules.',
      introPl: 'Pióro czyści czoła ferrul w adapterach i na patchcordach bez demontażu.',
      introEn: 'The pen cleans ferrule end faces in adapters and on patch cords without removing them.',
      params: [['Liczba cykli', 'Cleaning cycles', '800+']],
      drawing: { kind: 'device', device: 'cleaner', colour: '#2f6fd6' },
      docs: ['doc-tools'],
      numbers: [
        { number: 'CN-TS-CLN-125', namePl: 'Ferrula 1,25 mm (LC)', nameEn: '1.25 mm ferrule (LC)', multiple: 1, unit: 'szt.' },
        { number: 'CN-TS-CLN-250', namePl: 'Ferrula 2,5 mm (SC)', nameEn: '2.5 mm ferrule (SC)', multiple: 1, unit: 'szt.' },
      ],
      datasheet: false,
    }),
  ];
}

function accessories(): ProductDef[] {
  return [
    rackAccessory(
      'acc-managers',
      'CN-OK-1U-R',
      'Organizer kabli 1U z 5 uchwytami',
      '1U cable manager with 5 rings',
      'Poziomy organizer porządkujący kable krosowe między panelami.',
      'A horizontal manager that keeps patch cords tidy between panels.',
      [['Wysokość', 'Height', '1U']],
      { kind: 'panel', front: 'rings' },
    ),
    rackAccessory(
      'acc-managers',
      'CN-OK-2U-P',
      'Organizer kabli 2U z pokrywą',
      '2U cable manager with cover',
      'Organizer z korytkiem i zdejmowaną pokrywą.',
      'A manager with a duct and a removable cover.',
      [['Wysokość', 'Height', '2U']],
      { kind: 'panel', front: 'rings', u: 2 },
    ),
    rackAccessory(
      'acc-managers',
      'CN-OK-1U-SZ',
      'Panel szczotkowy 1U',
      '1U brush panel',
      'Przepust szczotkowy do przeprowadzenia kabli na tył szafy.',
      'A brush entry that passes cables to the back of the cabinet.',
      [['Wysokość', 'Height', '1U']],
      { kind: 'panel', front: 'brush' },
    ),
    rackAccessory(
      'acc-managers',
      'CN-OK-PION-42',
      'Organizer pionowy 42U',
      '42U vertical cable manager',
      'Pionowy kanał z palcami do szaf o szerokości 800 mm.',
      'A vertical duct with fingers for 800 mm wide cabinets.',
      [['Wysokość', 'Height', '42U']],
      { kind: 'panel', front: 'rings', u: 3 },
    ),
    simple({
      category: 'acc-ties',
      code: 'CN-RZ-5M',
      namePl: 'Taśma rzepowa na rolce 5 m',
      nameEn: 'Hook-and-loop tape, 5 m roll',
      leadPl: 'Taśma wielokrotnego użytku do wiązania kabli bez ryzyka zgniecenia.',
      leadEn: 'Reusable tape for bundling cables without crushing them.',
      introPl: 'Taśma rzepowa szerokości 20 mm, cięta na dowolną długość. Zalecana do kabli kategorii 6A i światłowodów.',
      introEn: '20 mm wide hook-and-loop tape, cut to any length. Recommended for category 6A and fibre cables.',
      params: [
        ['Długość', 'Length', '5 m'],
        ['Szerokość', 'Width', '20 mm'],
      ],
      drawing: { kind: 'pack', item: 'velcro', colour: COLOURS.K },
      docs: [],
      numbers: ['K', 'B', 'R'].map((c) => ({
        number: `CN-RZ-5M-${c}`,
        namePl: `Rolka 5 m, ${colourPl(c)}`,
        nameEn: `5 m roll, ${colourEn(c)}`,
        multiple: 5,
        unit: 'm' as const,
      })),
      datasheet: false,
    }),
    simple({
      category: 'acc-ties',
      code: 'CN-RZ-OP-100',
      namePl: 'Opaski rzepowe 200 mm',
      nameEn: 'Hook-and-loop ties, 200 mm',
      leadPl: 'Opaski z oczkiem, opakowanie 100 sztuk.',
      leadEn: 'Ties with an eyelet, pack of 100.',
      introPl: 'Gotowe opaski rzepowe do porządkowania wiązek w szafach i korytach.',
      introEn: 'Ready-made hook-and-loop ties for tidying bundles in cabinets and trays.',
      params: [['Długość', 'Length', '200 mm']],
      drawing: { kind: 'pack', item: 'velcro', colour: COLOURS.B },
      docs: [],
      numbers: [{ number: 'CN-RZ-OP-100', namePl: 'Opakowanie 100 szt.', nameEn: 'Pack of 100', multiple: 100, unit: 'szt.' }],
      datasheet: false,
    }),
    ...([200, 300] as const).map((l) =>
      simple({
        category: 'acc-ties',
        code: `CN-OP-${l}`,
        namePl: `Opaski kablowe nylonowe ${l}×4,8 mm`,
        nameEn: `Nylon cable ties, ${l}×4.8 mm`,
        leadPl: 'Opaski z poliamidu 6.6 odpornego na UV, opakowanie 100 sztuk.',
        leadEn: 'UV-resistant polyamide 6.6 ties, pack of 100.',
        introPl: `Opaski o długości ${l} mm i wytrzymałości 22 kg do mocowania wiązek w korytach.`,
        introEn: `${l} mm ties with a 22 kg tensile strength for fixing bundles in trays.`,
        params: [
          ['Długość', 'Length', `${l} mm`],
          ['Wytrzymałość', 'Tensile strength', '22 kg'],
        ],
        drawing: { kind: 'pack', item: 'ties', colour: COLOURS.K },
        docs: [],
        numbers: ['K', 'W'].map((c) => ({
          number: `CN-OP-${l}-${c}`,
          namePl: `Opakowanie 100 szt., ${colourPl(c)}`,
          nameEn: `Pack of 100, ${colourEn(c)}`,
          multiple: 100,
          unit: 'szt.' as const,
        })),
        datasheet: false,
      }),
    ),
    ...(
      [
        ['CN-WT-5E-U', 'kat. 5e UTP', 'category 5e UTP'],
        ['CN-WT-6-U', 'kat. 6 UTP', 'category 6 UTP'],
        ['CN-WT-6A-S', 'kat. 6A STP', 'category 6A STP'],
      ] as const
    ).map(([code, pl, en]) =>
      simple({
        category: 'acc-plugs',
        code,
        namePl: `Wtyk RJ45 ${pl}`,
        nameEn: `RJ45 plug, ${en}`,
        leadPl: 'Wtyk do zarabiania kabli krosowych zaciskarką, opakowanie 100 sztuk.',
        leadEn: 'A plug for making patch cords with a crimping tool, pack of 100.',
        introPl: `Wtyk ${pl} z prowadnicą żył ułatwiającą ułożenie par w prawidłowej kolejności.`,
        introEn: `A ${en} plug with a wire guide that makes putting the pairs in the right order easy.`,
        params: [['Styki', 'Contacts', 'pozłacane 50 µin', '50 µin gold-plated']],
        drawing: { kind: 'plug', shielded: code.endsWith('-S') },
        docs: ['doc-passive'],
        numbers: [{ number: `${code}-100`, namePl: 'Opakowanie 100 szt.', nameEn: 'Pack of 100', multiple: 100, unit: 'szt.' }],
        datasheet: false,
      }),
    ),
    simple({
      category: 'acc-plugs',
      code: 'CN-WT-6A-POLE',
      namePl: 'Wtyk RJ45 kat. 6A STP beznarzędziowy (field)',
      nameEn: 'Toolless category 6A STP RJ45 field plug',
      leadPl: 'Wtyk zarabiany w terenie bez zaciskarki, do kabli instalacyjnych.',
      leadEn: 'A plug terminated on site without a crimper, for installation cables.',
      introPl: 'Wtyk pozwala zakończyć kabel instalacyjny bezpośrednio wtykiem, np. przy kamerach IP i punktach dostępowych.',
      introEn: 'The plug terminates an installation cable directly, e.g. at IP cameras and access points.',
      params: [['Kategoria', 'Category', '6A']],
      drawing: { kind: 'plug', shielded: true, field: true },
      docs: ['doc-passive', 'cert-cat6a'],
    }),
    simple({
      category: 'acc-plugs',
      code: 'CN-WT-OS',
      namePl: 'Osłonki wtyków RJ45',
      nameEn: 'RJ45 plug boots',
      leadPl: 'Osłonki zatrzasków wtyków, opakowanie 100 sztuk.',
      leadEn: 'Latch-protecting boots, pack of 100.',
      introPl: 'Osłonki w kolorach pozwalają oznaczać kable krosowe według funkcji.',
      introEn: 'Coloured boots let patch cords be marked by their function.',
      params: [['Opakowanie', 'Pack', '100 szt.', '100 pcs']],
      drawing: { kind: 'pack', item: 'boots', colour: COLOURS.B },
      docs: [],
      numbers: ['B', 'R', 'Y', 'GN', 'K'].map((c) => ({
        number: `CN-WT-OS-${c}`,
        namePl: `Opakowanie 100 szt., ${colourPl(c)}`,
        nameEn: `Pack of 100, ${colourEn(c)}`,
        multiple: 100,
        unit: 'szt.' as const,
      })),
      datasheet: false,
    }),
    simple({
      category: 'acc-labels',
      code: 'CN-OZ-A4',
      namePl: 'Etykiety do paneli krosowych, arkusze A4',
      nameEn: 'Patch panel labels, A4 sheets',
      leadPl: 'Arkusze etykiet do druku laserowego, 10 arkuszy.',
      leadEn: 'Label sheets for laser printing, 10 sheets.',
      introPl: 'Etykiety wymiarowane do pól opisowych paneli COBI NET, z szablonem do pobrania.',
      introEn: 'Labels sized for COBI NET panel label fields, with a downloadable template.',
      params: [['Liczba arkuszy', 'Sheets', '10']],
      drawing: { kind: 'pack', item: 'labels', colour: COLOURS.B },
      docs: [],
      numbers: [{ number: 'CN-OZ-A4-10', namePl: 'Opakowanie 10 arkuszy', nameEn: 'Pack of 10 sheets', multiple: 10, unit: 'szt.' }],
      datasheet: false,
    }),
    simple({
      category: 'acc-labels',
      code: 'CN-OZ-KAB',
      namePl: 'Oznaczniki kabli samolaminujące',
      nameEn: 'Self-laminating cable markers',
      leadPl: 'Oznaczniki owijane wokół kabla, odporne na ścieranie.',
      leadEn: 'Wrap-around markers that resist abrasion.',
      introPl: 'Przezroczysta część oznacznika laminuje nadruk, chroniąc go przed zatarciem.',
      introEn: 'The clear part of the marker laminates the print and keeps it legible.',
      params: [['Opakowanie', 'Pack', '250 szt.', '250 pcs']],
      drawing: { kind: 'pack', item: 'labels', colour: COLOURS.Y },
      docs: [],
      numbers: [{ number: 'CN-OZ-KAB-250', namePl: 'Opakowanie 250 szt.', nameEn: 'Pack of 250', multiple: 250, unit: 'szt.' }],
      datasheet: false,
    }),
    simple({
      category: 'racks-accessories',
      code: 'CN-AP-NK-M6',
      namePl: 'Zestaw montażowy M6 (nakrętki koszyczkowe i śruby)',
      nameEn: 'M6 mounting kit (cage nuts and screws)',
      leadPl: 'Nakrętki koszyczkowe, śruby i podkładki do szyn 19", opakowanie 50 kompletów.',
      leadEn: 'Cage nuts, screws and washers for 19" rails, pack of 50 sets.',
      introPl: 'Zestaw do montażu urządzeń w szafach i stojakach z otworami kwadratowymi 9,5 mm.',
      introEn: 'A kit for mounting equipment in cabinets and racks with 9.5 mm square holes.',
      params: [['Gwint', 'Thread', 'M6']],
      drawing: { kind: 'pack', item: 'nuts', colour: COLOURS.G },
      docs: [],
      numbers: [{ number: 'CN-AP-NK-M6-50', namePl: 'Opakowanie 50 kpl.', nameEn: 'Pack of 50 sets', multiple: 50, unit: 'kpl.' }],
      datasheet: false,
    }),
  ];
}

/**
 * The cable-tray fill and cable-separation calculator as a catalogue product (issue 16): B2B customers
 * order it in the shop; confirming the order grants access (the newsletter feature's
 * CALCULATOR_CATALOG_NUMBER names this number). Software: multiple 1, no weight (physicals.ts),
 * 9.90 PLN net in the base list (pricing/demo/prices.ts).
 */
function calculatorLicence(): ProductDef {
  return simple({
    category: 'trays',
    code: 'CN-KALK-KORYTA',
    namePl: 'Kalkulator wypełnienia koryt kablowych i separacji kabli – dostęp online',
    nameEn: 'Cable-tray fill and cable-separation calculator – online access',
    leadPl: 'Dostęp do kalkulatora online i arkusza XLSX z formułami: zapełnienie koryta z rezerwą wolnej przestrzeni i separacja kabli wg EN 50174-2.',
    leadEn: 'Access to the online calculator and its XLSX workbook with formulas: tray fill with a free-space reserve and cable separation per EN 50174-2.',
    introPl:
      'Kalkulator dobiera najmniejsze standardowe koryto dla listy kabli COBI NET lub własnych średnic, pokazuje procent zapełnienia i rysunek przekroju, a także wylicza minimalny odstęp kabli teleinformatycznych od zasilających. Link dostępu wysyłamy e-mailem po potwierdzeniu zamówienia; po zalogowaniu na konto sklepu kalkulator działa bez linku.',
    introEn:
      'The calculator picks the smallest standard tray for a list of COBI NET cables or your own diameters, shows the fill percentage and a cross-section drawing, and works out the minimum distance between IT and power cables. We e-mail the access link once the order is confirmed; logged in to your shop account, you can use it without the link.',
    params: [
      ['Forma', 'Form', 'dostęp online + arkusz XLSX', 'online access + XLSX workbook'],
      ['Języki', 'Languages', 'polski, angielski', 'Polish, English'],
      ['Norma', 'Standard', 'EN 50174-2'],
    ],
    drawing: { kind: 'calculator' },
    docs: [],
    numbers: [{ number: 'CN-KALK-KORYTA', namePl: 'Licencja – dostęp online', nameEn: 'Licence – online access', multiple: 1, unit: 'szt.' }],
    datasheet: false,
  });
}

// ---------------------------------------------------------------- attributes of the families

const withAttrs = (p: ProductDef, attrs: DemoAttrs): ProductDef => ({ ...p, attrs });
const catCode = (cat: string) => cat.toLowerCase();
const shieldCode = (shield: string) => shield.toLowerCase().replace('/', '-');
const colourCodes = (colours: string[]) => [...new Set(colours.map((c) => COLOUR_CODES[c]).filter((c): c is string => Boolean(c)))];
const connectorCode = (c: string) => c.toLowerCase().replace('/', '-');
const STEEL = { pl: 'stal malowana proszkowo', en: 'powder-coated steel' };

function cableAttrs(s: CableSpec): DemoAttrs {
  return {
    category: [catCode(s.cat)],
    shielding: [shieldCode(s.shield)],
    jacket: [s.jacket === 'PVC' ? 'pvc' : s.jacket === 'PE' ? 'pe' : 'lsoh'],
    // The LSOH 6A and 7A cables are offered in the better B2ca class.
    fire_class: [s.jacket === 'Dca' ? 'dca' : s.jacket === 'PE' ? 'fca' : s.jacket === 'LSOH' && (s.cat === '6A' || s.cat === '7A') ? 'b2ca' : 'eca'],
    length: s.drum ? [305, 500] : [305],
    colour: colourCodes(s.colours),
  };
}

function fibreCableAttrs(s: FibreCableSpec): DemoAttrs {
  return {
    fibre: [s.fibre.toLowerCase()],
    fibre_count: s.counts,
    jacket: [s.type === 'outdoor' ? 'pe' : 'lsoh'],
    fire_class: [s.type === 'indoor' ? 'b2ca' : s.type === 'outdoor' ? 'fca' : 'dca'],
    colour: colourCodes([FIBRE_TYPE[s.type].colour || FIBRE_COLOUR[s.fibre]]),
  };
}

function panelAttrs(s: PanelSpec): DemoAttrs {
  return {
    ...(s.cat === 'modular' ? {} : { category: [catCode(s.cat)], connector: ['rj45'] }),
    shielding: [s.shielded ? 'stp' : 'utp'],
    ports: [s.ports],
    rack_units: [s.ports === 48 ? 2 : 1],
    mounting: [s.ten ? '10' : '19'],
    colour: ['black'],
    material: STEEL,
  };
}

function jackAttrs(cat: '5e' | '6' | '6A', shielded: boolean): DemoAttrs {
  return { category: [catCode(cat)], shielding: [shielded ? 'stp' : 'utp'], connector: ['rj45'], colour: shielded ? ['grey'] : ['white', 'black'] };
}

function outletAttrs(kind: 'surface' | 'faceplate' | 'flush', ports: number, cat: '5e' | '6' | '6A'): DemoAttrs {
  return {
    ...(kind === 'faceplate' ? {} : { category: [catCode(cat)], connector: ['rj45'] }),
    ports: [ports],
    colour: ['white'],
    material: { pl: 'tworzywo ABS', en: 'ABS plastic' },
  };
}

function copperCordAttrs(cat: '5e' | '6' | '6A', shield: string, colours: string[]): DemoAttrs {
  return {
    category: [catCode(cat)],
    shielding: [shieldCode(shield)],
    connector: ['rj45'],
    jacket: ['lsoh'],
    length: [0.5, 1, 2, 3, 5],
    colour: colourCodes(colours),
  };
}

function fibreCordAttrs(fibre: 'OS2' | 'OM3' | 'OM4', a: string, b: string): DemoAttrs {
  return {
    fibre: [fibre.toLowerCase()],
    connector: [...new Set([connectorCode(a), connectorCode(b)])],
    jacket: ['lsoh'],
    length: [1, 2, 3, 5, 10],
    colour: colourCodes([fibre === 'OS2' ? 'Y' : fibre === 'OM3' ? 'AQ' : 'M']),
  };
}

function cabinetAttrs(u: number, width: number, depth: number, ten: boolean): DemoAttrs {
  return { rack_units: [u], mounting: [ten ? '10' : '19'], width: [width], depth: [depth], colour: ['grey', 'black'], material: STEEL };
}

/** Every demo product, grouped by family in the manufacturer's catalogue order. */
export function demoProducts(): ProductDef[] {
  return [
    ...CABLES.map((s) => withAttrs(cable(s), cableAttrs(s))),
    ...FIBRE_CABLES.map((s) => withAttrs(fibreCable(s), fibreCableAttrs(s))),
    ...PANELS.map((s) => withAttrs(patchPanel(s), panelAttrs(s))),
    ...(['5e', '6', '6A'] as const).flatMap((c) => [
      withAttrs(keystoneJack(c, false, false), jackAttrs(c, false)),
      withAttrs(keystoneJack(c, true, false), jackAttrs(c, true)),
    ]),
    withAttrs(keystoneJack('6A', true, true), jackAttrs('6A', true)),
    withAttrs(outlet('surface', 1, '5e'), outletAttrs('surface', 1, '5e')),
    withAttrs(outlet('surface', 2, '6'), outletAttrs('surface', 2, '6')),
    withAttrs(outlet('surface', 2, '6A'), outletAttrs('surface', 2, '6A')),
    withAttrs(outlet('flush', 2, '6'), outletAttrs('flush', 2, '6')),
    withAttrs(outlet('faceplate', 1, '6'), outletAttrs('faceplate', 1, '6')),
    withAttrs(outlet('faceplate', 2, '6'), outletAttrs('faceplate', 2, '6')),
    ...(
      [
        ['5e', 'U/UTP', ['G', 'B', 'Y']],
        ['5e', 'F/UTP', ['G']],
        ['6', 'U/UTP', ['B', 'G', 'R', 'Y', 'GN']],
        ['6', 'S/FTP', ['G', 'B']],
        ['6A', 'S/FTP', ['O', 'G']],
        ['6A', 'U/FTP', ['B', 'K']],
      ] as const
    ).map(([cat, shield, colours]) => withAttrs(copperCord(cat, shield, [...colours]), copperCordAttrs(cat, shield, [...colours]))),
    ...(
      [
        ['OS2', 'LC', 'LC', true],
        ['OS2', 'SC', 'SC', false],
        ['OS2', 'LC', 'SC', true],
        ['OS2', 'SC/APC', 'SC/APC', false],
        ['OM3', 'LC', 'LC', true],
        ['OM4', 'LC', 'LC', true],
        ['OM4', 'MPO', 'MPO', false],
      ] as const
    ).map(([fibre, a, b, duplex]) => withAttrs(fibreCord(fibre, a, b, duplex), fibreCordAttrs(fibre, a, b))),
    ...[6, 9, 12, 15, 18].map((u) => withAttrs(wallCabinet(u, u >= 15 ? 600 : 450), cabinetAttrs(u, 600, u >= 15 ? 600 : 450, false))),
    withAttrs(wallCabinet(12, 600), cabinetAttrs(12, 600, 600, false)),
    ...[4, 6, 9].map((u) => withAttrs(wallCabinet(u, 300, true), cabinetAttrs(u, 310, 300, true))),
    ...[22, 27, 32, 42, 47].map((u) => withAttrs(floorCabinet(u, 600, 600), cabinetAttrs(u, 600, 600, false))),
    withAttrs(floorCabinet(42, 600, 800), cabinetAttrs(42, 600, 800, false)),
    withAttrs(floorCabinet(42, 800, 800), cabinetAttrs(42, 800, 800, false)),
    withAttrs(floorCabinet(47, 800, 1000), cabinetAttrs(47, 800, 1000, false)),
    withAttrs(openRack('2'), { rack_units: [42], mounting: ['19'], colour: ['black'], material: STEEL }),
    withAttrs(openRack('4'), { rack_units: [42], mounting: ['19'], colour: ['black'], material: STEEL }),
    withAttrs(openRack('wall'), { rack_units: [6], mounting: ['19'], colour: ['black'], material: STEEL }),
    rackAccessory(
      'racks-shelves',
      'CN-AP-PL1U-350',
      'Półka stała 1U 350 mm',
      '1U fixed shelf, 350 mm',
      'Półka perforowana do szaf o głębokości od 600 mm, nośność 25 kg.',
      'A perforated shelf for cabinets from 600 mm deep, 25 kg load.',
      [
        ['Głębokość', 'Depth', '350 mm'],
        ['Nośność', 'Load rating', '25 kg'],
      ],
      { kind: 'panel', front: 'shelf' },
    ),
    rackAccessory(
      'racks-shelves',
      'CN-AP-PL1U-550',
      'Półka stała 1U 550 mm',
      '1U fixed shelf, 550 mm',
      'Półka mocowana w czterech punktach do szaf o głębokości 800 mm, nośność 50 kg.',
      'A four-point shelf for 800 mm deep cabinets, 50 kg load.',
      [
        ['Głębokość', 'Depth', '550 mm'],
        ['Nośność', 'Load rating', '50 kg'],
      ],
      { kind: 'panel', front: 'shelf' },
    ),
    rackAccessory(
      'racks-shelves',
      'CN-AP-PLW-1U',
      'Półka wysuwana 1U',
      '1U sliding shelf',
      'Półka na prowadnicach kulkowych do klawiatur i urządzeń serwisowych.',
      'A shelf on ball-bearing runners for keyboards and service equipment.',
      [['Nośność', 'Load rating', '20 kg']],
      { kind: 'panel', front: 'shelf' },
    ),
    rackAccessory(
      'racks-power',
      'CN-AP-PDU8',
      'Listwa zasilająca 19" 8×230 V z wyłącznikiem',
      '19" PDU, 8×230 V with switch',
      'Listwa 1U z podświetlanym wyłącznikiem i przewodem 2 m.',
      'A 1U strip with an illuminated switch and a 2 m lead.',
      [
        ['Gniazda', 'Sockets', '8 × 230 V'],
        ['Obciążalność', 'Rating', '16 A'],
      ],
      { kind: 'panel', front: 'sockets' },
    ),
    rackAccessory(
      'racks-power',
      'CN-AP-PDU8-ZP',
      'Listwa zasilająca 19" 8×230 V z zabezpieczeniem przeciwprzepięciowym',
      '19" PDU, 8×230 V with surge protection',
      'Listwa 1U z ochroną przeciwprzepięciową i wskaźnikiem uziemienia.',
      'A 1U strip with surge protection and an earth indicator.',
      [
        ['Gniazda', 'Sockets', '8 × 230 V'],
        ['Ochrona', 'Protection', '4,5 kA', '4.5 kA'],
      ],
      { kind: 'panel', front: 'sockets' },
    ),
    rackAccessory(
      'racks-cooling',
      'CN-AP-WENT2',
      'Panel wentylacyjny 2 wentylatory z termostatem',
      'Fan panel, 2 fans with thermostat',
      'Panel dachowy z termostatem 20–60 °C.',
      'A roof fan panel with a 20–60 °C thermostat.',
      [['Wentylatory', 'Fans', '2 × 120 mm']],
      { kind: 'panel', front: 'fans' },
    ),
    rackAccessory(
      'racks-cooling',
      'CN-AP-WENT4',
      'Panel wentylacyjny 19" 1U, 4 wentylatory',
      '19" 1U fan panel, 4 fans',
      'Panel montowany w szynach 19", wymiana powietrza 4 × 160 m³/h.',
      'A panel mounted on 19" rails, 4 × 160 m³/h airflow.',
      [['Wentylatory', 'Fans', '4 × 120 mm']],
      { kind: 'panel', front: 'fans' },
    ),
    meshTray(35, [50, 100, 150]),
    meshTray(60, [100, 200, 300, 400]),
    meshTray(105, [200, 300, 400, 500]),
    meshTray(60, [100, 200, 300], true),
    perforatedTray(42, [50, 100, 200]),
    perforatedTray(60, [100, 200, 300, 400]),
    perforatedTray(60, [100, 200, 300, 400], true),
    trayFitting(
      'CN-KS-SZ',
      'Szybkozłącze koryta siatkowego',
      'Wire mesh tray quick connector',
      'Łączy odcinki koryt bez śrub, jednym ruchem.',
      'Joins tray sections without screws in one move.',
      { kind: 'tray', tray: 'connector' },
      50,
    ),
    trayFitting(
      'CN-KS-WS-200',
      'Wspornik ścienny 200 mm',
      '200 mm wall bracket',
      'Wspornik do montażu koryta na ścianie, nośność 60 kg.',
      'A bracket for mounting the tray on a wall, 60 kg load.',
      { kind: 'tray', tray: 'bracket' },
      10,
    ),
    trayFitting(
      'CN-KS-WS-400',
      'Wspornik ścienny 400 mm',
      '400 mm wall bracket',
      'Wspornik do koryt o szerokości do 400 mm, nośność 90 kg.',
      'A bracket for trays up to 400 mm wide, 90 kg load.',
      { kind: 'tray', tray: 'bracket' },
      10,
    ),
    trayFitting(
      'CN-KS-PR-M8',
      'Pręt gwintowany M8 1 m',
      'M8 threaded rod, 1 m',
      'Pręt do podwieszania koryt pod stropem.',
      'A rod for hanging trays from the ceiling.',
      { kind: 'tray', tray: 'rod' },
      25,
    ),
    trayFitting(
      'CN-KS-UZ',
      'Zacisk uziemiający koryta',
      'Tray earthing clamp',
      'Zacisk do wyrównania potencjałów odcinków koryt.',
      'A clamp for equipotential bonding of tray sections.',
      { kind: 'tray', tray: 'connector', colour: '#c9a94a' },
      25,
    ),
    calculatorLicence(),
    ...fibreDistribution(),
    ...tools(),
    ...accessories(),
  ];
}

/** The description HTML of a product in one language (paragraphs, features, parameter list, warranty). */
export function descriptionHtml(p: ProductDef, locale: 'pl' | 'en'): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const intro = locale === 'pl' ? p.introPl : p.introEn;
  const use = locale === 'pl' ? p.usePl : p.useEn;
  const features = locale === 'pl' ? p.featuresPl : p.featuresEn;
  const parts = [`<p>${esc(intro)}</p>`, `<p>${esc(use)}</p>`];
  if (features.length) {
    parts.push(`<h3>${locale === 'pl' ? 'Cechy' : 'Features'}</h3>`, `<ul>${features.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>`);
  }
  parts.push(
    `<h3>${locale === 'pl' ? 'Parametry techniczne' : 'Technical data'}</h3>`,
    `<ul>${p.params.map(([lp, le, vp, ve]) => `<li><strong>${esc(locale === 'pl' ? lp : le)}:</strong> ${esc(locale === 'pl' ? vp : (ve ?? vp))}</li>`).join('')}</ul>`,
  );
  if (p.docs.includes('other-warranty')) parts.push(`<p>${locale === 'pl' ? WARRANTY_PL : WARRANTY_EN}</p>`);
  return parts.join('');
}
