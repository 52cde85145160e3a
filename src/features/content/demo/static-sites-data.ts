import type { StaticSiteDestination } from '../content.schema';

// Demo static sites: the policies linked from the footer and the forms, and the knowledge-base
// pages (most with a PDF from ./files, one open only to users holding role 1).

export interface DemoStaticSite {
  slug: string;
  destination: StaticSiteDestination;
  namePl: string;
  nameEn: string;
  contentPl: string;
  contentEn: string;
  /** A PDF in ./files, stored as the site's downloadable file. */
  file?: string;
  roleIds?: number[];
}

const privacyPl = `<p>Niniejsza polityka opisuje, w jaki sposób COBI NET przetwarza dane osobowe użytkowników serwisu, sklepu B2B i platformy szkoleniowej.</p>
<h2>1. Administrator danych</h2>
<p>Administratorem danych osobowych jest COBI NET, ul. Usługowa 10B, 64-100 Leszno. W sprawach dotyczących danych osobowych można kontaktować się pod adresem <a href="mailto:biuro@cobinet.pl">biuro@cobinet.pl</a>.</p>
<h2>2. Cele i podstawy przetwarzania</h2>
<ul>
<li>prowadzenie konta użytkownika i sklepu B2B – art. 6 ust. 1 lit. b RODO (umowa),</li>
<li>realizacja zamówień, wypożyczeń miernika, szkoleń i wniosków o certyfikację – art. 6 ust. 1 lit. b RODO,</li>
<li>wystawianie faktur i prowadzenie rozliczeń – art. 6 ust. 1 lit. c RODO (obowiązek prawny),</li>
<li>rozpatrywanie reklamacji i obsługa gwarancji – art. 6 ust. 1 lit. b i c RODO,</li>
<li>wysyłka newslettera – art. 6 ust. 1 lit. a RODO (zgoda),</li>
<li>dochodzenie i obrona przed roszczeniami oraz bezpieczeństwo serwisu – art. 6 ust. 1 lit. f RODO (prawnie uzasadniony interes).</li>
</ul>
<h2>3. Odbiorcy danych</h2>
<p>Dane mogą być przekazywane podmiotom, które wspierają nas w prowadzeniu działalności: dostawcom usług hostingowych i poczty elektronicznej, firmom kurierskim, biuru rachunkowemu oraz – w zakresie filmów i map osadzonych w serwisie – dostawcom tych usług, jeśli wyrazisz na to zgodę.</p>
<h2>4. Okres przechowywania</h2>
<p>Dane przechowujemy przez czas trwania umowy, a następnie przez okres przedawnienia roszczeń lub wymagany przepisami podatkowymi. Dane przetwarzane na podstawie zgody – do czasu jej wycofania.</p>
<h2>5. Twoje prawa</h2>
<p>Masz prawo dostępu do swoich danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia, wniesienia sprzeciwu oraz cofnięcia zgody w dowolnym momencie. Przysługuje Ci także skarga do Prezesa Urzędu Ochrony Danych Osobowych.</p>
<h2>6. Pliki cookies</h2>
<p>Zasady korzystania z plików cookies opisuje <a href="/pl/static/polityka-cookies">polityka cookies</a>.</p>`;

const privacyEn = `<p>This policy explains how COBI NET processes the personal data of users of the website, the B2B shop and the training platform.</p>
<h2>1. Controller</h2>
<p>The controller of personal data is COBI NET, ul. Usługowa 10B, 64-100 Leszno, Poland. For matters concerning personal data, contact <a href="mailto:biuro@cobinet.pl">biuro@cobinet.pl</a>.</p>
<h2>2. Purposes and legal bases</h2>
<ul>
<li>running the user account and the B2B shop – Art. 6(1)(b) GDPR (contract),</li>
<li>handling orders, meter rentals, training and certification applications – Art. 6(1)(b) GDPR,</li>
<li>issuing invoices and keeping accounts – Art. 6(1)(c) GDPR (legal obligation),</li>
<li>handling complaints and warranty claims – Art. 6(1)(b) and (c) GDPR,</li>
<li>sending the newsletter – Art. 6(1)(a) GDPR (consent),</li>
<li>establishing and defending claims and keeping the site secure – Art. 6(1)(f) GDPR (legitimate interest).</li>
</ul>
<h2>3. Recipients</h2>
<p>Data may be passed to companies that support our business: hosting and e-mail providers, courier companies, our accounting office and – for videos and maps embedded on the site – the providers of those services, if you consent.</p>
<h2>4. Retention</h2>
<p>We keep data for the duration of the contract and then for the limitation period of claims or the period required by tax law. Data processed on the basis of consent is kept until consent is withdrawn.</p>
<h2>5. Your rights</h2>
<p>You have the right to access, rectify and erase your data, to restrict processing, to data portability, to object and to withdraw consent at any time. You may also lodge a complaint with the President of the Personal Data Protection Office (UODO).</p>
<h2>6. Cookies</h2>
<p>The use of cookies is described in the <a href="/en/static/polityka-cookies">cookie policy</a>.</p>`;

const cookiesPl = `<p>Serwis COBI NET używa plików cookies i podobnych technologii (localStorage). Pliki niezbędne są zapisywane zawsze; pozostałe – tylko za Twoją zgodą, którą możesz zmienić w każdej chwili przez odnośnik „Ustawienia cookies” w stopce strony.</p>
<h2>Niezbędne</h2>
<table><thead><tr><th>Nazwa</th><th>Cel</th><th>Czas</th></tr></thead><tbody>
<tr><td>sid</td><td>identyfikator sesji: logowanie, koszyk, język</td><td>sesja, do 30 dni</td></tr>
<tr><td>XSRF-TOKEN</td><td>ochrona formularzy przed atakami CSRF</td><td>sesja</td></tr>
<tr><td>consent</td><td>zapamiętanie wyboru dotyczącego cookies</td><td>1 rok</td></tr>
<tr><td>is-logged-in, is-newsletter-closed, is-b2b-popup-closed (localStorage)</td><td>stan logowania i zamknięte okna informacyjne</td><td>do usunięcia</td></tr>
</tbody></table>
<h2>Statystyczne</h2>
<p>Pomagają nam zrozumieć, jak użytkownicy korzystają z serwisu. Zgoda na nie pozwala również wyświetlać osadzone filmy YouTube (w trybie rozszerzonej prywatności youtube-nocookie.com).</p>
<h2>Marketingowe</h2>
<p>Pozwalają wyświetlać treści zewnętrznych dostawców, które mogą zapisywać własne pliki cookies: filmy YouTube (Google Ireland Ltd.) i mapy Google Maps (Google Ireland Ltd.). Bez tej zgody w miejscu mapy zobaczysz informację z przyciskiem umożliwiającym jej wyrażenie.</p>
<h2>Jak zarządzać cookies</h2>
<p>Oprócz ustawień w serwisie możesz usunąć lub zablokować pliki cookies w ustawieniach przeglądarki. Zablokowanie plików niezbędnych może uniemożliwić logowanie i składanie zamówień.</p>`;

const cookiesEn = `<p>The COBI NET website uses cookies and similar technologies (localStorage). Necessary cookies are always stored; the others only with your consent, which you can change at any time with the “Cookie settings” link in the page footer.</p>
<h2>Necessary</h2>
<table><thead><tr><th>Name</th><th>Purpose</th><th>Lifetime</th></tr></thead><tbody>
<tr><td>sid</td><td>session identifier: login, cart, language</td><td>session, up to 30 days</td></tr>
<tr><td>XSRF-TOKEN</td><td>protection of forms against CSRF attacks</td><td>session</td></tr>
<tr><td>consent</td><td>remembering your cookie choice</td><td>1 year</td></tr>
<tr><td>is-logged-in, is-newsletter-closed, is-b2b-popup-closed (localStorage)</td><td>login state and closed information windows</td><td>until removed</td></tr>
</tbody></table>
<h2>Statistics</h2>
<p>Help us understand how users use the site. Consenting to them also allows embedded YouTube videos (in the privacy-enhanced youtube-nocookie.com mode).</p>
<h2>Marketing</h2>
<p>Allow content of external providers that may store their own cookies: YouTube videos (Google Ireland Ltd.) and Google Maps (Google Ireland Ltd.). Without this consent you will see a notice with a button to give it in place of the map.</p>
<h2>Managing cookies</h2>
<p>Besides the settings on the site, you can delete or block cookies in your browser settings. Blocking necessary cookies may prevent you from logging in and placing orders.</p>`;

const termsPl = `<h2>§1. Postanowienia ogólne</h2>
<p>Regulamin określa zasady korzystania z serwisu internetowego COBI NET, w tym z konta użytkownika, sklepu B2B, wypożyczalni miernika, szkoleń i formularzy. Usługodawcą jest COBI NET, ul. Usługowa 10B, 64-100 Leszno.</p>
<h2>§2. Konto użytkownika</h2>
<ol><li>Założenie konta wymaga podania danych w formularzu rejestracji, akceptacji regulaminu i polityki prywatności oraz potwierdzenia adresu e-mail.</li>
<li>Konto staje się aktywne po weryfikacji przez usługodawcę. Do czasu aktywacji część funkcji (wnioski, szkolenia, moje konto) jest niedostępna.</li>
<li>Użytkownik odpowiada za poufność hasła i aktualność danych.</li></ol>
<h2>§3. Sklep B2B</h2>
<p>Sklep B2B jest przeznaczony dla przedsiębiorców. Dostęp przyznaje usługodawca na wniosek zgłoszony przy rejestracji. Ceny w sklepie są cenami netto ustalonymi indywidualnie dla klienta. Umowa sprzedaży zostaje zawarta z chwilą potwierdzenia zamówienia przez usługodawcę.</p>
<h2>§4. Wypożyczalnia miernika i szkolenia</h2>
<p>Szczegółowe warunki wypożyczenia miernika oraz udziału w szkoleniach są podawane w formularzach rezerwacji i zapisu. Złożenie rezerwacji lub zapisu wymaga zalogowania.</p>
<h2>§5. Reklamacje</h2>
<p>Reklamacje produktów zgłasza się przez formularz reklamacji. Usługodawca rozpatruje reklamację w ciągu 14 dni od otrzymania kompletnego zgłoszenia.</p>
<h2>§6. Postanowienia końcowe</h2>
<p>Usługodawca może zmienić regulamin z ważnych przyczyn, informując użytkowników z 14-dniowym wyprzedzeniem. W sprawach nieuregulowanych stosuje się przepisy prawa polskiego.</p>`;

const termsEn = `<h2>§1. General provisions</h2>
<p>These terms set out the rules for using the COBI NET website, including the user account, the B2B shop, the meter rental, training and forms. The service provider is COBI NET, ul. Usługowa 10B, 64-100 Leszno, Poland.</p>
<h2>§2. User account</h2>
<ol><li>Creating an account requires filling in the registration form, accepting these terms and the privacy policy and confirming the e-mail address.</li>
<li>The account becomes active after verification by the provider. Until then some features (applications, trainings, my account) are unavailable.</li>
<li>The user is responsible for keeping the password confidential and the data up to date.</li></ol>
<h2>§3. B2B shop</h2>
<p>The B2B shop is for businesses. The provider grants access on a request made at registration. Shop prices are net prices agreed individually with the customer. A sales contract is concluded when the provider confirms the order.</p>
<h2>§4. Meter rental and training</h2>
<p>The detailed conditions of the meter rental and of training are given in the booking and registration forms. Booking or registering requires logging in.</p>
<h2>§5. Complaints</h2>
<p>Product complaints are filed through the complaint form. The provider handles a complaint within 14 days of receiving complete information.</p>
<h2>§6. Final provisions</h2>
<p>The provider may change these terms for important reasons, informing users 14 days in advance. Polish law applies to matters not covered here.</p>`;

const newsletterPl = `<h2>§1. Zakres usługi</h2>
<p>Newsletter COBI NET to bezpłatna wiadomość e-mail z informacjami o nowościach produktowych, szkoleniach, targach i zmianach w programie gwarancyjnym, wysyłana nie częściej niż dwa razy w miesiącu.</p>
<h2>§2. Zapis</h2>
<p>Zapis wymaga podania imienia i adresu e-mail oraz wyrażenia zgody na otrzymywanie newslettera. Zgoda jest dobrowolna.</p>
<h2>§3. Kalkulator w prezencie</h2>
<p>Każdy subskrybent otrzymuje bezpłatny dostęp do kalkulatora wypełnienia korytek kablowych i separacji kabli na czas trwania subskrypcji.</p>
<h2>§4. Rezygnacja</h2>
<p>Z newslettera można zrezygnować w każdej chwili za pomocą odnośnika w stopce każdej wiadomości lub pisząc na adres <a href="mailto:biuro@cobinet.pl">biuro@cobinet.pl</a>. Rezygnacja kończy bezpłatny dostęp do kalkulatora.</p>
<h2>§5. Dane osobowe</h2>
<p>Dane subskrybentów są przetwarzane na podstawie zgody, zgodnie z <a href="/pl/static/polityka-prywatnosci">polityką prywatności</a>.</p>`;

const newsletterEn = `<h2>§1. The service</h2>
<p>The COBI NET newsletter is a free e-mail with news about products, training, trade fairs and the warranty programme, sent no more than twice a month.</p>
<h2>§2. Subscribing</h2>
<p>To subscribe, give your name and e-mail address and consent to receiving the newsletter. Consent is voluntary.</p>
<h2>§3. The calculator as a gift</h2>
<p>Every subscriber gets free access to the cable tray fill and cable separation calculator for as long as the subscription lasts.</p>
<h2>§4. Unsubscribing</h2>
<p>You can unsubscribe at any time with the link in the footer of every message or by writing to <a href="mailto:biuro@cobinet.pl">biuro@cobinet.pl</a>. Unsubscribing ends the free access to the calculator.</p>
<h2>§5. Personal data</h2>
<p>Subscribers’ data is processed on the basis of consent, as described in the <a href="/en/static/polityka-prywatnosci">privacy policy</a>.</p>`;

export const demoStaticSites: DemoStaticSite[] = [
  { slug: 'polityka-prywatnosci', destination: 'other', namePl: 'Polityka prywatności', nameEn: 'Privacy policy', contentPl: privacyPl, contentEn: privacyEn },
  { slug: 'polityka-cookies', destination: 'other', namePl: 'Polityka cookies', nameEn: 'Cookie policy', contentPl: cookiesPl, contentEn: cookiesEn },
  { slug: 'regulamin', destination: 'other', namePl: 'Regulamin serwisu', nameEn: 'Terms of service', contentPl: termsPl, contentEn: termsEn },
  {
    slug: 'regulamin-newslettera',
    destination: 'other',
    namePl: 'Regulamin newslettera',
    nameEn: 'Newsletter terms',
    contentPl: newsletterPl,
    contentEn: newsletterEn,
  },
  // Materiały
  {
    slug: 'katalog-produktow-cobi',
    destination: 'Materiały',
    namePl: 'Katalog produktów COBI',
    nameEn: 'COBI product catalogue',
    file: 'katalog-cobi-2025.pdf',
    contentPl: '<p>Katalog podstawowych linii produktów: okablowanie miedziane i światłowodowe, szafy rack i akcesoria, z numerami katalogowymi.</p>',
    contentEn: '<p>The catalogue of our main product lines – copper and fibre cabling, rack cabinets and accessories – with catalogue numbers.</p>',
  },
  {
    slug: 'karta-katalogowa-kabel-uftp-kat6a',
    destination: 'Materiały',
    namePl: 'Karta katalogowa: kabel U/FTP kat. 6A LSOH',
    nameEn: 'Datasheet: Cat. 6A U/FTP LSOH cable',
    file: 'karta-katalogowa-kabel-uftp-kat6a.pdf',
    contentPl: '<p>Dane techniczne kabla instalacyjnego U/FTP kategorii 6A w powłoce LSOH o klasie reakcji na ogień Dca.</p>',
    contentEn: '<p>Technical data of the Category 6A U/FTP installation cable in an LSOH sheath with fire class Dca.</p>',
  },
  {
    slug: 'przewodnik-projektanta',
    destination: 'Materiały',
    namePl: 'Przewodnik projektanta okablowania',
    nameEn: 'Cabling design guide',
    file: 'przewodnik-projektanta.pdf',
    contentPl: '<p>Dobre praktyki projektowania okablowania strukturalnego w systemie COBI: topologia, dobór klasy, separacja i dokumentacja.</p>',
    contentEn: '<p>Good practice for designing structured cabling with the COBI system: topology, choice of class, separation and documentation.</p>',
  },
  {
    slug: 'materialy-dla-partnerow',
    destination: 'Materiały',
    namePl: 'Materiały dla partnerów handlowych',
    nameEn: 'Materials for trade partners',
    roleIds: [1],
    contentPl: `<p>Strona dla partnerów handlowych COBI NET.</p>
<h2>Warunki współpracy</h2>
<ul><li>rabaty progowe liczone od obrotu kwartalnego,</li><li>wsparcie marketingowe: materiały POS, ekspozytory i próbki,</li><li>pierwszeństwo w zapisach na szkolenia certyfikacyjne.</li></ul>
<p>Aktualne warunki handlowe przekazuje opiekun handlowy. Kontakt: <a href="mailto:sprzedaz@cobinet.pl">sprzedaz@cobinet.pl</a>.</p>`,
    contentEn: `<p>A page for COBI NET trade partners.</p>
<h2>Terms of cooperation</h2>
<ul><li>tiered discounts based on quarterly turnover,</li><li>marketing support: POS materials, displays and samples,</li><li>priority in certification course registration.</li></ul>
<p>Your account manager provides the current trade terms. Contact: <a href="mailto:sprzedaz@cobinet.pl">sprzedaz@cobinet.pl</a>.</p>`,
  },
  // Dokumenty
  {
    slug: 'deklaracja-zgodnosci-ue-system-kat6a',
    destination: 'Dokumenty',
    namePl: 'Deklaracja zgodności UE – system kat. 6A',
    nameEn: 'EU declaration of conformity – Cat. 6A system',
    file: 'deklaracja-zgodnosci-ue-system-kat6a.pdf',
    contentPl: '<p>Deklaracja zgodności z dyrektywą RoHS dla modułów, paneli, gniazd i kabli krosowych kategorii 6A.</p>',
    contentEn: '<p>Declaration of conformity with the RoHS directive for Category 6A modules, panels, outlets and patch cords.</p>',
  },
  {
    slug: 'deklaracja-wlasciwosci-uzytkowych-utp-kat6',
    destination: 'Dokumenty',
    namePl: 'Deklaracja właściwości użytkowych (CPR) – kabel U/UTP kat. 6',
    nameEn: 'Declaration of performance (CPR) – Cat. 6 U/UTP cable',
    file: 'dwu-kabel-utp-kat6-dca.pdf',
    contentPl: '<p>Deklaracja właściwości użytkowych kabla U/UTP kategorii 6 LSOH, klasa reakcji na ogień Dca-s2,d2,a1.</p>',
    contentEn: '<p>Declaration of performance of the Category 6 U/UTP LSOH cable, fire class Dca-s2,d2,a1.</p>',
  },
  {
    slug: 'wzor-certyfikatu-gwarancji',
    destination: 'Dokumenty',
    namePl: 'Wzór certyfikatu 25-letniej gwarancji',
    nameEn: 'Sample 25-year warranty certificate',
    file: 'wzor-certyfikatu-gwarancji-25-lat.pdf',
    contentPl: '<p>Wzór certyfikatu wydawanego inwestorowi po pozytywnej weryfikacji wniosku o certyfikację instalacji.</p>',
    contentEn: '<p>A sample of the certificate issued to the investor after a positive review of the certification application.</p>',
  },
  // Instrukcje
  {
    slug: 'instrukcja-montazu-modulu-keystone-kat6a',
    destination: 'Instrukcje',
    namePl: 'Instrukcja montażu modułu keystone kat. 6A',
    nameEn: 'Installation instructions: Cat. 6A keystone module',
    file: 'instrukcja-montazu-modulu-keystone-kat6a.pdf',
    contentPl: '<p>Zarabianie ekranowanego modułu keystone kategorii 6A krok po kroku.</p>',
    contentEn: '<p>Terminating the shielded Category 6A keystone module step by step.</p>',
  },
  {
    slug: 'instrukcja-montazu-panelu-krosowego',
    destination: 'Instrukcje',
    namePl: 'Instrukcja montażu panelu krosowego 24 porty',
    nameEn: 'Installation instructions: 24-port patch panel',
    file: 'instrukcja-montazu-panelu-krosowego-24p.pdf',
    contentPl: '<p>Montaż panelu krosowego w szafie 19", uziemienie i prowadzenie kabli.</p>',
    contentEn: '<p>Mounting the patch panel in a 19" cabinet, earthing and cable routing.</p>',
  },
  {
    slug: 'instrukcja-pomiarow-certyfikacyjnych',
    destination: 'Instrukcje',
    namePl: 'Instrukcja pomiarów certyfikacyjnych',
    nameEn: 'Certification measurement instructions',
    file: 'instrukcja-pomiarow-certyfikacyjnych.pdf',
    contentPl: '<p>Ustawienia miernika, limity testów i zapis wyników wymagane do wniosku o 25-letnią gwarancję.</p>',
    contentEn: '<p>Meter settings, test limits and saving the results required for the 25-year warranty application.</p>',
  },
  {
    slug: 'zasady-prowadzenia-kabli',
    destination: 'Instrukcje',
    namePl: 'Zasady prowadzenia kabli w korytkach',
    nameEn: 'Rules for running cables in trays',
    contentPl: `<p>Prawidłowe prowadzenie kabli chroni parametry transmisyjne toru i ułatwia późniejszą rozbudowę instalacji.</p>
<ul><li>Zachowaj promień gięcia co najmniej 8 średnic kabla podczas montażu i 4 średnice po ułożeniu.</li>
<li>Nie przekraczaj siły naciągu 110 N dla kabla czteroparowego.</li>
<li>Wypełnienie korytka nie powinno przekraczać 40% jego przekroju.</li>
<li>Mocuj wiązki opaskami rzepowymi; nie zaciskaj opasek, które odkształcają powłokę.</li>
<li>Zachowaj separację od przewodów zasilających zgodnie z PN-EN 50174-2.</li></ul>`,
    contentEn: `<p>Running cables correctly protects the transmission performance of the link and makes extending the installation easier.</p>
<ul><li>Keep a bending radius of at least 8 cable diameters during installation and 4 diameters once installed.</li>
<li>Do not exceed a pulling force of 110 N for a four-pair cable.</li>
<li>Tray fill should not exceed 40% of its cross-section.</li>
<li>Fix bundles with hook-and-loop ties; do not tighten ties so that they deform the sheath.</li>
<li>Keep separation from power cables according to EN 50174-2.</li></ul>`,
  },
];
