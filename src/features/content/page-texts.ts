import type { Locale } from '~/core/i18n/locale';

// The longer texts of the information pages (warranty, company, brand, contact), in both
// languages. Short labels live in messages.ts.

export interface TextSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

interface GuaranteeText {
  title: string;
  lead: string;
  intro: string;
  covers: TextSection;
  stepsTitle: string;
  steps: { title: string; text: string }[];
  notCovered: TextSection;
  applyTitle: string;
  applyText: string;
  applyCta: string;
  conditionsCta: string;
  conditionsPdf: string;
  related: { title: string; trainings: string; rentals: string; knowledge: string };
}

export const guaranteeTexts: Record<Locale, GuaranteeText> = {
  pl: {
    title: '25-letnia gwarancja systemowa',
    lead: 'Sieć zbudowana w całości z elementów COBI NET przez certyfikowanego instalatora otrzymuje 25-letnią gwarancję producenta na parametry transmisyjne i komponenty.',
    intro:
      'Gwarancja systemowa to zobowiązanie producenta wobec inwestora: przez 25 lat od daty wydania certyfikatu tory transmisyjne zachowają parametry zadeklarowanej klasy, a wadliwe elementy zostaną wymienione bez kosztów po stronie użytkownika. Program łączy trzy warunki: sprawdzone komponenty, wykwalifikowanego instalatora i udokumentowane pomiary.',
    covers: {
      title: 'Co obejmuje gwarancja',
      items: [
        'Parametry transmisyjne toru stałego i kanału zgodne z normami PN-EN 50173-1, ISO/IEC 11801-1 i ANSI/TIA-568 dla zadeklarowanej klasy (D, E, EA lub FA).',
        'Obsługę aplikacji sieciowych przewidzianych dla danej klasy, np. 1000BASE-T w klasie D i E oraz 10GBASE-T w klasie EA, przez cały okres gwarancji.',
        'Wady materiałowe i produkcyjne wszystkich pasywnych elementów toru: kabli instalacyjnych, modułów i gniazd, paneli krosowych oraz kabli krosowych COBI NET.',
        'Tory światłowodowe: tłumienność zgodną z budżetem mocy dla zadeklarowanej aplikacji i klasy włókna (OM3, OM4, OS2).',
        'Wymianę lub naprawę elementów, które nie spełniają parametrów, wraz z ponownym pomiarem naprawionego toru.',
      ],
    },
    stepsTitle: 'Jak uzyskać gwarancję',
    steps: [
      {
        title: 'Certyfikowany instalator',
        text: 'Instalację wykonuje firma, której pracownik ukończył szkolenie COBI NET i posiada ważny certyfikat instalatora. Szkolenia prowadzimy stacjonarnie w Lesznie oraz online.',
      },
      {
        title: 'Wszystkie komponenty od COBI NET',
        text: 'Każdy element toru transmisyjnego – kabel, moduły, panele, gniazda i kable krosowe – pochodzi z oferty COBI NET. Połączenie komponentów różnych producentów wyklucza gwarancję systemową.',
      },
      {
        title: 'Pomiary certyfikacyjne',
        text: 'Po zakończeniu prac instalator mierzy 100% torów miernikiem z aktualnym świadectwem kalibracji, zgodnie z normą dla deklarowanej klasy. Miernik można wypożyczyć w naszej wypożyczalni.',
      },
      {
        title: 'Wniosek o certyfikację',
        text: 'Instalator składa wniosek online, dołączając wyniki pomiarów w formacie natywnym miernika oraz świadectwa kalibracji urządzeń.',
      },
      {
        title: 'Certyfikat dla inwestora',
        text: 'Dział techniczny weryfikuje dokumentację w ciągu 14 dni roboczych. Po pozytywnej weryfikacji inwestor otrzymuje certyfikat 25-letniej gwarancji systemowej.',
      },
    ],
    notCovered: {
      title: 'Czego gwarancja nie obejmuje',
      items: [
        'Uszkodzeń mechanicznych, zalania, przepięć i skutków prac budowlanych po odbiorze instalacji.',
        'Zmian w instalacji wykonanych bez udziału certyfikowanego instalatora.',
        'Elementów aktywnych sieci (przełączników, kart sieciowych) i okablowania innych producentów.',
      ],
    },
    applyTitle: 'Złóż wniosek o certyfikację',
    applyText:
      'Wniosek składa certyfikowany instalator po zalogowaniu się na swoje konto. Przygotuj dane inwestycji, wyniki pomiarów torów miedzianych i światłowodowych oraz świadectwa kalibracji mierników.',
    applyCta: 'Przejdź do formularza wniosku',
    conditionsCta: 'Warunki gwarancji (PDF)',
    conditionsPdf: '/resources/warunki-gwarancji-25-lat.pdf',
    related: {
      title: 'Przydatne',
      trainings: 'Szkolenia dla instalatorów',
      rentals: 'Wypożyczalnia miernika',
      knowledge: 'Instrukcje montażu',
    },
  },
  en: {
    title: '25-year system warranty',
    lead: 'A network built entirely from COBI NET components by a certified installer receives a 25-year manufacturer warranty on its transmission performance and components.',
    intro:
      'The system warranty is the manufacturer’s commitment to the investor: for 25 years from the date of the certificate the links keep the performance of the declared class, and faulty components are replaced at no cost to the user. The programme rests on three conditions: proven components, a qualified installer and documented measurements.',
    covers: {
      title: 'What the warranty covers',
      items: [
        'Permanent link and channel performance compliant with EN 50173-1, ISO/IEC 11801-1 and ANSI/TIA-568 for the declared class (D, E, EA or FA).',
        'Support of the network applications intended for the class, e.g. 1000BASE-T in classes D and E and 10GBASE-T in class EA, for the whole warranty period.',
        'Material and manufacturing defects of all passive link components: installation cables, modules and outlets, patch panels and COBI NET patch cords.',
        'Fibre links: attenuation within the power budget of the declared application and fibre category (OM3, OM4, OS2).',
        'Replacement or repair of components that do not meet the performance, including a new measurement of the repaired link.',
      ],
    },
    stepsTitle: 'How to get the warranty',
    steps: [
      {
        title: 'Certified installer',
        text: 'The installation is carried out by a company whose employee has completed COBI NET training and holds a valid installer certificate. We run training in Leszno and online.',
      },
      {
        title: 'All components from COBI NET',
        text: 'Every component of the link – cable, modules, panels, outlets and patch cords – comes from the COBI NET range. Mixing components of different manufacturers excludes the system warranty.',
      },
      {
        title: 'Certification measurements',
        text: 'When the work is finished the installer measures 100% of the links with a meter holding a valid calibration certificate, to the standard of the declared class. You can rent the meter from us.',
      },
      {
        title: 'Certification application',
        text: 'The installer files the application online, attaching the measurement results in the meter’s native format and the calibration certificates of the devices.',
      },
      {
        title: 'Certificate for the investor',
        text: 'Our technical department reviews the documents within 14 working days. After a positive review the investor receives the 25-year system warranty certificate.',
      },
    ],
    notCovered: {
      title: 'What the warranty does not cover',
      items: [
        'Mechanical damage, flooding, surges and the effects of construction work after acceptance of the installation.',
        'Changes to the installation made without a certified installer.',
        'Active network equipment (switches, network cards) and cabling of other manufacturers.',
      ],
    },
    applyTitle: 'Apply for certification',
    applyText:
      'The certified installer files the application after logging in to their account. Prepare the investment details, the copper and fibre measurement results and the calibration certificates of the meters.',
    applyCta: 'Go to the application form',
    conditionsCta: 'Warranty conditions (PDF)',
    conditionsPdf: '/resources/25-year-warranty-conditions.pdf',
    related: {
      title: 'Useful',
      trainings: 'Training for installers',
      rentals: 'Meter rental',
      knowledge: 'Installation instructions',
    },
  },
};

interface AboutText {
  title: string;
  lead: string;
  sections: TextSection[];
  valuesTitle: string;
  values: { title: string; text: string }[];
  ctaTitle: string;
  ctaText: string;
  ctaContact: string;
  ctaBrand: string;
  illustrationAlt: string;
}

export const aboutTexts: Record<Locale, AboutText> = {
  pl: {
    title: 'O nas',
    lead: 'COBI NET to polski producent systemów okablowania strukturalnego z siedzibą i magazynem w Lesznie.',
    sections: [
      {
        title: 'Kim jesteśmy',
        paragraphs: [
          'Projektujemy i dostarczamy kompletne systemy okablowania strukturalnego – miedziane i światłowodowe – dla biurowców, zakładów przemysłowych, szpitali, szkół i centrów danych. Pod marką COBI oferujemy wszystko, czego instalator potrzebuje, aby zbudować sieć od punktu abonenckiego po szafę rack.',
          'Pracujemy z instalatorami, projektantami i integratorami w całej Polsce i za granicą. Nasze produkty spełniają wymagania norm PN-EN 50173, ISO/IEC 11801 i ANSI/TIA-568, a kable – rozporządzenia CPR.',
        ],
      },
      {
        title: 'Co robimy',
        items: [
          'Rozwijamy ofertę kabli miedzianych kategorii 5e, 6, 6A i 7 oraz kabli światłowodowych jedno- i wielomodowych.',
          'Produkujemy i konfekcjonujemy kable krosowe, panele, przełącznice i akcesoria montażowe.',
          'Kontrolujemy jakość każdej partii: parametry transmisyjne, wymiary i oznakowanie.',
          'Utrzymujemy w Lesznie magazyn, z którego większość zamówień wysyłamy w ciągu 24 godzin.',
        ],
      },
      {
        title: 'Jak wspieramy instalatorów',
        items: [
          'Szkolenia stacjonarne i online kończące się certyfikatem instalatora COBI NET.',
          '25-letnia gwarancja systemowa dla certyfikowanych instalacji.',
          'Wypożyczalnia miernika certyfikacyjnego z dostawą kurierem.',
          'Dział techniczny, który pomaga dobrać rozwiązanie i przygotować dokumentację projektu.',
        ],
      },
    ],
    valuesTitle: 'Na czym się opieramy',
    values: [
      { title: 'Jakość', text: 'Każda partia przechodzi kontrolę parametrów przed wysyłką. Deklaracje i certyfikaty udostępniamy w bazie wiedzy.' },
      {
        title: 'Wsparcie techniczne',
        text: 'Inżynierowie działu technicznego odpowiadają na pytania projektantów i instalatorów na każdym etapie inwestycji.',
      },
      { title: 'Dostępność', text: 'Produkty z katalogu są dostępne od ręki w magazynie w Lesznie, a partnerzy B2B zamawiają je w sklepie internetowym.' },
      { title: 'Gwarancja 25 lat', text: 'Sieć zbudowana z naszych komponentów przez certyfikowanego instalatora objęta jest 25-letnią gwarancją systemową.' },
    ],
    ctaTitle: 'Porozmawiajmy o Twojej inwestycji',
    ctaText: 'Skontaktuj się z naszym działem sprzedaży lub działem technicznym – pomożemy dobrać system do projektu.',
    ctaContact: 'Kontakt',
    ctaBrand: 'Poznaj markę COBI',
    illustrationAlt: 'Siedziba i magazyn COBI NET: biurowiec, hala magazynowa, bębny z kablem gotowe do wysyłki i samochód dostawczy',
  },
  en: {
    title: 'About us',
    lead: 'COBI NET is a Polish manufacturer of structured cabling systems, with its head office and warehouse in Leszno.',
    sections: [
      {
        title: 'Who we are',
        paragraphs: [
          'We design and supply complete structured cabling systems – copper and fibre – for office buildings, industrial plants, hospitals, schools and data centres. Under the COBI brand we offer everything an installer needs to build a network from the outlet to the rack cabinet.',
          'We work with installers, designers and integrators across Poland and abroad. Our products meet EN 50173, ISO/IEC 11801 and ANSI/TIA-568, and our cables comply with the Construction Products Regulation (CPR).',
        ],
      },
      {
        title: 'What we do',
        items: [
          'We develop Category 5e, 6, 6A and 7 copper cables and single-mode and multimode fibre cables.',
          'We manufacture and assemble patch cords, panels, distribution frames and installation accessories.',
          'We check the quality of every batch: transmission performance, dimensions and marking.',
          'We keep a warehouse in Leszno and ship most orders within 24 hours.',
        ],
      },
      {
        title: 'How we support installers',
        items: [
          'Classroom and online training leading to the COBI NET installer certificate.',
          'A 25-year system warranty for certified installations.',
          'A certification meter rental with courier delivery.',
          'A technical department that helps choose the solution and prepare the project documentation.',
        ],
      },
    ],
    valuesTitle: 'What we stand on',
    values: [
      { title: 'Quality', text: 'Every batch is tested before shipping. Declarations and certificates are available in the knowledge base.' },
      { title: 'Technical support', text: 'Our engineers answer the questions of designers and installers at every stage of a project.' },
      { title: 'Availability', text: 'Catalogue products are in stock in our Leszno warehouse, and B2B partners order them in the online shop.' },
      { title: '25-year warranty', text: 'A network built from our components by a certified installer is covered by a 25-year system warranty.' },
    ],
    ctaTitle: 'Let’s talk about your project',
    ctaText: 'Contact our sales or technical department – we will help you choose the right system for your project.',
    ctaContact: 'Contact',
    ctaBrand: 'Discover the COBI brand',
    illustrationAlt: 'The COBI NET head office and warehouse: the office building, the warehouse hall, cable reels ready to ship and a delivery van',
  },
};

interface BrandText {
  title: string;
  lead: string;
  intro: string[];
  familiesTitle: string;
  families: { title: string; text: string; items: string[] }[];
  whyTitle: string;
  why: { title: string; text: string }[];
  ctaCatalogue: string;
  ctaKnowledge: string;
  ctaGuarantee: string;
  illustrationAlt: string;
}

export const brandTexts: Record<Locale, BrandText> = {
  pl: {
    title: 'Marka COBI',
    lead: 'COBI to kompletny system okablowania strukturalnego – od kabla po szafę rack – którego elementy zaprojektowano do wspólnej pracy.',
    intro: [
      'Sieć jest tak dobra, jak jej najsłabsze połączenie. Dlatego kable, moduły, panele i kable krosowe COBI dobieramy i testujemy jako jeden system: parametry każdego elementu mają zapas względem wymagań normy, a razem tworzą tor, który spełnia je z nadmiarem.',
      'Marka COBI obejmuje okablowanie miedziane, światłowodowe, szafy i akcesoria. Dzięki temu instalator kupuje wszystko u jednego producenta, a inwestor dostaje jedną gwarancję na całą instalację.',
    ],
    familiesTitle: 'Linie produktów',
    families: [
      {
        title: 'Okablowanie miedziane',
        text: 'Rozwiązania klasy D, E, EA i FA dla sieci LAN, systemów zasilania PoE i automatyki budynkowej.',
        items: [
          'Kable U/UTP, F/UTP i S/FTP kat. 5e, 6, 6A i 7',
          'Moduły keystone i gniazda naścienne',
          'Panele krosowe 19" ekranowane i nieekranowane',
          'Kable krosowe kat. 6 i 6A',
        ],
      },
      {
        title: 'Okablowanie światłowodowe',
        text: 'Tory jedno- i wielomodowe dla szkieletu budynku, kampusu i centrum danych.',
        items: ['Kable uniwersalne i zewnętrzne OS2, OM3, OM4', 'Przełącznice i kasety spawów', 'Adaptery i pigtaile LC, SC', 'Patchcordy światłowodowe'],
      },
      {
        title: 'Szafy i organizacja',
        text: 'Wszystko, co porządkuje punkt dystrybucyjny i serwerownię.',
        items: ['Szafy rack 19" stojące i wiszące', 'Organizery poziome i pionowe', 'Listwy zasilające i półki', 'Korytka i akcesoria montażowe'],
      },
    ],
    whyTitle: 'Dlaczego system, a nie pojedyncze produkty',
    why: [
      { title: 'Zgodność komponentów', text: 'Elementy COBI są dobrane do siebie elektrycznie i mechanicznie – tor osiąga parametry klasy z zapasem.' },
      { title: 'Jedna gwarancja', text: 'Certyfikowana instalacja COBI jest objęta 25-letnią gwarancją systemową na komponenty i parametry.' },
      {
        title: 'Pełna dokumentacja',
        text: 'Deklaracje zgodności, deklaracje właściwości użytkowych (CPR), karty katalogowe i rysunki CAD są dostępne dla każdego produktu.',
      },
      { title: 'Wsparcie producenta', text: 'Szkolenia, wypożyczalnia miernika i dział techniczny pomagają przejść od projektu do odbioru bez niespodzianek.' },
    ],
    ctaCatalogue: 'Przejdź do katalogu',
    ctaKnowledge: 'Dokumenty i instrukcje',
    ctaGuarantee: 'Gwarancja 25 lat',
    illustrationAlt:
      'System COBI NET w budynku: szafa 19" z panelami w serwerowni, szkielet światłowodowy na piętro, kable w korytach do gniazd na stanowiskach pracy, punkt dostępowy Wi-Fi i kamera',
  },
  en: {
    title: 'The COBI brand',
    lead: 'COBI is a complete structured cabling system – from the cable to the rack cabinet – whose components are designed to work together.',
    intro: [
      'A network is only as good as its weakest connection. That is why COBI cables, modules, panels and patch cords are selected and tested as one system: each component has headroom over the standard, and together they form a link that meets it with margin.',
      'The COBI brand covers copper and fibre cabling, cabinets and accessories. The installer buys everything from one manufacturer, and the investor gets one warranty for the whole installation.',
    ],
    familiesTitle: 'Product lines',
    families: [
      {
        title: 'Copper cabling',
        text: 'Class D, E, EA and FA solutions for LAN, PoE power and building automation.',
        items: [
          'U/UTP, F/UTP and S/FTP Cat. 5e, 6, 6A and 7 cables',
          'Keystone modules and wall outlets',
          'Shielded and unshielded 19" patch panels',
          'Cat. 6 and 6A patch cords',
        ],
      },
      {
        title: 'Fibre cabling',
        text: 'Single-mode and multimode links for building backbones, campuses and data centres.',
        items: [
          'Universal and outdoor OS2, OM3, OM4 cables',
          'Distribution frames and splice cassettes',
          'LC and SC adapters and pigtails',
          'Fibre patch cords',
        ],
      },
      {
        title: 'Cabinets and cable management',
        text: 'Everything that keeps a distribution point and a server room in order.',
        items: [
          'Floor-standing and wall-mounted 19" rack cabinets',
          'Horizontal and vertical organisers',
          'Power strips and shelves',
          'Cable trays and mounting accessories',
        ],
      },
    ],
    whyTitle: 'Why a system rather than single products',
    why: [
      { title: 'Matched components', text: 'COBI components are matched electrically and mechanically – the link reaches its class performance with margin.' },
      { title: 'One warranty', text: 'A certified COBI installation is covered by a 25-year system warranty on components and performance.' },
      {
        title: 'Full documentation',
        text: 'Declarations of conformity, declarations of performance (CPR), datasheets and CAD drawings are available for every product.',
      },
      { title: 'Manufacturer support', text: 'Training, the meter rental and our technical department take you from design to acceptance without surprises.' },
    ],
    ctaCatalogue: 'Go to the catalogue',
    ctaKnowledge: 'Documents and instructions',
    ctaGuarantee: '25-year warranty',
    illustrationAlt:
      'A COBI NET system in a building: a 19" cabinet with patch panels in the equipment room, a fibre backbone to the upper floor, cables in trays to the work-area outlets, a Wi-Fi access point and a camera',
  },
};

interface ContactText {
  title: string;
  lead: string;
  headOffice: string;
  country: string;
  phone: string;
  email: string;
  hoursTitle: string;
  hours: { days: string; time: string }[];
  warehouseTitle: string;
  warehouseText: string;
  departmentsTitle: string;
  departments: { name: string; description: string; email: string; phone: string }[];
  mapTitle: string;
  /** The alt text of the drawn street plan shown while the map waits for consent. */
  mapPoster: string;
  routeLink: string;
  complaintsText: string;
  complaintsLink: string;
}

export const CONTACT_PHONE = '+48 65 529 91 00';

export const contactTexts: Record<Locale, ContactText> = {
  pl: {
    title: 'Kontakt',
    lead: 'Zapraszamy do kontaktu z naszym biurem w Lesznie. Odpowiadamy na wiadomości w dni robocze, zwykle tego samego dnia.',
    headOffice: 'Siedziba i magazyn',
    country: 'Polska',
    phone: 'Telefon',
    email: 'E-mail',
    hoursTitle: 'Godziny otwarcia',
    hours: [
      { days: 'Poniedziałek – piątek', time: '8:00 – 16:00' },
      { days: 'Sobota, niedziela i święta', time: 'nieczynne' },
    ],
    warehouseTitle: 'Odbiór osobisty',
    warehouseText: 'Zamówienia z opcją odbioru osobistego wydajemy w magazynie przy ul. Usługowej 10B w dni robocze w godzinach 8:00 – 15:30.',
    departmentsTitle: 'Działy',
    departments: [
      {
        name: 'Dział sprzedaży',
        description: 'Oferty, zamówienia, dostępność produktów i dostęp do sklepu B2B.',
        email: 'sprzedaz@cobinet.pl',
        phone: '+48 65 529 91 10',
      },
      {
        name: 'Dział techniczny',
        description: 'Dobór rozwiązań, wsparcie projektowe, dokumentacja produktów.',
        email: 'wsparcie@cobinet.pl',
        phone: '+48 65 529 91 20',
      },
      {
        name: 'Certyfikacja i gwarancja',
        description: 'Wnioski o certyfikację instalacji i 25-letnią gwarancję systemową.',
        email: 'gwarancja@cobinet.pl',
        phone: '+48 65 529 91 30',
      },
      {
        name: 'Szkolenia',
        description: 'Terminy szkoleń stacjonarnych, szkolenia online i certyfikaty instalatorów.',
        email: 'szkolenia@cobinet.pl',
        phone: '+48 65 529 91 40',
      },
      {
        name: 'Wypożyczalnia miernika',
        description: 'Rezerwacje, dostawy i zwroty miernika certyfikacyjnego.',
        email: 'wypozyczalnia@cobinet.pl',
        phone: '+48 65 529 91 50',
      },
      { name: 'Reklamacje', description: 'Zgłoszenia reklamacyjne i zwroty towaru.', email: 'reklamacje@cobinet.pl', phone: '+48 65 529 91 60' },
      { name: 'Księgowość', description: 'Faktury, płatności i rozrachunki.', email: 'ksiegowosc@cobinet.pl', phone: '+48 65 529 91 70' },
    ],
    mapTitle: 'Mapa dojazdu do COBI NET, ul. Usługowa 10B, Leszno',
    mapPoster: 'Poglądowy plan okolicy z pinezką w miejscu siedziby COBI NET, ul. Usługowa 10B, Leszno',
    routeLink: 'Wyznacz trasę w Mapach Google',
    complaintsText: 'Chcesz zgłosić reklamację produktu?',
    complaintsLink: 'Przejdź do formularza reklamacji',
  },
  en: {
    title: 'Contact',
    lead: 'Get in touch with our office in Leszno. We answer messages on working days, usually the same day.',
    headOffice: 'Head office and warehouse',
    country: 'Poland',
    phone: 'Phone',
    email: 'E-mail',
    hoursTitle: 'Opening hours',
    hours: [
      { days: 'Monday – Friday', time: '8:00 – 16:00 (CET)' },
      { days: 'Saturday, Sunday and public holidays', time: 'closed' },
    ],
    warehouseTitle: 'Personal pickup',
    warehouseText: 'Orders with personal pickup are collected at the warehouse at ul. Usługowa 10B on working days between 8:00 and 15:30.',
    departmentsTitle: 'Departments',
    departments: [
      { name: 'Sales', description: 'Quotes, orders, product availability and B2B shop access.', email: 'sprzedaz@cobinet.pl', phone: '+48 65 529 91 10' },
      {
        name: 'Technical department',
        description: 'Choosing solutions, design support, product documentation.',
        email: 'wsparcie@cobinet.pl',
        phone: '+48 65 529 91 20',
      },
      {
        name: 'Certification and warranty',
        description: 'Installation certification applications and the 25-year system warranty.',
        email: 'gwarancja@cobinet.pl',
        phone: '+48 65 529 91 30',
      },
      {
        name: 'Training',
        description: 'Classroom course dates, online training and installer certificates.',
        email: 'szkolenia@cobinet.pl',
        phone: '+48 65 529 91 40',
      },
      {
        name: 'Meter rental',
        description: 'Bookings, deliveries and returns of the certification meter.',
        email: 'wypozyczalnia@cobinet.pl',
        phone: '+48 65 529 91 50',
      },
      { name: 'Complaints', description: 'Product complaints and returns.', email: 'reklamacje@cobinet.pl', phone: '+48 65 529 91 60' },
      { name: 'Accounting', description: 'Invoices, payments and settlements.', email: 'ksiegowosc@cobinet.pl', phone: '+48 65 529 91 70' },
    ],
    mapTitle: 'Map to COBI NET, ul. Usługowa 10B, Leszno',
    mapPoster: 'Sketch plan of the area with a pin at COBI NET, ul. Usługowa 10B, Leszno',
    routeLink: 'Get directions in Google Maps',
    complaintsText: 'Want to report a product complaint?',
    complaintsLink: 'Go to the complaint form',
  },
};
