import type { DocumentType } from '../catalog.schema';
import type { SharedDocKey } from './catalog.data';
import type { PdfInput } from './documents.server';

export interface SharedDocFile {
  locale: 'pl' | 'en' | null;
  namePl: string;
  nameEn: string;
  filename: string;
  pdf: PdfInput;
}

export interface SharedDoc {
  type: DocumentType;
  files: SharedDocFile[];
}

const company = 'COBI NET, ul. Usługowa 10B, 64-100 Leszno, Polska / Poland';

function conformity(group: { pl: string; en: string; slugPl: string; slugEn: string; standards: string[]; number: string }): SharedDoc {
  return {
    type: 'declaration_of_conformity',
    files: [
      {
        locale: 'pl',
        namePl: `Deklaracja zgodności UE – ${group.pl}`,
        nameEn: `EU declaration of conformity – ${group.en} (Polish)`,
        filename: `deklaracja-zgodnosci-${group.slugPl}.pdf`,
        pdf: {
          kind: 'DEKLARACJA ZGODNOŚCI UE',
          title: `Deklaracja zgodności UE nr ${group.number}`,
          subtitle: group.pl,
          sections: [
            { heading: 'Producent', paragraphs: [company] },
            {
              heading: 'Przedmiot deklaracji',
              paragraphs: [`Wyroby z grupy „${group.pl}” Systemu Okablowania COBI NET, wymienione w załączonym wykazie numerów katalogowych.`],
            },
            {
              heading: 'Zgodność',
              paragraphs: [
                'Producent deklaruje na swoją wyłączną odpowiedzialność, że wyroby spełniają wymagania dyrektyw 2011/65/UE (RoHS) i 2014/35/UE oraz norm:',
              ],
              bullets: group.standards,
            },
            { heading: 'Podpisano', paragraphs: ['Leszno, 3 marca 2025 r. — Dyrektor ds. jakości'] },
          ],
        },
      },
      {
        locale: 'en',
        namePl: `Deklaracja zgodności UE – ${group.pl} (angielska)`,
        nameEn: `EU declaration of conformity – ${group.en}`,
        filename: `declaration-of-conformity-${group.slugEn}.pdf`,
        pdf: {
          kind: 'EU DECLARATION OF CONFORMITY',
          title: `EU declaration of conformity No. ${group.number}`,
          subtitle: group.en,
          sections: [
            { heading: 'Manufacturer', paragraphs: [company] },
            {
              heading: 'Object of the declaration',
              paragraphs: [`Products of the "${group.en}" group of the COBI NET Cabling System listed in the attached catalogue numbers.`],
            },
            {
              heading: 'Conformity',
              paragraphs: [
                'The manufacturer declares under its sole responsibility that the products meet Directives 2011/65/EU (RoHS) and 2014/35/EU and the standards:',
              ],
              bullets: group.standards,
            },
            { heading: 'Signed', paragraphs: ['Leszno, 3 March 2025 — Quality Director'] },
          ],
        },
      },
    ],
  };
}

function bilingual(type: DocumentType, namePl: string, nameEn: string, filename: string, pdf: PdfInput): SharedDoc {
  return { type, files: [{ locale: null, namePl, nameEn, filename, pdf }] };
}

function performance(number: string, cls: string, products: string): SharedDoc {
  return bilingual(
    'declaration_of_performance',
    `Deklaracja właściwości użytkowych ${number} (klasa ${cls})`,
    `Declaration of performance ${number} (class ${cls})`,
    `DWU-DoP-${number.replace(/\//g, '-')}.pdf`,
    {
      kind: 'DWU / DECLARATION OF PERFORMANCE',
      title: `Deklaracja właściwości użytkowych / Declaration of performance ${number}`,
      subtitle: products,
      sections: [
        {
          heading: 'Wyrób / Product',
          paragraphs: [
            `${products}. Zamierzone zastosowanie: przewody do zasilania, sterowania i komunikacji w budynkach, podlegające wymaganiom reakcji na ogień. / Intended use: cables for communication in buildings subject to reaction-to-fire requirements.`,
          ],
        },
        {
          heading: 'Właściwości / Performance',
          table: [
            ['Reakcja na ogień / Reaction to fire', cls],
            ['System oceny / AVCP system', cls.startsWith('D') || cls.startsWith('B') ? '1+' : '3'],
            ['Norma zharmonizowana / Harmonised standard', 'EN 50575:2014+A1:2016'],
            ['Klasyfikacja / Classification', 'EN 13501-6'],
          ],
        },
        { heading: 'Producent / Manufacturer', paragraphs: [company] },
      ],
    },
  );
}

function certificate(key: string, namePl: string, nameEn: string, filename: string, lines: [string, string][], paragraph: string): SharedDoc {
  return bilingual('certificate', namePl, nameEn, filename, {
    kind: 'CERTYFIKAT / CERTIFICATE',
    title: `${namePl} / ${nameEn}`,
    subject: key,
    sections: [
      { heading: 'Zakres / Scope', paragraphs: [paragraph] },
      { heading: 'Dane certyfikatu / Certificate data', table: lines },
      { heading: 'Posiadacz / Holder', paragraphs: [company] },
    ],
  });
}

function guide(namePl: string, nameEn: string, filename: string, sections: PdfInput['sections']): SharedDoc {
  return bilingual('other', namePl, nameEn, filename, { kind: 'INFORMACJA TECHNICZNA / TECHNICAL NOTE', title: `${namePl} / ${nameEn}`, sections });
}

/** The documents several products share, by key (see ProductDef.docs). */
export const SHARED_DOCS: Record<SharedDocKey, SharedDoc> = {
  'doc-copper': conformity({
    pl: 'kable miedziane',
    en: 'copper cables',
    slugPl: 'kable-miedziane',
    slugEn: 'copper-cables',
    standards: ['EN 50288-5-1, EN 50288-6-1, EN 50288-4-1', 'ISO/IEC 11801-1:2017', 'EN 50173-1:2018'],
    number: 'CN/DZ/2025/01',
  }),
  'doc-fibre': conformity({
    pl: 'kable i osprzęt światłowodowy',
    en: 'fibre cables and accessories',
    slugPl: 'swiatlowody',
    slugEn: 'fibre',
    standards: ['IEC 60794-1-2', 'ITU-T G.652.D, G.657.A1/A2', 'IEC 61754-20 (LC), IEC 61754-4 (SC)'],
    number: 'CN/DZ/2025/02',
  }),
  'doc-passive': conformity({
    pl: 'osprzęt miedziany (panele, moduły, gniazda, kable krosowe)',
    en: 'copper connectivity (panels, jacks, outlets, patch cords)',
    slugPl: 'osprzet-miedziany',
    slugEn: 'copper-connectivity',
    standards: ['IEC 60603-7-2/-3/-4/-5/-41/-51', 'ISO/IEC 11801-1:2017', 'EN 50173-1:2018'],
    number: 'CN/DZ/2025/03',
  }),
  'doc-cabinets': conformity({
    pl: 'szafy i stojaki teleinformatyczne',
    en: 'network cabinets and racks',
    slugPl: 'szafy-rack',
    slugEn: 'racks-and-cabinets',
    standards: ['EN IEC 60297-3-100', 'EN 60529 (IP20)', 'EN 62208'],
    number: 'CN/DZ/2025/04',
  }),
  'doc-trays': conformity({
    pl: 'systemy koryt kablowych',
    en: 'cable tray systems',
    slugPl: 'koryta-kablowe',
    slugEn: 'cable-trays',
    standards: ['EN 61537:2007', 'EN ISO 1461'],
    number: 'CN/DZ/2025/05',
  }),
  'doc-tools': conformity({
    pl: 'narzędzia i testery',
    en: 'tools and testers',
    slugPl: 'narzedzia',
    slugEn: 'tools',
    standards: ['2014/30/UE (EMC) / 2014/30/EU (EMC)', 'EN 61326-1', 'EN 60825-1 (lasery / lasers)'],
    number: 'CN/DZ/2025/06',
  }),
  'dop-eca': performance('CN/CPR/2024/01', 'Eca', 'Kable teleinformatyczne w powłokach PVC i LSOH / Data cables with PVC and LSOH jackets'),
  'dop-dca': performance('CN/CPR/2024/02', 'Dca-s2,d2,a1', 'Kable teleinformatyczne w powłokach LSOH klasy Dca / Data cables with Dca LSOH jackets'),
  'dop-fibre': performance('CN/CPR/2024/03', 'Dca-s2,d1,a1', 'Kable światłowodowe w powłokach LSOH / Fibre cables with LSOH jackets'),
  'cert-cat6a': certificate(
    'cert-cat6a',
    'Certyfikat zgodności komponentów kat. 6A',
    'Category 6A component compliance certificate',
    'certyfikat-kat6A-certificate-cat6A.pdf',
    [
      ['Norma / Standard', 'ISO/IEC 11801-1, IEC 60603-7-51'],
      ['Tor / Channel', 'Klasa EA / Class EA, 4 złącza / 4 connectors, 100 m'],
      ['Ważny do / Valid until', '31.12.2027'],
    ],
    'Badanie komponentów i toru transmisyjnego kategorii 6A w niezależnym laboratorium. / Testing of category 6A components and channel in an independent laboratory.',
  ),
  'cert-cat6': certificate(
    'cert-cat6',
    'Certyfikat zgodności komponentów kat. 6',
    'Category 6 component compliance certificate',
    'certyfikat-kat6-certificate-cat6.pdf',
    [
      ['Norma / Standard', 'ISO/IEC 11801-1, IEC 60603-7-4'],
      ['Tor / Channel', 'Klasa E / Class E, 4 złącza / 4 connectors, 100 m'],
      ['Ważny do / Valid until', '31.12.2027'],
    ],
    'Badanie komponentów i toru transmisyjnego kategorii 6. / Testing of category 6 components and channel.',
  ),
  'cert-ghmt': certificate(
    'cert-ghmt',
    'Certyfikat kabla kat. 7A (1000 MHz)',
    'Category 7A cable certificate (1000 MHz)',
    'certyfikat-kat7A-certificate-cat7A.pdf',
    [
      ['Norma / Standard', 'IEC 61156-5, EN 50288-4-1'],
      ['Pasmo / Bandwidth', '1000 MHz'],
      ['Ważny do / Valid until', '30.06.2027'],
    ],
    'Potwierdzenie parametrów kabli S/FTP kategorii 7A. / Confirmation of the performance of category 7A S/FTP cables.',
  ),
  'cert-iso': certificate(
    'cert-iso',
    'Certyfikat systemu zarządzania jakością ISO 9001:2015',
    'ISO 9001:2015 quality management certificate',
    'certyfikat-ISO-9001-certificate.pdf',
    [
      ['Norma / Standard', 'ISO 9001:2015'],
      ['Zakres / Scope', 'Projektowanie i produkcja systemów okablowania / Design and manufacture of cabling systems'],
      ['Ważny do / Valid until', '14.05.2027'],
    ],
    'System zarządzania jakością w zakresie projektowania, produkcji i dystrybucji szaf, koryt i elementów okablowania strukturalnego. / Quality management system for the design, manufacture and distribution of cabinets, trays and structured cabling components.',
  ),
  'other-warranty': guide('Warunki 25-letniej gwarancji systemowej', '25-year system warranty terms', 'gwarancja-25-lat-warranty.pdf', [
    {
      heading: 'Gwarancja systemowa / System warranty',
      paragraphs: [
        'Gwarancja obejmuje parametry transmisyjne toru wykonanego w całości z elementów COBI NET przez certyfikowanego instalatora i zgłoszonego do certyfikacji z kompletem pomiarów. / The warranty covers the transmission performance of a link built entirely from COBI NET parts by a certified installer and registered for certification with a full set of measurements.',
        'Okres gwarancji wynosi 25 lat od daty wydania certyfikatu. / The warranty period is 25 years from the date of the certificate.',
      ],
      bullets: [
        'Wniosek składa instalator przez formularz na stronie / The installer applies through the website form',
        'Pomiary wykonane miernikiem z aktualnym świadectwem wzorcowania / Measurements taken with a calibrated certification meter',
      ],
    },
  ]),
  'other-cabinet-manual': guide('Instrukcja montażu szaf rack', 'Rack cabinet assembly instructions', 'instrukcja-montazu-szafy-assembly-instructions.pdf', [
    {
      heading: 'Montaż / Assembly',
      bullets: [
        'Sprawdź kompletność elementów według listy / Check all parts against the list',
        'Przykręć cokół i stopki, wypoziomuj szafę / Fit the plinth and feet, level the cabinet',
        'Zamontuj szyny 19" na wymaganej głębokości / Fit the 19" rails at the required depth',
        'Załóż boki, dach i drzwi; podłącz przewody uziemiające / Fit the sides, roof and doors; connect the earthing leads',
      ],
    },
    {
      heading: 'Wersje / Versions',
      paragraphs: [
        'Flatpack: szafa w paczce do samodzielnego montażu. Szafa złożona: szafa dostarczana w całości. / Flatpack: cabinet shipped flat for assembly on site. Szafa złożona: cabinet delivered fully assembled.',
      ],
    },
  ]),
  'other-tray-loads': guide('Tabela obciążeń koryt kablowych', 'Cable tray load tables', 'tabela-obciazen-koryt-load-tables.pdf', [
    {
      heading: 'Dopuszczalne obciążenie / Safe working load (kg/m)',
      table: [
        ['Koryto 60×100 / Tray 60×100, rozstaw 1,5 m / 1.5 m span', '18 kg/m'],
        ['Koryto 60×200 / Tray 60×200, rozstaw 1,5 m / 1.5 m span', '26 kg/m'],
        ['Koryto 105×300 / Tray 105×300, rozstaw 1,5 m / 1.5 m span', '41 kg/m'],
        ['Koryto 105×500 / Tray 105×500, rozstaw 1,2 m / 1.2 m span', '55 kg/m'],
      ],
    },
  ]),
  'other-fibre-guide': guide('Zasady instalacji kabli światłowodowych', 'Fibre cable installation guidelines', 'instalacja-swiatlowodow-fibre-guidelines.pdf', [
    {
      heading: 'Zalecenia / Recommendations',
      bullets: [
        'Nie przekraczaj dopuszczalnej siły naciągu / Do not exceed the maximum pulling tension',
        'Zachowaj minimalny promień gięcia 20 × D / Keep the minimum bend radius of 20 × D',
        'Czyść złącza przed każdym połączeniem / Clean connectors before every mating',
      ],
    },
  ]),
};
