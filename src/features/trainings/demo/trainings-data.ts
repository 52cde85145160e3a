// The demo online trainings as plain data (no imports: the seeder and the Playwright suite read it):
// copper installation and fibre splicing basics, each with 3 modules of real lesson text and 15
// questions (some with several correct answers).
type L = { pl: string; en: string };
interface Lesson {
  title: L;
  content: L;
  video?: string;
}
interface Question {
  text: L;
  answers: [L, boolean][];
}
export interface DemoTraining {
  slug: string;
  title: L;
  description: L;
  modules: { title: L; lessons: Lesson[] }[];
  questions: Question[];
}

const l = (pl: string, en: string): L => ({ pl, en });
const yes = (pl: string, en: string): [L, boolean] => [l(pl, en), true];
const no = (pl: string, en: string): [L, boolean] => [l(pl, en), false];

const COPPER: DemoTraining = {
  slug: 'instalacja-okablowania-miedzianego',
  title: l('Instalacja okablowania miedzianego kat. 6A', 'Installing Cat. 6A copper cabling'),
  description: l(
    '<p>Kurs online dla instalatorów: normy okablowania strukturalnego, prowadzenie kabli skrętkowych, zarabianie modułów keystone i paneli oraz pomiary certyfikacyjne. Po zdaniu testu otrzymasz certyfikat ukończenia.</p>',
    '<p>An online course for installers: structured cabling standards, routing twisted-pair cables, terminating keystone modules and panels, and certification testing. Pass the quiz to receive a certificate of completion.</p>',
  ),
  modules: [
    {
      title: l('Normy i topologia', 'Standards and topology'),
      lessons: [
        {
          title: l('Normy okablowania strukturalnego', 'Structured cabling standards'),
          content: l(
            '<p>Okablowanie strukturalne w Europie projektuje się i wykonuje według norm <strong>PN-EN 50173</strong> (systemy okablowania), <strong>PN-EN 50174</strong> (planowanie i wykonawstwo instalacji) oraz międzynarodowej <strong>ISO/IEC 11801</strong>. Normy opisują klasy łączy (np. klasa E<sub>A</sub> dla 10GBASE-T) oraz kategorie komponentów (np. kat. 6A).</p><p>Klasa dotyczy całego toru transmisyjnego, kategoria – pojedynczego elementu: kabla, modułu, kabla krosowego. Aby uzyskać klasę E<sub>A</sub>, wszystkie elementy muszą mieć co najmniej kategorię 6A i pochodzić z jednego, przetestowanego systemu.</p><h3>Kanał i łącze stałe</h3><p>Kanał (channel) to tor od urządzenia do urządzenia: maksymalnie 100 m, w tym do 90 m kabla instalacyjnego i łącznie do 10 m kabli krosowych. Łącze stałe (permanent link) to część instalacyjna: od panelu do gniazda, najwyżej 90 m. Certyfikat gwarancyjny wystawia się na podstawie pomiarów łącza stałego.</p>',
            '<p>In Europe, structured cabling is designed and installed according to <strong>EN 50173</strong> (cabling systems), <strong>EN 50174</strong> (installation planning and practice) and the international <strong>ISO/IEC 11801</strong>. The standards define link classes (e.g. class E<sub>A</sub> for 10GBASE-T) and component categories (e.g. Cat. 6A).</p><p>A class applies to the whole transmission path, a category to a single component: cable, module, patch cord. To achieve class E<sub>A</sub>, every component must be at least Cat. 6A and come from one tested system.</p><h3>Channel and permanent link</h3><p>The channel runs from device to device: at most 100 m, of which up to 90 m of installation cable and up to 10 m of patch cords in total. The permanent link is the installed part: from the panel to the outlet, at most 90 m. The warranty certificate is issued on the basis of permanent-link measurements.</p>',
          ),
        },
        {
          title: l('Topologia gwiazdy i punkty dystrybucyjne', 'Star topology and distributors'),
          content: l(
            '<p>Okablowanie poziome ma topologię gwiazdy: każde gniazdo abonenckie (TO) łączy się osobnym kablem z punktem dystrybucyjnym piętra (FD). Punkty piętrowe łączą się z punktem budynkowym (BD), a budynki – z punktem kampusowym (CD).</p><ul><li>Jeden punkt dystrybucyjny obsługuje zwykle do 1000 m² powierzchni biurowej.</li><li>Punkt konsolidacyjny (CP) może leżeć najbliżej 15 m od FD.</li><li>Na każde stanowisko pracy przewiduje się co najmniej dwa gniazda.</li></ul><p>Dokumentuj oznaczenia od początku: każde gniazdo, port panelu i kabel mają ten sam unikalny identyfikator.</p>',
            '<p>Horizontal cabling has a star topology: every telecommunications outlet (TO) connects with its own cable to the floor distributor (FD). Floor distributors connect to the building distributor (BD), and buildings to the campus distributor (CD).</p><ul><li>One floor distributor usually serves up to 1000 m² of office space.</li><li>A consolidation point (CP) must be at least 15 m from the FD.</li><li>Plan at least two outlets for every work area.</li></ul><p>Document the labels from the start: every outlet, panel port and cable share one unique identifier.</p>',
          ),
        },
      ],
    },
    {
      title: l('Kable i montaż', 'Cables and installation'),
      lessons: [
        {
          title: l('Rodzaje skrętki i prowadzenie kabli', 'Twisted-pair types and cable routing'),
          content: l(
            '<p>Oznaczenie skrętki ma postać <em>ekran całości/ekran par</em>TP: <strong>U/UTP</strong> – bez ekranów, <strong>F/UTP</strong> – folia na całości, <strong>U/FTP</strong> – folia na każdej parze, <strong>S/FTP</strong> – oplot na całości i folia na parach. Kable ekranowane wymagają ciągłości ekranu i uziemienia szafy.</p><h3>Zasady prowadzenia</h3><ul><li>Minimalny promień gięcia podczas instalacji: 8 średnic kabla, po ułożeniu: 4 średnice.</li><li>Siła naciągu nie może przekroczyć wartości z karty katalogowej (zwykle 100 N dla 4 par).</li><li>Nie zaciskaj opasek – kabel w wiązce musi móc się lekko przesuwać; preferuj rzepy.</li><li>Zachowaj separację od przewodów zasilających według PN-EN 50174-2 (zależną od ekranowania i rodzaju koryta).</li></ul>',
            '<p>Twisted-pair designations read <em>overall screen/pair screen</em>TP: <strong>U/UTP</strong> – unscreened, <strong>F/UTP</strong> – overall foil, <strong>U/FTP</strong> – foil on each pair, <strong>S/FTP</strong> – overall braid plus foil on pairs. Screened cables need a continuous screen and a bonded rack.</p><h3>Routing rules</h3><ul><li>Minimum bend radius while pulling: 8 cable diameters; once installed: 4 diameters.</li><li>Pulling tension must not exceed the datasheet value (typically 100 N for 4 pairs).</li><li>Do not overtighten ties – a cable in a bundle must be able to move slightly; prefer hook-and-loop straps.</li><li>Keep the separation from power cables required by EN 50174-2 (it depends on screening and the tray type).</li></ul>',
          ),
          video: 'https://www.youtube.com/embed/Hq7vYb2kLmE',
        },
        {
          title: l('Zarabianie modułów keystone', 'Terminating keystone modules'),
          content: l(
            '<p>Moduł keystone zarabia się według schematu <strong>T568A</strong> lub <strong>T568B</strong> – w całej instalacji stosuj jeden schemat. Zdejmij płaszcz na długości potrzebnej do zarobienia, pary rozplataj najwyżej na 13 mm (kat. 6A: jak najmniej).</p><ol><li>Włóż kabel do prowadnicy modułu, zachowując skręt par do samych styków.</li><li>Ułóż żyły według kolorów na etykiecie modułu.</li><li>Zaciśnij pokrywę narzędziem lub dłonią (moduły beznarzędziowe), obetnij nadmiar żył.</li><li>W modułach ekranowanych połącz ekran z obudową modułu opaską 360°.</li></ol><p>Po zarobieniu sprawdź mapę połączeń prostym testerem, a na koniec wykonaj pomiar certyfikacyjny.</p>',
            '<p>A keystone module is terminated to <strong>T568A</strong> or <strong>T568B</strong> – use one scheme throughout the installation. Strip the jacket only as much as needed and untwist pairs by 13 mm at most (Cat. 6A: as little as possible).</p><ol><li>Insert the cable into the module guide, keeping the pair twist up to the contacts.</li><li>Lay the conductors by the colours on the module label.</li><li>Close the cap with a tool or by hand (tool-less modules) and trim the excess conductors.</li><li>On screened modules, bond the screen to the module body with a 360° clamp.</li></ol><p>After terminating, check the wire map with a simple tester, and finally run a certification test.</p>',
          ),
        },
      ],
    },
    {
      title: l('Pomiary i odbiór', 'Testing and acceptance'),
      lessons: [
        {
          title: l('Pomiary certyfikacyjne', 'Certification testing'),
          content: l(
            '<p>Pomiar certyfikacyjny wykonuje się miernikiem co najmniej poziomu dokładności <strong>IIIe</strong> (dla kat. 6A zalecany poziom IV lub VI) z adapterami łącza stałego. Miernik porównuje wyniki z limitami wybranej normy i klasy.</p><h3>Najważniejsze parametry</h3><ul><li><strong>Mapa połączeń</strong> – ciągłość, zwarcia, pary skrzyżowane i rozdzielone.</li><li><strong>Długość i opóźnienie</strong> – do 90 m dla łącza stałego.</li><li><strong>Tłumienie (IL)</strong>, <strong>NEXT</strong>, <strong>PS NEXT</strong>, <strong>ACR-F</strong> i <strong>straty odbiciowe (RL)</strong>.</li></ul><p>Wynik „PASS*” (z gwiazdką) oznacza wynik w granicy dokładności miernika – do gwarancji wymagany jest wynik PASS bez zastrzeżeń. Zachowaj pliki pomiarowe w formacie źródłowym miernika.</p>',
            '<p>Certification testing uses a tester of at least accuracy level <strong>IIIe</strong> (for Cat. 6A, level IV or VI is recommended) with permanent-link adapters. The tester compares results with the limits of the chosen standard and class.</p><h3>Key parameters</h3><ul><li><strong>Wire map</strong> – continuity, shorts, crossed and split pairs.</li><li><strong>Length and delay</strong> – up to 90 m for a permanent link.</li><li><strong>Insertion loss (IL)</strong>, <strong>NEXT</strong>, <strong>PS NEXT</strong>, <strong>ACR-F</strong> and <strong>return loss (RL)</strong>.</li></ul><p>A “PASS*” (with an asterisk) is within the tester’s accuracy margin – the warranty requires a clean PASS. Keep the measurement files in the tester’s native format.</p>',
          ),
        },
      ],
    },
  ],
  questions: [
    {
      text: l('Jaka jest maksymalna długość kanału transmisyjnego?', 'What is the maximum length of a channel?'),
      answers: [yes('100 m', '100 m'), no('90 m', '90 m'), no('150 m', '150 m')],
    },
    {
      text: l('Jaka jest maksymalna długość łącza stałego?', 'What is the maximum length of a permanent link?'),
      answers: [yes('90 m', '90 m'), no('100 m', '100 m'), no('80 m', '80 m')],
    },
    {
      text: l('Które normy dotyczą okablowania strukturalnego?', 'Which standards cover structured cabling?'),
      answers: [yes('PN-EN 50173', 'EN 50173'), yes('ISO/IEC 11801', 'ISO/IEC 11801'), no('PN-EN 60598', 'EN 60598'), yes('PN-EN 50174', 'EN 50174')],
    },
    {
      text: l('Jaka klasa łącza jest wymagana dla 10GBASE-T na 100 m?', 'Which link class is required for 10GBASE-T over 100 m?'),
      answers: [yes('Klasa EA', 'Class EA'), no('Klasa D', 'Class D'), no('Klasa C', 'Class C')],
    },
    {
      text: l('Co oznacza skrętka U/FTP?', 'What does U/FTP mean?'),
      answers: [
        yes('Brak ekranu całości, folia na każdej parze', 'No overall screen, foil on each pair'),
        no('Oplot na całości, pary nieekranowane', 'Overall braid, unscreened pairs'),
        no('Kabel całkowicie nieekranowany', 'A fully unscreened cable'),
      ],
    },
    {
      text: l('Minimalny promień gięcia kabla po ułożeniu to:', 'The minimum bend radius of an installed cable is:'),
      answers: [yes('4 średnice kabla', '4 cable diameters'), no('1 średnica kabla', '1 cable diameter'), no('20 średnic kabla', '20 cable diameters')],
    },
    {
      text: l('Które praktyki są prawidłowe przy prowadzeniu kabli?', 'Which routing practices are correct?'),
      answers: [
        yes('Stosowanie rzepów zamiast mocno zaciśniętych opasek', 'Using hook-and-loop straps instead of tight ties'),
        yes('Zachowanie separacji od kabli zasilających', 'Keeping separation from power cables'),
        no('Przekraczanie siły naciągu, by skrócić montaż', 'Exceeding the pulling tension to save time'),
      ],
    },
    {
      text: l('Na jaką długość najwyżej można rozpleść pary przy zarabianiu?', 'By how much at most may pairs be untwisted when terminating?'),
      answers: [yes('13 mm', '13 mm'), no('50 mm', '50 mm'), no('Dowolnie', 'Any length')],
    },
    {
      text: l('Ile schematów zarabiania stosuje się w jednej instalacji?', 'How many termination schemes are used in one installation?'),
      answers: [
        yes('Jeden (T568A albo T568B)', 'One (T568A or T568B)'),
        no('Oba naprzemiennie', 'Both, alternating'),
        no('Zależy od piętra', 'It depends on the floor'),
      ],
    },
    {
      text: l('Czym różni się klasa od kategorii?', 'How does a class differ from a category?'),
      answers: [
        yes('Klasa dotyczy toru, kategoria – komponentu', 'A class applies to the path, a category to a component'),
        no('To synonimy', 'They are synonyms'),
        no('Kategoria dotyczy toru, klasa – komponentu', 'A category applies to the path, a class to a component'),
      ],
    },
    {
      text: l('Które parametry mierzy się w pomiarze certyfikacyjnym?', 'Which parameters does a certification test measure?'),
      answers: [
        yes('NEXT', 'NEXT'),
        yes('Tłumienie (IL)', 'Insertion loss (IL)'),
        yes('Mapa połączeń', 'Wire map'),
        no('Napięcie zasilania PoE w gniazdku 230 V', 'Mains voltage at a 230 V socket'),
      ],
    },
    {
      text: l('Czy wynik PASS* wystarcza do gwarancji?', 'Is a PASS* result enough for the warranty?'),
      answers: [yes('Nie, wymagany jest PASS bez zastrzeżeń', 'No, a clean PASS is required'), no('Tak, zawsze', 'Yes, always')],
    },
    {
      text: l('Jaka jest minimalna odległość punktu konsolidacyjnego od FD?', 'What is the minimum distance of a consolidation point from the FD?'),
      answers: [yes('15 m', '15 m'), no('5 m', '5 m'), no('50 m', '50 m')],
    },
    {
      text: l('Ile gniazd przewiduje się co najmniej na stanowisko pracy?', 'How many outlets at least are planned for each work area?'),
      answers: [yes('Dwa', 'Two'), no('Jedno', 'One'), no('Sześć', 'Six')],
    },
    {
      text: l('Co trzeba zapewnić w systemie ekranowanym?', 'What must a screened system ensure?'),
      answers: [
        yes('Ciągłość ekranu', 'Screen continuity'),
        yes('Uziemienie szafy', 'A bonded rack'),
        no('Brak jakiegokolwiek uziemienia', 'No bonding at all'),
      ],
    },
  ],
};

const FIBRE: DemoTraining = {
  slug: 'podstawy-spawania-swiatlowodow',
  title: l('Podstawy spawania światłowodów', 'Fibre splicing basics'),
  description: l(
    '<p>Kurs online: budowa i rodzaje włókien, przygotowanie kabla, spawanie spawarką łukową, zabezpieczanie spawów oraz pomiary reflektometrem OTDR i miernikiem mocy.</p>',
    '<p>An online course: fibre construction and types, preparing the cable, fusion splicing, protecting splices, and OTDR and power-meter measurements.</p>',
  ),
  modules: [
    {
      title: l('Włókna i kable', 'Fibres and cables'),
      lessons: [
        {
          title: l('Budowa i rodzaje włókien', 'Fibre construction and types'),
          content: l(
            '<p>Włókno światłowodowe składa się z <strong>rdzenia</strong>, <strong>płaszcza</strong> (125 µm) i pokrycia pierwotnego (250 µm lub 900 µm w tubie ścisłej). Światło biegnie w rdzeniu dzięki całkowitemu wewnętrznemu odbiciu.</p><ul><li><strong>Jednomodowe OS2</strong> – rdzeń 9 µm, okna 1310 i 1550 nm, duże odległości.</li><li><strong>Wielomodowe OM3/OM4</strong> – rdzeń 50 µm, okno 850 nm, do 300–550 m przy 10 Gb/s (OM4 w kolorze fioletowym lub wrzosowym).</li></ul><p>Nie łącz włókien różnych typów – spaw OS2 z OM4 daje ogromne straty.</p>',
            '<p>An optical fibre consists of the <strong>core</strong>, the <strong>cladding</strong> (125 µm) and the primary coating (250 µm, or 900 µm in a tight buffer). Light travels in the core by total internal reflection.</p><ul><li><strong>Single-mode OS2</strong> – 9 µm core, 1310 and 1550 nm windows, long distances.</li><li><strong>Multimode OM3/OM4</strong> – 50 µm core, 850 nm window, 300–550 m at 10 Gb/s (OM4 in violet or heather).</li></ul><p>Never join fibres of different types – splicing OS2 to OM4 causes huge losses.</p>',
          ),
        },
        {
          title: l('Przygotowanie kabla i bezpieczeństwo', 'Preparing the cable and safety'),
          content: l(
            '<p>Pracuj w okularach ochronnych i na ciemnej macie – odłamki szkła są niewidoczne i bardzo niebezpieczne. Odpadki wkładaj do oznaczonego pojemnika, nigdy nie zostawiaj ich na stole.</p><ol><li>Zdejmij płaszcz kabla i elementy wytrzymałościowe (aramid) na długości wymaganej przez mufę lub przełącznicę.</li><li>Oczyść tuby z żelu chusteczką z alkoholem izopropylowym.</li><li>Nasuń osłonkę termokurczliwą na włókno <em>przed</em> spawaniem.</li></ol>',
            '<p>Wear safety glasses and work on a dark mat – glass shards are invisible and very dangerous. Put offcuts into a labelled container; never leave them on the table.</p><ol><li>Remove the cable jacket and strength members (aramid) over the length required by the closure or panel.</li><li>Clean the gel off the tubes with isopropyl-alcohol wipes.</li><li>Slide the heat-shrink protector onto the fibre <em>before</em> splicing.</li></ol>',
          ),
        },
      ],
    },
    {
      title: l('Spawanie', 'Splicing'),
      lessons: [
        {
          title: l('Spawanie łukowe krok po kroku', 'Fusion splicing step by step'),
          content: l(
            '<ol><li><strong>Zdejmij pokrycie</strong> stripperem (ok. 30–40 mm).</li><li><strong>Oczyść</strong> włókno chusteczką z alkoholem izopropylowym (99%).</li><li><strong>Złam</strong> włókno łamarką precyzyjną – kąt złomu powinien być mniejszy niż 1°.</li><li><strong>Włóż</strong> włókna do uchwytów spawarki; spawarka centruje je po rdzeniach lub płaszczach.</li><li><strong>Spawaj</strong> i odczytaj szacowaną stratę – typowo do 0,05 dB dla włókien jednomodowych.</li><li><strong>Zabezpiecz</strong> spaw osłonką termokurczliwą w piecyku spawarki i ułóż w kasecie.</li></ol><p>Czysta elektroda i prawidłowo skalibrowany łuk (test łuku na początku pracy) to podstawa powtarzalnych, niskostratnych spawów.</p>',
            '<ol><li><strong>Strip</strong> the coating (about 30–40 mm).</li><li><strong>Clean</strong> the fibre with an isopropyl-alcohol (99%) wipe.</li><li><strong>Cleave</strong> with a precision cleaver – the cleave angle should be below 1°.</li><li><strong>Load</strong> the fibres into the splicer holders; it aligns them by cores or claddings.</li><li><strong>Splice</strong> and read the estimated loss – typically up to 0.05 dB for single-mode.</li><li><strong>Protect</strong> the splice with the heat-shrink sleeve in the splicer oven and lay it in the tray.</li></ol><p>Clean electrodes and a calibrated arc (an arc test at the start of work) are the basis of repeatable, low-loss splices.</p>',
          ),
          video: 'https://www.youtube.com/embed/p3XcN8tRw2Q',
        },
        {
          title: l('Organizacja zapasów w kasecie', 'Organising slack in the tray'),
          content: l(
            '<p>Zapas włókna w kasecie układaj w pętle o promieniu co najmniej 30 mm (dla włókien G.657 dopuszczalne mniejsze promienie). Każdą tubę mocuj opaską do kasety, spawy układaj w kolejności kolorów, a kasetę opisz numerami włókien.</p><p>Kolory włókien według normy: niebieski, pomarańczowy, zielony, brązowy, szary, biały, czerwony, czarny, żółty, fioletowy, różowy, turkusowy.</p>',
            '<p>Lay the fibre slack in the tray in loops with a radius of at least 30 mm (G.657 fibres allow smaller radii). Fix each tube to the tray with a tie, place splices in colour order and label the tray with the fibre numbers.</p><p>Standard fibre colours: blue, orange, green, brown, slate, white, red, black, yellow, violet, rose, aqua.</p>',
          ),
        },
      ],
    },
    {
      title: l('Pomiary', 'Measurements'),
      lessons: [
        {
          title: l('Pomiary OTDR i miernikiem mocy', 'OTDR and power-meter measurements'),
          content: l(
            '<p>Pomiar <strong>źródłem i miernikiem mocy</strong> (OLTS) daje całkowite tłumienie toru – to pomiar odbiorczy, porównywany z budżetem mocy. Referencję ustawia się metodą jednego jumpera.</p><p><strong>Reflektometr OTDR</strong> pokazuje zdarzenia wzdłuż toru: spawy, złącza, zgięcia i koniec włókna. Mierz z obu stron i uśredniaj wyniki spawów – pomiar z jednej strony może pokazać „zysk” na spawie włókien o różnym współczynniku wstecznego rozproszenia. Używaj włókien rozbiegowych (launch) i końcowych (tail), aby zobaczyć pierwsze i ostatnie złącze.</p>',
            '<p>A <strong>light source and power meter</strong> (OLTS) measure the total loss of the link – this is the acceptance test, compared with the power budget. The reference is set with the one-jumper method.</p><p>An <strong>OTDR</strong> shows events along the link: splices, connectors, bends and the fibre end. Measure from both ends and average the splice results – a one-way trace can show a “gain” at a splice between fibres with different backscatter. Use launch and tail fibres to see the first and the last connector.</p>',
          ),
        },
      ],
    },
  ],
  questions: [
    {
      text: l('Jaką średnicę ma płaszcz typowego włókna?', 'What is the cladding diameter of a typical fibre?'),
      answers: [yes('125 µm', '125 µm'), no('9 µm', '9 µm'), no('250 µm', '250 µm')],
    },
    {
      text: l('Jaki rdzeń ma włókno jednomodowe OS2?', 'What core does OS2 single-mode fibre have?'),
      answers: [yes('Ok. 9 µm', 'About 9 µm'), no('50 µm', '50 µm'), no('62,5 µm', '62.5 µm')],
    },
    {
      text: l('Które okna transmisyjne dotyczą włókien jednomodowych?', 'Which windows apply to single-mode fibre?'),
      answers: [yes('1310 nm', '1310 nm'), yes('1550 nm', '1550 nm'), no('850 nm', '850 nm')],
    },
    {
      text: l('Czy można spawać OS2 z OM4?', 'Can OS2 be spliced to OM4?'),
      answers: [yes('Nie, straty byłyby ogromne', 'No, the losses would be huge'), no('Tak, bez ograniczeń', 'Yes, without limits')],
    },
    {
      text: l('Kiedy nasuwa się osłonkę termokurczliwą?', 'When is the heat-shrink protector slid on?'),
      answers: [yes('Przed spawaniem', 'Before splicing'), no('Po spawaniu', 'After splicing'), no('Wcale', 'Never')],
    },
    {
      text: l('Jakie środki bezpieczeństwa są wymagane?', 'Which safety measures are required?'),
      answers: [
        yes('Okulary ochronne', 'Safety glasses'),
        yes('Pojemnik na odpadki włókien', 'A container for fibre offcuts'),
        no('Praca bez rękawic na jasnym blacie', 'Working on a light table with offcuts left about'),
      ],
    },
    {
      text: l('Czym czyści się włókno przed łamaniem?', 'What is used to clean the fibre before cleaving?'),
      answers: [yes('Alkoholem izopropylowym', 'Isopropyl alcohol'), no('Wodą z kranu', 'Tap water'), no('Smarem silikonowym', 'Silicone grease')],
    },
    {
      text: l('Jaki powinien być kąt złomu?', 'What should the cleave angle be?'),
      answers: [yes('Mniejszy niż 1°', 'Below 1°'), no('Około 8°', 'About 8°'), no('45°', '45°')],
    },
    {
      text: l('Typowa strata spawu jednomodowego to:', 'A typical single-mode splice loss is:'),
      answers: [yes('Do 0,05 dB', 'Up to 0.05 dB'), no('Ok. 1 dB', 'About 1 dB'), no('3 dB', '3 dB')],
    },
    {
      text: l('Jaki jest minimalny promień pętli zapasu w kasecie (włókno standardowe)?', 'The minimum slack loop radius in a tray (standard fibre) is:'),
      answers: [yes('30 mm', '30 mm'), no('5 mm', '5 mm'), no('1 mm', '1 mm')],
    },
    {
      text: l('Jaki jest kolor pierwszego włókna w tubie?', 'What is the colour of the first fibre in a tube?'),
      answers: [yes('Niebieski', 'Blue'), no('Czerwony', 'Red'), no('Biały', 'White')],
    },
    {
      text: l('Co pokazuje reflektometr OTDR?', 'What does an OTDR show?'),
      answers: [
        yes('Spawy i złącza wzdłuż toru', 'Splices and connectors along the link'),
        yes('Koniec włókna', 'The fibre end'),
        no('Napięcie zasilania urządzeń', 'The devices’ supply voltage'),
      ],
    },
    {
      text: l('Dlaczego mierzy się OTDR z obu stron?', 'Why is an OTDR trace taken from both ends?'),
      answers: [
        yes('Aby uśrednić straty spawów', 'To average the splice losses'),
        no('Bo norma zabrania pomiaru z jednej strony', 'Because one-way measurement is forbidden'),
        no('Aby podwoić długość toru', 'To double the link length'),
      ],
    },
    {
      text: l('Do czego służy włókno rozbiegowe (launch)?', 'What is a launch fibre for?'),
      answers: [
        yes('Aby zobaczyć pierwsze złącze toru', 'To see the first connector of the link'),
        no('Aby wzmocnić sygnał', 'To amplify the signal'),
        no('Do czyszczenia złączy', 'To clean connectors'),
      ],
    },
    {
      text: l('Którą metodą ustawia się referencję miernika mocy?', 'Which method sets the power-meter reference?'),
      answers: [
        yes('Metodą jednego jumpera', 'The one-jumper method'),
        no('Metodą pięciu jumperów', 'The five-jumper method'),
        no('Bez referencji', 'No reference'),
      ],
    },
  ],
};

export const DEMO_TRAININGS = [COPPER, FIBRE];
