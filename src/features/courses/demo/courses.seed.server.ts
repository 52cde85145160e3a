// Demo course dates: the certified-installer course in a few Polish cities over the coming months
// (dates counted from the day of seeding, Tuesdays and Wednesdays), one of them nearly full.
import { count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { courseRegistrations, courses } from '../courses.schema';
import { addDays, todayInWarsaw } from '~/core/time/days';

const PROGRAMME_PL = `<h2>Dla kogo</h2>
<p>Dla instalatorów, elektryków i projektantów, którzy wykonują sieci okablowania strukturalnego i chcą oferować swoim klientom <strong>25-letnią gwarancję systemową COBI NET</strong>.</p>
<h2>Program</h2>
<h3>Dzień 1: teoria i montaż</h3>
<ul><li>Normy PN-EN 50173, PN-EN 50174 i ISO/IEC 11801: klasy, kategorie, kanał i łącze stałe.</li><li>Kable U/UTP, U/FTP i S/FTP: budowa, promienie gięcia, separacja od instalacji elektrycznej.</li><li>Zarabianie modułów keystone kat. 6 i 6A, panele krosowe, organizacja szafy.</li><li>Okablowanie światłowodowe: OM3/OM4/OS2, spawanie i złącza LC/SC.</li></ul>
<h3>Dzień 2: pomiary i egzamin</h3>
<ul><li>Pomiary certyfikacyjne miernikiem klasy Level VI: NEXT, RL, IL, opóźnienie, mapa połączeń.</li><li>Pomiary światłowodów metodą 1 i 3 jumperów, reflektometria OTDR.</li><li>Dokumentacja powykonawcza i wniosek o certyfikat gwarancyjny.</li><li>Egzamin praktyczny i test wiedzy.</li></ul>
<h2>Co daje certyfikat</h2>
<p>Certyfikat instalatora COBI NET (ważny 3 lata) uprawnia do zgłaszania wykonanych sieci do 25-letniej gwarancji systemowej, daje dostęp do cen instalatorskich i wpis na listę certyfikowanych firm.</p>`;

const PROGRAMME_EN = `<h2>Who it is for</h2>
<p>Installers, electricians and designers who build structured cabling networks and want to offer their customers the <strong>COBI NET 25-year system warranty</strong>.</p>
<h2>Programme</h2>
<h3>Day 1: theory and installation</h3>
<ul><li>EN 50173, EN 50174 and ISO/IEC 11801: classes, categories, channel and permanent link.</li><li>U/UTP, U/FTP and S/FTP cables: construction, bend radii, separation from power cabling.</li><li>Terminating Cat. 6 and 6A keystone modules, patch panels, rack organisation.</li><li>Fibre cabling: OM3/OM4/OS2, splicing and LC/SC connectors.</li></ul>
<h3>Day 2: measurements and exam</h3>
<ul><li>Certification measurements with a Level VI tester: NEXT, RL, IL, delay, wire map.</li><li>Fibre measurements with the 1 and 3 jumper methods, OTDR.</li><li>As-built documentation and the warranty certificate application.</li><li>Practical exam and knowledge test.</li></ul>
<h2>What the certificate gives</h2>
<p>The COBI NET installer certificate (valid for 3 years) lets you register completed networks for the 25-year system warranty, gives access to installer prices and a listing among certified companies.</p>`;

const TITLE = { pl: 'Certyfikowany instalator systemu okablowania strukturalnego', en: 'Certified installer of the structured cabling system' };

const DATES: { city: string; venue: string; inDays: number; seats: number; price: number }[] = [
  { city: 'Leszno', venue: 'Centrum Szkoleniowe COBI NET, ul. Usługowa 10B, 64-100 Leszno', inDays: 21, seats: 12, price: 145_000 },
  { city: 'Warszawa', venue: 'Hotel Puro Warszawa Centrum, ul. Widok 9, 00-023 Warszawa (sala Mokotów)', inDays: 42, seats: 16, price: 165_000 },
  { city: 'Kraków', venue: 'Centrum Konferencyjne ICE, ul. Marii Konopnickiej 17, 30-302 Kraków', inDays: 63, seats: 14, price: 159_000 },
  { city: 'Gdańsk', venue: 'Olivia Business Centre, al. Grunwaldzka 472, 80-309 Gdańsk', inDays: 91, seats: 12, price: 159_000 },
  { city: 'Wrocław', venue: 'Wrocławski Park Technologiczny, ul. Klecińska 123, 54-413 Wrocław', inDays: 119, seats: 14, price: 155_000 },
];

/** The next Tuesday on or after a day. */
function tuesdayFrom(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const shift = (2 - d.getUTCDay() + 7) % 7;
  return addDays(day, shift);
}

const DEMO_PEOPLE = [
  ['Tomasz', 'Wiśniewski', 'ELEKTRO-SIEĆ Tomasz Wiśniewski', 'Leszno'],
  ['Katarzyna', 'Zielińska', 'NetBud Instalacje Sp. z o.o.', 'Poznań'],
  ['Marek', 'Lewandowski', 'Lewandowski Systemy Teletechniczne', 'Wrocław'],
  ['Agnieszka', 'Wójcik', 'TELE-PROJEKT s.c.', 'Kalisz'],
  ['Paweł', 'Kamiński', 'KAM-NET Paweł Kamiński', 'Gniezno'],
  ['Michał', 'Dąbrowski', 'Instal-Net Sp. z o.o.', 'Poznań'],
  ['Joanna', 'Kozłowska', 'Kozłowska Okablowanie Strukturalne', 'Zielona Góra'],
  ['Piotr', 'Jankowski', 'PJ Teleinstalacje', 'Głogów'],
  ['Robert', 'Mazur', 'Mazur Elektro', 'Ostrów Wielkopolski'],
  ['Ewa', 'Krawczyk', 'SIECI-KRAW Ewa Krawczyk', 'Leszno'],
  ['Łukasz', 'Piotrowski', 'LP Networks', 'Konin'],
] as const;

export const coursesSeeder: Seeder = {
  name: 'courses',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(courses);
    return Number(row?.n ?? 0) > 0;
  },
  async seed(log) {
    const db = getDb();
    const today = todayInWarsaw();
    const ids: number[] = [];
    for (const d of DATES) {
      const dateFrom = tuesdayFrom(addDays(today, d.inDays));
      const [row] = await db
        .insert(courses)
        .values({
          titlePl: TITLE.pl,
          titleEn: TITLE.en,
          descriptionPl: PROGRAMME_PL,
          descriptionEn: PROGRAMME_EN,
          city: d.city,
          venue: d.venue,
          dateFrom,
          dateTo: addDays(dateFrom, 1),
          timeFrom: '09:00',
          timeTo: '16:30',
          seats: d.seats,
          price: d.price,
          registrationDeadline: addDays(dateFrom, -7),
          isActive: true,
        })
        .returning({ id: courses.id });
      if (row) ids.push(row.id);
    }
    // The first date (Leszno) is nearly full: 11 of 12 seats taken.
    const first = ids[0];
    if (first) {
      const now = new Date();
      await db.insert(courseRegistrations).values(
        DEMO_PEOPLE.map(([firstName, surname, companyName, city], i) => ({
          courseId: first,
          firstName,
          surname,
          phone: `+48 600 200 ${String(100 + i)}`,
          email: `${firstName.toLowerCase().replace('ł', 'l')}.${surname.toLowerCase().replace(/[^a-z]/g, '')}@example.com`,
          companyName,
          city,
          locale: 'pl' as const,
          status: i < 6 ? ('confirmed' as const) : ('registered' as const),
          privacyAcceptedAt: now,
        })),
      );
    }
    clearPageCache();
    log(`  ${ids.length} course dates`);
  },
};
