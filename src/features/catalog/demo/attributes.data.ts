// The demo catalogue's product attributes (specifications and listing facets), in Polish and
// English. Products name their values by attribute code and option code (catalog.data.ts `attrs`).
import type { AttributeType } from '../attributes.schema';

export interface DemoAttribute {
  code: string;
  namePl: string;
  nameEn: string;
  unit?: string;
  type: AttributeType;
  facet?: boolean;
  card?: boolean;
  /** Enum options: code, Polish and English value. */
  options?: [string, string, string?][];
}

/** Values of a demo product: option codes (enum), numbers, or a text pair (pl, en). */
export type DemoAttrs = Record<string, string[] | number[] | { pl: string; en: string }>;

export const DEMO_ATTRIBUTES: DemoAttribute[] = [
  {
    code: 'category',
    namePl: 'Kategoria',
    nameEn: 'Category',
    type: 'enum',
    card: true,
    options: [
      ['5e', '5e'],
      ['6', '6'],
      ['6a', '6A'],
      ['7', '7'],
      ['7a', '7A'],
    ],
  },
  {
    code: 'shielding',
    namePl: 'Ekranowanie',
    nameEn: 'Shielding',
    type: 'enum',
    card: true,
    options: [
      ['u-utp', 'U/UTP'],
      ['f-utp', 'F/UTP'],
      ['u-ftp', 'U/FTP'],
      ['s-ftp', 'S/FTP'],
      ['f-ftp', 'F/FTP'],
      ['stp', 'ekranowany (STP)', 'shielded (STP)'],
      ['utp', 'nieekranowany (UTP)', 'unshielded (UTP)'],
    ],
  },
  {
    code: 'fibre',
    namePl: 'Typ włókna',
    nameEn: 'Fibre type',
    type: 'enum',
    card: true,
    options: [
      ['os2', 'OS2'],
      ['om3', 'OM3'],
      ['om4', 'OM4'],
      ['om5', 'OM5'],
    ],
  },
  {
    code: 'connector',
    namePl: 'Złącze',
    nameEn: 'Connector',
    type: 'enum',
    card: true,
    options: [
      ['rj45', 'RJ45'],
      ['lc', 'LC'],
      ['sc', 'SC'],
      ['sc-apc', 'SC/APC'],
      ['mpo', 'MPO'],
    ],
  },
  { code: 'ports', namePl: 'Liczba portów', nameEn: 'Number of ports', type: 'number', card: true },
  { code: 'rack_units', namePl: 'Wysokość', nameEn: 'Height', unit: 'U', type: 'number', card: true },
  {
    code: 'mounting',
    namePl: 'Standard montażowy',
    nameEn: 'Mounting standard',
    type: 'enum',
    card: true,
    options: [
      ['19', '19"'],
      ['10', '10"'],
    ],
  },
  {
    code: 'jacket',
    namePl: 'Powłoka',
    nameEn: 'Jacket',
    type: 'enum',
    options: [
      ['pvc', 'PVC'],
      ['lsoh', 'LSOH'],
      ['pe', 'PE'],
    ],
  },
  {
    code: 'fire_class',
    namePl: 'Klasa reakcji na ogień (CPR)',
    nameEn: 'Reaction-to-fire class (CPR)',
    type: 'enum',
    options: [
      ['b2ca', 'B2ca'],
      ['cca', 'Cca'],
      ['dca', 'Dca'],
      ['eca', 'Eca'],
      ['fca', 'Fca'],
    ],
  },
  { code: 'fibre_count', namePl: 'Liczba włókien', nameEn: 'Fibre count', type: 'number' },
  { code: 'length', namePl: 'Długość', nameEn: 'Length', unit: 'm', type: 'number' },
  { code: 'width', namePl: 'Szerokość', nameEn: 'Width', unit: 'mm', type: 'number' },
  { code: 'depth', namePl: 'Głębokość', nameEn: 'Depth', unit: 'mm', type: 'number' },
  {
    code: 'colour',
    namePl: 'Kolor',
    nameEn: 'Colour',
    type: 'enum',
    options: [
      ['grey', 'szary', 'grey'],
      ['blue', 'niebieski', 'blue'],
      ['orange', 'pomarańczowy', 'orange'],
      ['violet', 'fioletowy', 'violet'],
      ['yellow', 'żółty', 'yellow'],
      ['green', 'zielony', 'green'],
      ['red', 'czerwony', 'red'],
      ['black', 'czarny', 'black'],
      ['white', 'biały', 'white'],
      ['aqua', 'turkusowy', 'aqua'],
      ['heather-violet', 'fioletowy (erika)', 'heather violet'],
      ['lime', 'limonkowy', 'lime green'],
      ['beige', 'beżowy', 'beige'],
    ],
  },
  { code: 'material', namePl: 'Materiał', nameEn: 'Material', type: 'text', facet: false },
];

/** Colour letters of the demo catalogue numbers -> colour option codes. */
export const COLOUR_CODES: Record<string, string> = {
  G: 'grey',
  V: 'violet',
  O: 'orange',
  B: 'blue',
  Y: 'yellow',
  K: 'black',
  W: 'white',
  R: 'red',
  GN: 'green',
  AQ: 'aqua',
  M: 'heather-violet',
  LG: 'lime',
  BE: 'beige',
};
