// Texts of the PDF documents built by build-pdfs.mjs.

const conditionsPl = {
  out: 'public/resources/warunki-gwarancji-25-lat.pdf',
  lang: 'pl-PL',
  reference: 'GW-25/2025',
  title: 'Warunki 25-letniej gwarancji systemowej',
  subtitle: 'System okablowania strukturalnego COBI – obowiązuje od 1 stycznia 2025 r.',
  blocks: [
    { h: '§1. Gwarant i przedmiot gwarancji' },
    {
      p: [
        'Gwarantem jest COBI NET z siedzibą w Lesznie, ul. Usługowa 10B, 64-100 Leszno. Gwarancja systemowa obejmuje pasywne tory transmisyjne okablowania strukturalnego zbudowane wyłącznie z komponentów COBI NET i zainstalowane przez certyfikowanego instalatora.',
        'Gwarant zapewnia, że przez 25 lat od daty wydania certyfikatu tory transmisyjne objęte certyfikatem spełniają wymagania zadeklarowanej klasy według norm PN-EN 50173-1, ISO/IEC 11801-1 lub ANSI/TIA-568 oraz obsługują aplikacje sieciowe przewidziane dla tej klasy.',
      ],
    },
    { h: '§2. Warunki uzyskania gwarancji' },
    {
      ol: [
        'Instalację wykonała firma zatrudniająca co najmniej jedną osobę z ważnym certyfikatem instalatora COBI NET.',
        'Wszystkie elementy toru (kabel instalacyjny, moduły, gniazda, panele krosowe, kable krosowe, a w torach światłowodowych także przełącznice, adaptery i pigtaile) pochodzą z oferty COBI NET.',
        'Instalację wykonano zgodnie z instrukcjami montażu producenta oraz normą PN-EN 50174 (planowanie i wykonawstwo instalacji).',
        'Wykonano pomiary certyfikacyjne 100% torów miernikiem z aktualnym świadectwem kalibracji, a wyniki zapisano w formacie natywnym miernika.',
        'Instalator złożył kompletny wniosek o certyfikację w terminie 60 dni od zakończenia pomiarów.',
      ],
    },
    { h: '§3. Procedura certyfikacji' },
    {
      p: 'Dział techniczny Gwaranta weryfikuje wniosek w ciągu 14 dni roboczych od otrzymania kompletu dokumentów. W razie braków instalator zostaje wezwany do ich uzupełnienia. Po pozytywnej weryfikacji inwestor otrzymuje certyfikat gwarancji zawierający numer instalacji, liczbę i klasę torów oraz datę wydania.',
    },
    { h: '§4. Zakres świadczeń gwarancyjnych' },
    {
      ul: [
        'Wymiana lub naprawa elementów toru, który nie spełnia parametrów zadeklarowanej klasy.',
        'Pokrycie kosztów robocizny certyfikowanego instalatora związanej z wymianą elementów.',
        'Ponowny pomiar naprawionego toru i aktualizacja dokumentacji powykonawczej.',
      ],
    },
    { h: '§5. Wyłączenia' },
    {
      ul: [
        'Uszkodzenia mechaniczne, termiczne, chemiczne, zalanie i przepięcia.',
        'Zmiany w instalacji wykonane bez udziału certyfikowanego instalatora.',
        'Elementy aktywne sieci oraz komponenty innych producentów.',
        'Eksploatacja niezgodna z przeznaczeniem lub warunkami środowiskowymi podanymi w kartach katalogowych.',
      ],
    },
    { h: '§6. Zgłaszanie roszczeń' },
    {
      p: 'Roszczenia zgłasza się pisemnie lub na adres gwarancja@cobinet.pl, podając numer certyfikatu i opis nieprawidłowości. Gwarant rozpatruje zgłoszenie w ciągu 14 dni i uzgadnia z użytkownikiem termin naprawy. Gwarancja nie wyłącza, nie ogranicza ani nie zawiesza uprawnień kupującego wynikających z przepisów o rękojmi.',
    },
  ],
};

const conditionsEn = {
  out: 'public/resources/25-year-warranty-conditions.pdf',
  lang: 'en-GB',
  reference: 'GW-25/2025',
  title: 'Conditions of the 25-year system warranty',
  subtitle: 'COBI structured cabling system – valid from 1 January 2025',
  blocks: [
    { h: '§1. Guarantor and subject of the warranty' },
    {
      p: [
        'The guarantor is COBI NET, ul. Usługowa 10B, 64-100 Leszno, Poland. The system warranty covers passive structured cabling links built exclusively from COBI NET components and installed by a certified installer.',
        'The guarantor ensures that for 25 years from the date of the certificate the certified links meet the requirements of the declared class under EN 50173-1, ISO/IEC 11801-1 or ANSI/TIA-568 and support the network applications intended for that class.',
      ],
    },
    { h: '§2. Conditions for obtaining the warranty' },
    {
      ol: [
        'The installation was carried out by a company employing at least one person with a valid COBI NET installer certificate.',
        'All components of the link (installation cable, modules, outlets, patch panels, patch cords and, in fibre links, distribution frames, adapters and pigtails) come from the COBI NET range.',
        'The installation follows the manufacturer’s installation instructions and EN 50174 (installation planning and practices).',
        '100% of the links were certified with a meter holding a valid calibration certificate, and the results were saved in the meter’s native format.',
        'The installer filed a complete certification application within 60 days of the measurements.',
      ],
    },
    { h: '§3. Certification procedure' },
    {
      p: 'The guarantor’s technical department reviews the application within 14 working days of receiving all documents. If anything is missing, the installer is asked to complete it. After a positive review the investor receives a warranty certificate stating the installation number, the number and class of the links and the date of issue.',
    },
    { h: '§4. Warranty services' },
    {
      ul: [
        'Replacement or repair of the components of a link that does not meet the performance of the declared class.',
        'The labour cost of the certified installer for the replacement.',
        'A new measurement of the repaired link and an update of the as-built documentation.',
      ],
    },
    { h: '§5. Exclusions' },
    {
      ul: [
        'Mechanical, thermal and chemical damage, flooding and surges.',
        'Changes to the installation made without a certified installer.',
        'Active network equipment and components of other manufacturers.',
        'Use contrary to the intended purpose or the environmental conditions stated in the datasheets.',
      ],
    },
    { h: '§6. Making a claim' },
    {
      p: 'Claims are made in writing or to gwarancja@cobinet.pl, stating the certificate number and a description of the fault. The guarantor handles the claim within 14 days and agrees a repair date with the user. The warranty does not exclude, limit or suspend the buyer’s statutory rights.',
    },
  ],
};

const catalogue = {
  out: 'src/features/content/demo/files/katalog-cobi-2025.pdf',
  reference: 'KAT-2025',
  title: 'Katalog produktów COBI 2025',
  subtitle: 'COBI product catalogue 2025 – okablowanie miedziane, światłowodowe, szafy i akcesoria',
  blocks: [
    {
      p: 'Katalog przedstawia podstawowe linie produktów systemu okablowania strukturalnego COBI. Pełne dane techniczne, deklaracje i rysunki CAD znajdują się na stronach produktów w serwisie cobinet.pl.',
    },
    { h: 'Okablowanie miedziane / Copper cabling' },
    {
      table: {
        head: ['Nr katalogowy', 'Nazwa / Name', 'Klasa', 'Opakowanie'],
        widths: [2.5, 5, 1.1, 1.5],
        rows: [
          ['C5E-UTP-PVC-305', 'Kabel U/UTP kat. 5e PVC / Cat. 5e U/UTP cable', 'D', '305 m'],
          ['C6-UTP-LSOH-305', 'Kabel U/UTP kat. 6 LSOH Dca / Cat. 6 U/UTP cable', 'E', '305 m'],
          ['C6A-UFTP-LSOH-500', 'Kabel U/FTP kat. 6A LSOH Dca / Cat. 6A U/FTP cable', 'EA', '500 m'],
          ['C7-SFTP-LSOH-500', 'Kabel S/FTP kat. 7 LSOH / Cat. 7 S/FTP cable', 'F', '500 m'],
          ['M6A-STP-KS', 'Moduł keystone kat. 6A ekranowany / Shielded Cat. 6A keystone', 'EA', '1 szt.'],
          ['P6A-24-STP-1U', 'Panel krosowy 24 porty kat. 6A 1U / 24-port patch panel', 'EA', '1 szt.'],
          ['PC6A-SFTP-2M', 'Kabel krosowy S/FTP kat. 6A 2 m / Cat. 6A patch cord', 'EA', '1 szt.'],
        ],
      },
    },
    { h: 'Okablowanie światłowodowe / Fibre cabling' },
    {
      table: {
        head: ['Nr katalogowy', 'Nazwa / Name', 'Włókno', 'Opakowanie'],
        widths: [2.5, 5, 1.1, 1.5],
        rows: [
          ['FU-12-OS2-LSOH', 'Kabel uniwersalny 12J / 12-fibre universal cable', 'OS2', 'bęben'],
          ['FU-8-OM4-LSOH', 'Kabel uniwersalny 8W / 8-fibre universal cable', 'OM4', 'bęben'],
          ['PF-24-LC-1U', 'Przełącznica 24×LC duplex 1U / 24×LC duplex patch panel', '–', '1 szt.'],
          ['PCF-LC-LC-OS2-2M', 'Patchcord LC-LC duplex 2 m / LC-LC duplex patch cord', 'OS2', '1 szt.'],
        ],
      },
    },
    { h: 'Szafy i organizacja / Cabinets and cable management' },
    {
      table: {
        head: ['Nr katalogowy', 'Nazwa / Name', 'Wysokość', 'Głębokość'],
        widths: [2.5, 5, 1.1, 1.5],
        rows: [
          ['R19-42U-800', 'Szafa stojąca 19" 42U / 19" floor cabinet 42U', '42U', '800 mm'],
          ['R19-12U-450W', 'Szafa wisząca 19" 12U / 19" wall cabinet 12U', '12U', '450 mm'],
          ['ORG-1U-5R', 'Organizer poziomy 1U z 5 uchwytami / 1U horizontal organiser', '1U', '–'],
        ],
      },
    },
  ],
};

const datasheet = {
  out: 'src/features/content/demo/files/karta-katalogowa-kabel-uftp-kat6a.pdf',
  reference: 'C6A-UFTP-LSOH-500',
  title: 'Kabel U/FTP kat. 6A LSOH Dca',
  subtitle: 'Karta katalogowa / Datasheet – C6A-UFTP-LSOH-500',
  blocks: [
    {
      p: 'Czteroparowy kabel instalacyjny U/FTP kategorii 6A z każdą parą ekranowaną folią aluminiową, w powłoce bezhalogenowej LSOH o klasie reakcji na ogień Dca-s2,d2,a1. Przeznaczony do budowy torów klasy EA obsługujących 10GBASE-T oraz zasilanie PoE++ (IEEE 802.3bt).',
    },
    { h: 'Dane techniczne / Technical data' },
    {
      table: {
        head: ['Parametr / Parameter', 'Wartość / Value'],
        widths: [5, 5],
        rows: [
          ['Przewodnik / Conductor', 'Cu, drut 23 AWG (0,57 mm)'],
          ['Ekran / Screen', 'Folia Al-PET na każdej parze / foil per pair'],
          ['Średnica zewnętrzna / Outer diameter', '7,2 mm'],
          ['Pasmo / Bandwidth', '500 MHz'],
          ['Klasa reakcji na ogień (CPR) / Fire class', 'Dca-s2,d2,a1'],
          ['Temperatura pracy / Operating temperature', '-20 °C … +60 °C'],
          ['Min. promień gięcia / Min. bending radius', '8 × średnica (instalacja)'],
          ['Normy / Standards', 'ISO/IEC 11801-1, EN 50288-10-1, IEC 61156-5'],
          ['Opakowanie / Packaging', 'Szpula 500 m / 500 m reel'],
        ],
      },
    },
    { h: 'Zastosowanie / Applications' },
    {
      ul: [
        'Okablowanie poziome w biurach, szpitalach i obiektach użyteczności publicznej.',
        'Sieci 10 Gb/s i zasilanie urządzeń PoE do 90 W.',
        'Horizontal cabling in offices, hospitals and public buildings; 10 Gbit/s networks and PoE up to 90 W.',
      ],
    },
  ],
};

const designGuide = {
  out: 'src/features/content/demo/files/przewodnik-projektanta.pdf',
  reference: 'PP-2025',
  title: 'Przewodnik projektanta okablowania strukturalnego',
  subtitle: 'Dobre praktyki projektowe dla systemu COBI / Design guide for the COBI system',
  blocks: [
    { h: '1. Topologia i długości torów' },
    {
      ul: [
        'Długość toru stałego nie przekracza 90 m, a kanału – 100 m (łącznie z kablami krosowymi).',
        'Punkt dystrybucyjny piętra (FD) obsługuje powierzchnię do ok. 1000 m² i znajduje się możliwie centralnie.',
        'Szkielet budynku projektujemy światłowodowo (OM4 lub OS2) z zapasem włókien min. 50%.',
      ],
    },
    { h: '2. Dobór klasy okablowania' },
    {
      p: 'Dla nowych budynków biurowych zalecamy klasę EA (kat. 6A), która obsługuje 10GBASE-T i zasilanie PoE++ z niskim przyrostem temperatury w wiązkach. Klasa E (kat. 6) jest wystarczająca w instalacjach, w których nie przewiduje się transmisji powyżej 1 Gb/s.',
    },
    { h: '3. Separacja od instalacji elektrycznej' },
    {
      p: 'Minimalne odległości między kablami teleinformatycznymi a przewodami zasilającymi wyznacza się według PN-EN 50174-2 w zależności od klasy separacji kabla i rodzaju obwodu. Do obliczeń można użyć kalkulatora wypełnienia korytek i separacji kabli dostępnego w serwisie.',
    },
    { h: '4. Dokumentacja' },
    {
      ul: [
        'Schemat ideowy sieci z oznaczeniem punktów dystrybucyjnych.',
        'Rzuty kondygnacji z trasami kablowymi i numeracją gniazd.',
        'Zestawienie materiałów z numerami katalogowymi COBI.',
        'Wymagania dotyczące pomiarów odbiorczych i gwarancji systemowej.',
      ],
    },
    { h: 'English summary' },
    {
      p: 'Keep permanent links under 90 m and channels under 100 m, design the backbone in OM4 or OS2 fibre with at least 50% spare fibres, choose class EA (Cat. 6A) for new office buildings, keep separation from power cabling according to EN 50174-2 and document the design with COBI catalogue numbers.',
    },
  ],
};

const declarationEu = {
  out: 'src/features/content/demo/files/deklaracja-zgodnosci-ue-system-kat6a.pdf',
  reference: 'DZ/2025/06A',
  title: 'Deklaracja zgodności UE',
  subtitle: 'EU declaration of conformity – system okablowania COBI kat. 6A / COBI Cat. 6A cabling system',
  blocks: [
    {
      p: 'Producent COBI NET, ul. Usługowa 10B, 64-100 Leszno, deklaruje na swoją wyłączną odpowiedzialność, że wymienione poniżej wyroby spełniają wymagania dyrektywy 2011/65/UE (RoHS) wraz z dyrektywą delegowaną (UE) 2015/863 oraz są zgodne z normami wymienionymi w deklaracji.',
    },
    {
      table: {
        head: ['Wyrób / Product', 'Nr katalogowy / Catalogue no.'],
        widths: [6, 4],
        rows: [
          ['Moduł keystone kat. 6A ekranowany', 'M6A-STP-KS'],
          ['Panel krosowy 24 porty kat. 6A 1U', 'P6A-24-STP-1U'],
          ['Kabel krosowy S/FTP kat. 6A', 'PC6A-SFTP-xM'],
          ['Gniazdo natynkowe 2×RJ45 kat. 6A', 'G6A-2-STP'],
        ],
      },
    },
    { h: 'Normy zharmonizowane i specyfikacje / Standards' },
    { ul: ['EN IEC 63000:2018', 'EN 60603-7-51:2010 (złącza kat. 6A / Cat. 6A connectors)', 'ISO/IEC 11801-1:2017 (klasa EA / class EA)'] },
    {
      p: 'The manufacturer declares under its sole responsibility that the products listed above comply with Directive 2011/65/EU (RoHS) as amended by Delegated Directive (EU) 2015/863 and with the standards listed in this declaration.',
    },
    { p: 'Leszno, 15.01.2025 – Dyrektor techniczny / Technical director' },
  ],
};

const declarationCpr = {
  out: 'src/features/content/demo/files/dwu-kabel-utp-kat6-dca.pdf',
  reference: 'DWU/CPR/2025/C6-UTP',
  title: 'Deklaracja właściwości użytkowych',
  subtitle: 'Declaration of performance (CPR 305/2011) – kabel U/UTP kat. 6 LSOH',
  blocks: [
    {
      table: {
        head: ['Pozycja / Item', 'Treść / Content'],
        widths: [4, 6],
        rows: [
          ['1. Kod identyfikacyjny typu wyrobu', 'C6-UTP-LSOH-305'],
          ['2. Zamierzone zastosowanie', 'Zasilanie, sterowanie i komunikacja w obiektach budowlanych z wymaganiami reakcji na ogień'],
          ['3. Producent', 'COBI NET, ul. Usługowa 10B, 64-100 Leszno'],
          ['4. System oceny (AVCP)', '3'],
          ['5. Norma zharmonizowana', 'EN 50575:2014+A1:2016'],
          ['6. Jednostka notyfikowana', 'Laboratorium badawcze nr 1487'],
          ['7. Reakcja na ogień', 'Dca-s2,d2,a1'],
          ['8. Uwalnianie substancji niebezpiecznych', 'NPD'],
        ],
      },
    },
    {
      p: 'Właściwości użytkowe wyrobu określone powyżej są zgodne z deklarowanymi właściwościami użytkowymi. Niniejsza deklaracja wydana zostaje na wyłączną odpowiedzialność producenta.',
    },
    {
      p: 'The performance of the product identified above is in conformity with the declared performance. This declaration of performance is issued under the sole responsibility of the manufacturer.',
    },
  ],
};

const certificateSample = {
  out: 'src/features/content/demo/files/wzor-certyfikatu-gwarancji-25-lat.pdf',
  reference: 'CERT-25/WZÓR',
  title: 'Certyfikat 25-letniej gwarancji systemowej – wzór',
  subtitle: 'Sample certificate of the 25-year system warranty',
  blocks: [
    {
      p: 'Niniejszym potwierdzamy, że instalacja okablowania strukturalnego opisana poniżej została wykonana przez certyfikowanego instalatora z komponentów systemu COBI i spełnia wymagania zadeklarowanej klasy. Instalacja objęta jest 25-letnią gwarancją systemową na warunkach dostępnych pod adresem /resources/warunki-gwarancji-25-lat.pdf.',
    },
    {
      table: {
        head: ['Dane / Details', 'Wartość / Value'],
        widths: [4, 6],
        rows: [
          ['Numer certyfikatu / Certificate no.', 'CERT-25/2025/0001'],
          ['Inwestycja / Investment', 'Nazwa i adres inwestycji / investment name and address'],
          ['Instalator / Installer', 'Firma instalacyjna, nr certyfikatu instalatora'],
          ['Okablowanie miedziane / Copper', 'Klasa EA, 240 torów, ekranowane (U/FTP)'],
          ['Okablowanie światłowodowe / Fibre', 'OS2, 2 × 12 włókien, złącza LC'],
          ['Data wydania / Date of issue', 'DD.MM.RRRR'],
          ['Ważny do / Valid until', 'DD.MM.RRRR + 25 lat'],
        ],
      },
    },
    { p: 'This sample shows the content of the certificate issued to the investor after a positive review of the certification application.' },
  ],
};

const keystoneGuide = {
  out: 'src/features/content/demo/files/instrukcja-montazu-modulu-keystone-kat6a.pdf',
  reference: 'IM-M6A-STP-KS',
  title: 'Instrukcja montażu modułu keystone kat. 6A',
  subtitle: 'Installation instructions – shielded Cat. 6A keystone module M6A-STP-KS',
  blocks: [
    { h: 'Narzędzia / Tools' },
    {
      ul: [
        'Ściągacz izolacji do kabli ekranowanych / stripper',
        'Nożyczki do folii i żył / cable scissors',
        'Opaska kablowa w zestawie / cable tie (included)',
      ],
    },
    { h: 'Montaż krok po kroku / Step by step' },
    {
      ol: [
        'Zdejmij powłokę kabla na długości ok. 40 mm, nie naruszając ekranów par.',
        'Odwiń folię ekranującą każdej pary do krawędzi powłoki i przytnij ją.',
        'Rozprostuj pary i ułóż żyły w pokrywie prowadzącej według schematu T568A lub T568B (kolory na pokrywie).',
        'Przytnij żyły równo z krawędzią pokrywy.',
        'Wciśnij pokrywę w korpus modułu do zatrzaśnięcia – styki IDC zaciskają żyły bez użycia narzędzia.',
        'Zaciśnij opaskę na powłoce kabla i metalowym korpusie, zapewniając ciągłość ekranu.',
        'Wykonaj pomiar toru przed zamknięciem gniazda.',
      ],
    },
    { h: 'Uwagi / Notes' },
    {
      p: 'Nie rozplataj par na długości większej niż 13 mm. Moduł można zarobić ponownie do 20 razy. / Do not untwist the pairs more than 13 mm. The module can be re-terminated up to 20 times.',
    },
  ],
};

const panelGuide = {
  out: 'src/features/content/demo/files/instrukcja-montazu-panelu-krosowego-24p.pdf',
  reference: 'IM-P6A-24-STP-1U',
  title: 'Instrukcja montażu panelu krosowego 24 porty',
  subtitle: 'Installation instructions – 24-port Cat. 6A patch panel P6A-24-STP-1U',
  blocks: [
    {
      ol: [
        'Zamocuj panel w szafie 19" czterema śrubami M6 z koszykami.',
        'Podłącz przewód uziemiający do zacisku na tylnej ścianie panelu i do szyny uziemiającej szafy.',
        'Doprowadź kable do tylnej półki panelu, zachowując promień gięcia min. 8 średnic kabla.',
        'Zarób moduły keystone zgodnie z instrukcją IM-M6A-STP-KS i wciśnij je w panel od przodu.',
        'Przymocuj kable do półki opaskami rzepowymi – nie zaciskaj ich nadmiernie.',
        'Opisz porty na etykiecie panelu zgodnie z dokumentacją powykonawczą.',
      ],
    },
    {
      p: 'Mount the panel in a 19" cabinet with four M6 screws, bond it to the cabinet earth bar, route the cables to the rear tray keeping a bending radius of at least 8 cable diameters, terminate the keystone modules, fix the cables with hook-and-loop ties and label the ports.',
    },
  ],
};

const measurementGuide = {
  out: 'src/features/content/demo/files/instrukcja-pomiarow-certyfikacyjnych.pdf',
  reference: 'IP-CERT-2025',
  title: 'Instrukcja pomiarów certyfikacyjnych',
  subtitle: 'Certification measurement instructions for the 25-year warranty',
  blocks: [
    { h: 'Przed pomiarem / Before measuring' },
    {
      ul: [
        'Sprawdź, czy miernik ma ważne świadectwo kalibracji (nie starsze niż 12 miesięcy).',
        'Zaktualizuj oprogramowanie miernika i bazę norm.',
        'Wykonaj referencję (set reference) adapterów zgodnie z instrukcją miernika.',
      ],
    },
    { h: 'Ustawienia / Settings' },
    {
      table: {
        head: ['Tor / Link', 'Limit testu / Test limit', 'Adaptery / Adapters'],
        widths: [3, 4, 3],
        rows: [
          ['Miedź, klasa E', 'ISO 11801 PL Class E', 'Permanent link'],
          ['Miedź, klasa EA', 'ISO 11801 PL2 Class EA', 'Permanent link'],
          ['Światłowód OM4', 'ISO/IEC 14763-3, Tier 1', 'Kable referencyjne / TRC'],
          ['Światłowód OS2', 'ISO/IEC 14763-3, Tier 1', 'Kable referencyjne / TRC'],
        ],
      },
    },
    { h: 'Zapis wyników / Saving results' },
    {
      p: 'Nazwy torów muszą odpowiadać oznaczeniom gniazd w dokumentacji. Wyniki zapisz w formacie natywnym miernika i dołącz do wniosku o certyfikację razem ze świadectwem kalibracji. / Name the links after the outlet labels, save the results in the meter’s native format and attach them to the certification application together with the calibration certificate.',
    },
  ],
};

export const documents = [
  conditionsPl,
  conditionsEn,
  catalogue,
  datasheet,
  designGuide,
  declarationEu,
  declarationCpr,
  certificateSample,
  keystoneGuide,
  panelGuide,
  measurementGuide,
];
