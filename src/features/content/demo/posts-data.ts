import type { PostDrawing } from './drawings';

// Demo news posts of a cabling manufacturer, newest first. Dates are relative to the day the demo
// content is seeded; `at(n)` in a text is the date n days after the post's publication.

export interface DemoPost {
  daysAgo: number;
  drawing: PostDrawing;
  published?: boolean;
  pl: { title: string; lead: string; content: (at: (days: number) => string) => string };
  en: { title: string; lead: string; content: (at: (days: number) => string) => string };
}

export const demoPosts: DemoPost[] = [
  {
    daysAgo: 1,
    drawing: 'rack',
    published: false,
    pl: {
      title: 'Nowy katalog produktów – zapowiedź',
      lead: 'Przygotowujemy nowe wydanie katalogu z rozszerzoną ofertą szaf rack i okablowania światłowodowego.',
      content: () => '<p>Nowe wydanie katalogu obejmie rozszerzoną ofertę szaf rack, przełącznic światłowodowych i akcesoriów montażowych.</p>',
    },
    en: {
      title: 'New product catalogue – preview',
      lead: 'We are preparing a new edition of the catalogue with an extended range of rack cabinets and fibre cabling.',
      content: () => '<p>The new edition of the catalogue will cover an extended range of rack cabinets, fibre patch panels and mounting accessories.</p>',
    },
  },
  {
    daysAgo: 4,
    drawing: 'cable',
    pl: {
      title: 'Nowa linia okablowania kategorii 6A z ekranowaniem U/FTP',
      lead: 'Do oferty COBI dołączył kompletny system kategorii 6A: kabel U/FTP LSOH, moduły keystone, panele i kable krosowe zaprojektowane do wspólnej pracy.',
      content:
        () => `<p>Wprowadzamy do sprzedaży nową linię okablowania kategorii 6A. System obejmuje kabel instalacyjny U/FTP w powłoce LSOH o klasie reakcji na ogień Dca-s2,d2,a1, ekranowane moduły keystone montowane bez narzędzi, panele krosowe 24-portowe 1U oraz kable krosowe S/FTP w długościach od 0,5 do 10 m.</p>
<p>Zobacz, jak powstaje kabel kategorii 6A:</p>
<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/Hq7vYb2kLmE" width="640" height="360" allowfullscreen="true"></iframe></div>
<h2>Dla kogo?</h2>
<p>Nowa linia jest przeznaczona do budynków biurowych, szpitali i obiektów, w których sieć ma obsługiwać transmisję 10 Gb/s oraz zasilanie urządzeń PoE o mocy do 90 W. Ekranowanie każdej pary ogranicza przesłuch obcy i przyrost temperatury w wiązkach kabli.</p>
<ul><li>pasmo 500 MHz, tor klasy EA według ISO/IEC 11801-1,</li><li>średnica kabla 7,2 mm – mniejsze wypełnienie korytek,</li><li>moduły zarabiane bez narzędzi, do 20 razy.</li></ul>
<p>System jest objęty 25-letnią gwarancją systemową, jeśli instalację wykona certyfikowany instalator. Karty katalogowe i deklaracje znajdują się w bazie wiedzy.</p>`,
    },
    en: {
      title: 'New Category 6A cabling line with U/FTP shielding',
      lead: 'The COBI range now includes a complete Category 6A system: U/FTP LSOH cable, keystone modules, panels and patch cords designed to work together.',
      content:
        () => `<p>We are launching a new Category 6A cabling line. The system includes a U/FTP installation cable in an LSOH sheath with fire class Dca-s2,d2,a1, tool-less shielded keystone modules, 24-port 1U patch panels and S/FTP patch cords from 0.5 to 10 m.</p>
<p>See how the Category 6A cable is made:</p>
<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/Hq7vYb2kLmE" width="640" height="360" allowfullscreen="true"></iframe></div>
<h2>Who is it for?</h2>
<p>The new line is meant for office buildings, hospitals and facilities whose network must carry 10 Gbit/s and power PoE devices of up to 90 W. Shielding each pair limits alien crosstalk and the temperature rise in cable bundles.</p>
<ul><li>500 MHz bandwidth, class EA link under ISO/IEC 11801-1,</li><li>7.2 mm cable diameter – less tray fill,</li><li>tool-less modules that can be re-terminated up to 20 times.</li></ul>
<p>The system is covered by the 25-year system warranty when a certified installer carries out the installation. Datasheets and declarations are available in the knowledge base.</p>`,
    },
  },
  {
    daysAgo: 16,
    drawing: 'training',
    pl: {
      title: 'Terminy szkoleń dla instalatorów w najbliższym kwartale',
      lead: 'Zapraszamy na dwudniowe szkolenia certyfikacyjne w Lesznie. Uczestnicy otrzymują certyfikat instalatora COBI NET uprawniający do udzielania 25-letniej gwarancji.',
      content: (
        at,
      ) => `<p>Opublikowaliśmy terminy szkoleń certyfikacyjnych dla instalatorów okablowania strukturalnego. Zajęcia odbywają się w naszej sali szkoleniowej w Lesznie, w grupach do 12 osób.</p>
<h2>Najbliższe terminy</h2>
<ul><li>${at(21)} – ${at(22)}: okablowanie miedziane klasy E i EA,</li><li>${at(42)} – ${at(43)}: okablowanie światłowodowe i pomiary reflektometryczne,</li><li>${at(63)} – ${at(64)}: okablowanie miedziane klasy E i EA.</li></ul>
<h2>Program</h2>
<p>Pierwszy dzień to normy, projektowanie i zasady instalacji, drugi – zajęcia praktyczne: zarabianie modułów, montaż paneli i pomiary certyfikacyjne. Szkolenie kończy się testem; po jego zaliczeniu uczestnik otrzymuje certyfikat instalatora.</p>
<p>Zapisy prowadzimy przez stronę szkoleń stacjonarnych. Liczba miejsc jest ograniczona.</p>`,
    },
    en: {
      title: 'Installer training dates for the coming quarter',
      lead: 'Join our two-day certification courses in Leszno. Participants receive the COBI NET installer certificate, which qualifies them to offer the 25-year warranty.',
      content: (
        at,
      ) => `<p>We have published the dates of the certification courses for structured cabling installers. The courses take place in our training room in Leszno, in groups of up to 12 people.</p>
<h2>Next dates</h2>
<ul><li>${at(21)} – ${at(22)}: class E and EA copper cabling,</li><li>${at(42)} – ${at(43)}: fibre cabling and OTDR measurements,</li><li>${at(63)} – ${at(64)}: class E and EA copper cabling.</li></ul>
<h2>Programme</h2>
<p>Day one covers standards, design and installation practice, day two is hands-on: terminating modules, mounting panels and certification measurements. The course ends with a test; those who pass receive the installer certificate.</p>
<p>Registration is open on the classroom courses page. Places are limited.</p>`,
    },
  },
  {
    daysAgo: 31,
    drawing: 'fair',
    pl: {
      title: 'Spotkajmy się na targach branży teletechnicznej',
      lead: 'COBI NET weźmie udział w targach teletechnicznych w Warszawie. Na stoisku pokażemy nową linię kategorii 6A i system szaf rack.',
      content: (
        at,
      ) => `<p>Zapraszamy na nasze stoisko podczas targów branży teletechnicznej i systemów bezpieczeństwa, które odbędą się w Warszawie w dniach ${at(24)} – ${at(26)}.</p>
<p>Na stoisku zaprezentujemy:</p>
<ul><li>nową linię okablowania kategorii 6A z modułami montowanymi bez narzędzi,</li><li>przełącznice światłowodowe 1U z kasetami LC,</li><li>szafy rack 19" z systemem organizacji kabli.</li></ul>
<p>Nasi inżynierowie przeprowadzą pokazy pomiarów certyfikacyjnych i odpowiedzą na pytania dotyczące 25-letniej gwarancji systemowej. Instalatorzy, którzy odwiedzą stoisko, otrzymają zaproszenie na bezpłatne szkolenie online.</p>`,
    },
    en: {
      title: 'Meet us at the telecommunications trade fair',
      lead: 'COBI NET will exhibit at the telecommunications trade fair in Warsaw. We will show the new Category 6A line and our rack cabinet system.',
      content: (at) => `<p>Visit our stand at the telecommunications and security systems trade fair in Warsaw from ${at(24)} to ${at(26)}.</p>
<p>At the stand we will present:</p>
<ul><li>the new Category 6A cabling line with tool-less modules,</li><li>1U fibre patch panels with LC cassettes,</li><li>19" rack cabinets with a cable management system.</li></ul>
<p>Our engineers will demonstrate certification measurements and answer questions about the 25-year system warranty. Installers who visit the stand will receive an invitation to a free online course.</p>`,
    },
  },
  {
    daysAgo: 47,
    drawing: 'certificate',
    pl: {
      title: 'Kable U/UTP kategorii 6 z klasą reakcji na ogień Dca',
      lead: 'Nasze kable U/UTP kategorii 6 w powłoce LSOH uzyskały klasyfikację Dca-s2,d2,a1 zgodnie z rozporządzeniem CPR.',
      content:
        () => `<p>Kable instalacyjne U/UTP kategorii 6 w powłoce bezhalogenowej przeszły badania reakcji na ogień w laboratorium notyfikowanym i uzyskały klasę Dca-s2,d2,a1. Oznacza to ograniczone rozprzestrzenianie płomienia, niską emisję dymu i brak płonących kropli.</p>
<p>Klasa Dca jest zalecana w budynkach użyteczności publicznej, biurowcach i na drogach ewakuacyjnych. Deklaracja właściwości użytkowych jest dostępna w bazie wiedzy w dziale Dokumenty.</p>`,
    },
    en: {
      title: 'Category 6 U/UTP cables with fire class Dca',
      lead: 'Our Category 6 U/UTP cables in an LSOH sheath are classified Dca-s2,d2,a1 under the Construction Products Regulation.',
      content:
        () => `<p>Our halogen-free Category 6 U/UTP installation cables passed reaction-to-fire tests in a notified laboratory and were classified Dca-s2,d2,a1: limited flame spread, low smoke and no flaming droplets.</p>
<p>Class Dca is recommended in public buildings, office buildings and escape routes. The declaration of performance is available in the Documents section of the knowledge base.</p>`,
    },
  },
  {
    daysAgo: 64,
    drawing: 'warranty',
    pl: {
      title: '25 lat gwarancji systemowej – jak to działa',
      lead: 'Wyjaśniamy krok po kroku, jak inwestor otrzymuje 25-letnią gwarancję na sieć zbudowaną z elementów COBI.',
      content:
        () => `<p>Gwarancja systemowa obejmuje parametry transmisyjne i komponenty całej instalacji przez 25 lat. Aby ją uzyskać, muszą być spełnione trzy warunki:</p>
<ol><li>instalację wykonuje certyfikowany instalator COBI NET,</li><li>wszystkie elementy toru pochodzą z oferty COBI,</li><li>wszystkie tory zostały zmierzone miernikiem z aktualnym świadectwem kalibracji.</li></ol>
<p>Po zakończeniu prac instalator składa wniosek o certyfikację przez formularz w serwisie i dołącza wyniki pomiarów. Nasz dział techniczny weryfikuje dokumentację w ciągu 14 dni roboczych, a inwestor otrzymuje certyfikat.</p>
<p>Szczegóły programu i pełne warunki gwarancji znajdziesz na stronie gwarancji.</p>`,
    },
    en: {
      title: '25-year system warranty – how it works',
      lead: 'A step-by-step explanation of how an investor gets the 25-year warranty on a network built from COBI components.',
      content:
        () => `<p>The system warranty covers the transmission performance and components of the whole installation for 25 years. Three conditions must be met:</p>
<ol><li>the installation is carried out by a certified COBI NET installer,</li><li>every component of the link comes from the COBI range,</li><li>every link has been measured with a meter holding a valid calibration certificate.</li></ol>
<p>When the work is done, the installer files the certification application on the site and attaches the measurement results. Our technical department reviews the documents within 14 working days and the investor receives the certificate.</p>
<p>Details of the programme and the full conditions are on the warranty page.</p>`,
    },
  },
  {
    daysAgo: 82,
    drawing: 'fibre',
    pl: {
      title: 'Przełącznice światłowodowe 1U z kasetami LC',
      lead: 'Nowe przełącznice 1U mieszczą do 48 włókien w wymiennych kasetach LC duplex, co przyspiesza montaż i rozbudowę szkieletu sieci.',
      content:
        () => `<p>Wprowadziliśmy przełącznice światłowodowe 1U z wysuwaną szufladą i czterema gniazdami na kasety. Każda kaseta mieści 6 adapterów LC duplex (12 włókien) i tackę spawów.</p>
<ul><li>do 48 włókien w 1U,</li><li>kasety jedno- (OS2) i wielomodowe (OM3, OM4),</li><li>prowadnice promienia gięcia i opisy portów od frontu.</li></ul>
<p>Przełącznice są dostępne od ręki w magazynie w Lesznie. Instrukcja montażu znajduje się w bazie wiedzy.</p>`,
    },
    en: {
      title: '1U fibre patch panels with LC cassettes',
      lead: 'The new 1U panels hold up to 48 fibres in exchangeable LC duplex cassettes, which speeds up installing and extending the backbone.',
      content:
        () => `<p>We have introduced 1U fibre patch panels with a sliding drawer and four cassette slots. Each cassette holds 6 LC duplex adapters (12 fibres) and a splice tray.</p>
<ul><li>up to 48 fibres in 1U,</li><li>single-mode (OS2) and multimode (OM3, OM4) cassettes,</li><li>bend-radius guides and front port labels.</li></ul>
<p>The panels are in stock in our Leszno warehouse. The installation instructions are in the knowledge base.</p>`,
    },
  },
  {
    daysAgo: 99,
    drawing: 'rack',
    pl: {
      title: 'Szafy rack 19" w nowych głębokościach',
      lead: 'Rozszerzyliśmy ofertę szaf stojących o wersje o głębokości 1000 i 1200 mm dla serwerowni i centrów danych.',
      content:
        () => `<p>Szafy stojące 19" są teraz dostępne w wysokościach od 22U do 47U i głębokościach 600, 800, 1000 oraz 1200 mm. Nowe wersje mają perforowane drzwi o powierzchni wentylacyjnej 80%, regulowane szyny montażowe i przepusty kablowe w dachu i podłodze.</p>
<p>Do szaf oferujemy organizery poziome i pionowe, półki, listwy zasilające oraz panele wentylacyjne. Pomagamy dobrać konfigurację do liczby urządzeń i tras kablowych.</p>`,
    },
    en: {
      title: '19" rack cabinets in new depths',
      lead: 'Our floor-standing cabinets now come in 1000 and 1200 mm depths for server rooms and data centres.',
      content:
        () => `<p>Floor-standing 19" cabinets are now available from 22U to 47U high and 600, 800, 1000 and 1200 mm deep. The new versions have perforated doors with 80% open area, adjustable mounting rails and cable entries in the roof and floor.</p>
<p>We also offer horizontal and vertical organisers, shelves, power strips and blanking panels, and we help choose the configuration for your equipment and cable routes.</p>`,
    },
  },
  {
    daysAgo: 121,
    drawing: 'meter',
    pl: {
      title: 'Wypożyczalnia miernika certyfikacyjnego – rezerwacja online',
      lead: 'Miernik do pomiarów certyfikacyjnych można teraz zarezerwować w serwisie, wybierając termin w kalendarzu i sposób dostawy.',
      content:
        () => `<p>Instalatorzy, którzy nie mają własnego miernika, mogą wypożyczyć od nas miernik certyfikacyjny z aktualnym świadectwem kalibracji. Rezerwacja odbywa się w serwisie: wybierasz termin w kalendarzu, sposób dostawy (kurier lub odbiór osobisty w Lesznie) i potwierdzasz zamówienie.</p>
<p>Wyniki pomiarów zapisane w mierniku można dołączyć bezpośrednio do wniosku o 25-letnią gwarancję. Cennik wypożyczenia jest dostępny na stronie wypożyczalni.</p>`,
    },
    en: {
      title: 'Certification meter rental – book online',
      lead: 'You can now book the certification meter on the site, choosing the dates in a calendar and the delivery method.',
      content:
        () => `<p>Installers without their own meter can rent our certification meter with a valid calibration certificate. Book it on the site: choose the dates in the calendar, the delivery method (courier or personal pickup in Leszno) and confirm the order.</p>
<p>Results saved in the meter can be attached directly to the 25-year warranty application. The rental price list is on the rental page.</p>`,
    },
  },
  {
    daysAgo: 143,
    drawing: 'warehouse',
    pl: {
      title: 'Rozbudowa magazynu w Lesznie – szybsze wysyłki',
      lead: 'Nowa część magazynu zwiększa dostępność produktów od ręki. Zamówienia złożone do 14:00 wysyłamy tego samego dnia.',
      content:
        () => `<p>Zakończyliśmy rozbudowę magazynu przy ul. Usługowej 10B w Lesznie. Nowa przestrzeń pozwala utrzymywać stały zapas kabli na szpulach i bębnach oraz pełną ofertę szaf rack.</p>
<p>Zamówienia złożone w dni robocze do godziny 14:00 wysyłamy tego samego dnia. Klienci mogą też odebrać towar osobiście w godzinach 8:00 – 15:30.</p>`,
    },
    en: {
      title: 'Leszno warehouse extended – faster shipping',
      lead: 'The new part of the warehouse increases stock availability. Orders placed by 2 pm are shipped the same day.',
      content:
        () => `<p>We have finished extending our warehouse at ul. Usługowa 10B in Leszno. The new space lets us keep a steady stock of cables on reels and drums and the full range of rack cabinets.</p>
<p>Orders placed on working days by 2 pm are shipped the same day. Customers can also collect goods in person between 8:00 and 15:30.</p>`,
    },
  },
  {
    daysAgo: 168,
    drawing: 'certificate',
    pl: {
      title: 'Odnowiony certyfikat systemu zarządzania jakością ISO 9001',
      lead: 'Audyt recertyfikacyjny potwierdził zgodność naszego systemu zarządzania jakością z normą ISO 9001.',
      content:
        () => `<p>W wyniku audytu recertyfikacyjnego jednostka certyfikująca potwierdziła, że system zarządzania jakością COBI NET spełnia wymagania normy ISO 9001. Certyfikat obejmuje projektowanie, produkcję i dystrybucję systemów okablowania strukturalnego.</p>
<p>Audytorzy szczególnie ocenili kontrolę parametrów transmisyjnych każdej partii kabli oraz identyfikowalność komponentów od dostawcy do klienta.</p>`,
    },
    en: {
      title: 'ISO 9001 quality management certificate renewed',
      lead: 'The recertification audit confirmed that our quality management system complies with ISO 9001.',
      content:
        () => `<p>After the recertification audit the certification body confirmed that the COBI NET quality management system meets ISO 9001. The certificate covers the design, manufacture and distribution of structured cabling systems.</p>
<p>The auditors highlighted the transmission testing of every cable batch and the traceability of components from supplier to customer.</p>`,
    },
  },
  {
    daysAgo: 195,
    drawing: 'online',
    pl: {
      title: 'Szkolenia online z okablowania strukturalnego',
      lead: 'Uruchomiliśmy platformę szkoleń online: moduły z lekcjami, testy i certyfikat po ukończeniu kursu.',
      content:
        () => `<p>Szkolenia online pozwalają przygotować się do pracy z systemem COBI we własnym tempie. Kurs składa się z modułów i lekcji, a każdy moduł kończy się testem. Kolejne punkty odblokowują się po ukończeniu poprzednich.</p>
<p>Dostęp do kursu przyznaje nasz dział techniczny po zapisaniu się przez konto w serwisie. Po ukończeniu szkolenia uczestnik może wypełnić ankietę i pobrać zaświadczenie.</p>`,
    },
    en: {
      title: 'Online structured cabling courses',
      lead: 'We have launched an online training platform: modules with lessons, quizzes and a certificate at the end of the course.',
      content:
        () => `<p>Online courses let you prepare to work with the COBI system at your own pace. A course consists of modules and lessons, and each module ends with a quiz. Later points unlock once the earlier ones are finished.</p>
<p>Our technical department grants access after you enrol through your account. After completing the course the participant can fill in a questionnaire and download a certificate.</p>`,
    },
  },
  {
    daysAgo: 223,
    drawing: 'poe',
    pl: {
      title: 'PoE++ w praktyce: kable kategorii 6A a temperatura wiązek',
      lead: 'Zasilanie urządzeń mocą do 90 W przez kabel sieciowy podnosi temperaturę wiązek. Podpowiadamy, jak projektować trasy kablowe.',
      content:
        () => `<p>Standard IEEE 802.3bt (PoE++) pozwala zasilać przez okablowanie strukturalne kamery, punkty dostępowe i oprawy oświetleniowe o mocy do 90 W. Prąd płynący przez żyły podgrzewa kabel, a w dużych wiązkach temperatura może przekroczyć dopuszczalne wartości.</p>
<h2>Zalecenia</h2>
<ul><li>stosuj kable z żyłą 23 AWG – mają mniejszą rezystancję,</li><li>ograniczaj wiązki do 24 kabli i rozdzielaj je w korytkach,</li><li>unikaj prowadzenia wiązek w izolacji termicznej.</li></ul>
<p>Kable U/FTP kategorii 6A COBI z żyłą 23 AWG są przystosowane do pracy z PoE++ w pełnym zakresie temperatur.</p>`,
    },
    en: {
      title: 'PoE++ in practice: Category 6A cables and bundle temperature',
      lead: 'Powering devices of up to 90 W over network cable raises the temperature of cable bundles. Here is how to plan cable routes.',
      content:
        () => `<p>IEEE 802.3bt (PoE++) powers cameras, access points and luminaires of up to 90 W over structured cabling. The current heats the conductors, and in large bundles the temperature can exceed the permitted values.</p>
<h2>Recommendations</h2>
<ul><li>use cables with 23 AWG conductors – their resistance is lower,</li><li>limit bundles to 24 cables and separate them in trays,</li><li>avoid running bundles through thermal insulation.</li></ul>
<p>COBI Category 6A U/FTP cables with 23 AWG conductors are suited to PoE++ across the full temperature range.</p>`,
    },
  },
  {
    daysAgo: 256,
    drawing: 'tray',
    pl: {
      title: 'Kalkulator wypełnienia korytek w prezencie dla subskrybentów newslettera',
      lead: 'Zapisz się do newslettera, a otrzymasz bezpłatny dostęp do kalkulatora wypełnienia korytek i separacji kabli.',
      content:
        () => `<p>Kalkulator pomaga dobrać rozmiar korytka do liczby i średnicy kabli oraz wyznaczyć minimalną odległość między kablami teleinformatycznymi a zasilającymi według PN-EN 50174-2.</p>
<p>Subskrybenci newslettera otrzymują dostęp do kalkulatora bezpłatnie. Pozostali użytkownicy mogą go kupić w serwisie.</p>`,
    },
    en: {
      title: 'Cable tray fill calculator free for newsletter subscribers',
      lead: 'Subscribe to our newsletter and get free access to the cable tray fill and cable separation calculator.',
      content:
        () => `<p>The calculator helps choose the tray size for the number and diameter of cables and works out the minimum separation between data and power cables under EN 50174-2.</p>
<p>Newsletter subscribers get the calculator for free. Other users can buy it on the site.</p>`,
    },
  },
];
