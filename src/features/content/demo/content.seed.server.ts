import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '~/core/db/db.server';
import { saveFile } from '~/core/files/storage.server';
import { formatDate } from '~/core/time/format';
import type { Seeder } from '~/core/seed.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { slugify } from '~/core/text';
import { posts, realizations, staticSites, videos } from '../content.schema';
import { type BuildingDrawing, buildingSvg, type PostDrawing, postSvg } from './drawings';
import { demoPosts } from './posts-data';
import { demoStaticSites } from './static-sites-data';

// The knowledge-base PDFs (built by demo/pdf/build-pdfs.mjs), bundled with the server.
const PDFS = import.meta.glob<string>('./files/*.pdf', { query: '?inline', import: 'default', eager: true });

function pdfBytes(name: string): Buffer {
  const dataUrl = PDFS[`./files/${name}`];
  if (!dataUrl) throw new Error(`Demo PDF missing: ${name}`);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`Not a PDF: ${name}`);
  return bytes;
}

async function saveSvgAsWebp(svg: string, filename: string) {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true });
  return saveFile({ data, filename, contentType: 'image/webp', width: info.width, height: info.height });
}

const DAY = 24 * 60 * 60 * 1000;

interface DemoRealization {
  drawing: BuildingDrawing;
  location: string;
  year: number;
  pl: { title: string; description: string };
  en: { title: string; description: string };
}

const demoRealizations: DemoRealization[] = [
  {
    drawing: 'office',
    location: 'Poznań',
    year: 2025,
    pl: {
      title: 'Biurowiec klasy A',
      description:
        'Okablowanie poziome klasy EA (1 240 torów U/FTP kat. 6A) na 11 kondygnacjach i szkielet światłowodowy OS2. Zasilanie PoE++ punktów dostępowych Wi-Fi 6E i kamer.',
    },
    en: {
      title: 'Class A office building',
      description:
        'Class EA horizontal cabling (1,240 Cat. 6A U/FTP links) on 11 floors and an OS2 fibre backbone. PoE++ power for Wi-Fi 6E access points and cameras.',
    },
  },
  {
    drawing: 'datacentre',
    location: 'Warszawa',
    year: 2025,
    pl: {
      title: 'Serwerownia centrum danych',
      description:
        'Okablowanie 60 szaf rack: przełącznice światłowodowe 1U z kasetami LC, 2 300 włókien OM4 i OS2 oraz tory miedziane kat. 6A do sieci zarządzania.',
    },
    en: {
      title: 'Data centre server room',
      description:
        'Cabling of 60 rack cabinets: 1U fibre panels with LC cassettes, 2,300 OM4 and OS2 fibres and Cat. 6A copper links for the management network.',
    },
  },
  {
    drawing: 'hospital',
    location: 'Wrocław',
    year: 2024,
    pl: {
      title: 'Szpital specjalistyczny – nowy blok operacyjny',
      description:
        'Sieć dla systemów medycznych, przywoławczych i telefonii: 860 torów kat. 6A w kablach o klasie Dca, redundantny szkielet światłowodowy między budynkami.',
    },
    en: {
      title: 'Specialist hospital – new operating block',
      description:
        'A network for medical, nurse-call and telephony systems: 860 Cat. 6A links in Dca-class cables and a redundant fibre backbone between buildings.',
    },
  },
  {
    drawing: 'logistics',
    location: 'Stryków',
    year: 2024,
    pl: {
      title: 'Centrum logistyczne',
      description:
        'Okablowanie hali magazynowej o powierzchni 40 000 m²: punkty dostępowe dla skanerów, kamery PoE i światłowód zewnętrzny do portierni i biurowca.',
    },
    en: {
      title: 'Logistics centre',
      description: 'Cabling of a 40,000 m² warehouse: access points for scanners, PoE cameras and outdoor fibre to the gatehouse and office building.',
    },
  },
  {
    drawing: 'campus',
    location: 'Gdańsk',
    year: 2023,
    pl: {
      title: 'Budynek dydaktyczny uczelni',
      description: 'Sale wykładowe, laboratoria i biblioteka: 1 020 torów kat. 6, szafy rack 42U w punktach dystrybucyjnych i szkielet OM4 z zapasem włókien.',
    },
    en: {
      title: 'University teaching building',
      description:
        'Lecture halls, laboratories and a library: 1,020 Cat. 6 links, 42U rack cabinets in the distribution points and an OM4 backbone with spare fibres.',
    },
  },
  {
    drawing: 'factory',
    location: 'Kalisz',
    year: 2023,
    pl: {
      title: 'Zakład produkcyjny',
      description: 'Sieć biurowa i przemysłowa: kable S/FTP kat. 7 w strefach produkcyjnych, światłowody do maszyn i szafy rack z klimatyzacją w hali.',
    },
    en: {
      title: 'Production plant',
      description:
        'Office and industrial networks: Cat. 7 S/FTP cables in production areas, fibre to the machines and air-conditioned rack cabinets in the hall.',
    },
  },
  {
    drawing: 'hotel',
    location: 'Kraków',
    year: 2022,
    pl: {
      title: 'Hotel konferencyjny',
      description: '320 pokoi i centrum konferencyjne: okablowanie kat. 6A dla telewizji IP, Wi-Fi i systemu zarządzania budynkiem.',
    },
    en: {
      title: 'Conference hotel',
      description: '320 rooms and a conference centre: Cat. 6A cabling for IPTV, Wi-Fi and the building management system.',
    },
  },
  {
    drawing: 'school',
    location: 'Głogów',
    year: 2022,
    pl: {
      title: 'Modernizacja sieci w szkole podstawowej',
      description: 'Wymiana okablowania w 34 salach lekcyjnych i pracowniach komputerowych, nowy punkt dystrybucyjny i światłowód do sali gimnastycznej.',
    },
    en: {
      title: 'Primary school network upgrade',
      description: 'New cabling in 34 classrooms and computer labs, a new distribution point and fibre to the sports hall.',
    },
  },
];

// Each demo video carries a poster (a drawing, 1200 × 675) shown while the embed waits for consent.
const demoVideos: { youtubeId: string; poster: PostDrawing; instructional: boolean; pl: readonly [string, string]; en: readonly [string, string] }[] = [
  {
    youtubeId: 'Hq7vYb2kLmE',
    poster: 'cable',
    instructional: false,
    pl: ['Jak powstaje kabel kategorii 6A', 'Od skrętki par przez ekranowanie po badania końcowe – zobacz produkcję kabla U/FTP.'],
    en: ['How a Category 6A cable is made', 'From twisting the pairs through shielding to final testing – see how a U/FTP cable is produced.'],
  },
  {
    youtubeId: 'p3XcN8tRw2Q',
    poster: 'rack',
    instructional: false,
    pl: ['System okablowania COBI w dwie minuty', 'Przegląd linii produktów: okablowanie miedziane i światłowodowe, szafy rack i akcesoria.'],
    en: ['The COBI cabling system in two minutes', 'An overview of the product lines: copper and fibre cabling, rack cabinets and accessories.'],
  },
  {
    youtubeId: 'Zk4mT9aWq1s',
    poster: 'warranty',
    instructional: false,
    pl: ['25 lat gwarancji systemowej', 'Jak działa program gwarancyjny i co zyskuje inwestor dzięki certyfikowanej instalacji.'],
    en: ['The 25-year system warranty', 'How the warranty programme works and what the investor gains from a certified installation.'],
  },
  {
    youtubeId: 'R8dLf2VxN0c',
    poster: 'poe',
    instructional: true,
    pl: ['Montaż modułu keystone kat. 6A', 'Zarabianie ekranowanego modułu bez narzędzi – krok po kroku.'],
    en: ['Mounting a Cat. 6A keystone module', 'Terminating a shielded module without tools – step by step.'],
  },
  {
    youtubeId: 'bW5nQ1yUe7k',
    poster: 'tray',
    instructional: true,
    pl: ['Montaż panelu krosowego w szafie 19"', 'Mocowanie, uziemienie, prowadzenie i opisywanie kabli.'],
    en: ['Mounting a patch panel in a 19" cabinet', 'Fixing, earthing, routing and labelling the cables.'],
  },
  {
    youtubeId: 'tY6sK3pGh9M',
    poster: 'meter',
    instructional: true,
    pl: ['Pomiar certyfikacyjny toru klasy EA', 'Referencja, wybór limitu testu i zapis wyników do wniosku o gwarancję.'],
    en: ['Certification measurement of a class EA link', 'Setting the reference, choosing the test limit and saving results for the warranty application.'],
  },
] as const;

export const contentSeeder: Seeder = {
  name: 'content',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(posts);
    return (row?.n ?? 0) > 0;
  },
  async seed(log) {
    const db = getDb();
    const now = Date.now();

    for (const [i, p] of demoPosts.entries()) {
      const publishedAt = new Date(now - p.daysAgo * DAY);
      const at = (days: number) => formatDate(publishedAt.getTime() + days * DAY);
      const image = await saveSvgAsWebp(postSvg(p.drawing, i), `${slugify(p.pl.title).slice(0, 60)}.webp`);
      await db.insert(posts).values({
        titlePl: p.pl.title,
        titleEn: p.en.title,
        slugPl: slugify(p.pl.title),
        slugEn: slugify(p.en.title),
        leadPl: p.pl.lead,
        leadEn: p.en.lead,
        contentPl: p.pl.content(at),
        contentEn: p.en.content(at),
        imageFileId: image.id,
        isPublished: p.published ?? true,
        publishedAt,
      });
    }
    log(`  ${demoPosts.length} news posts`);

    for (const [position, s] of demoStaticSites.entries()) {
      const file = s.file ? await saveFile({ data: pdfBytes(s.file), filename: s.file, contentType: 'application/pdf' }) : undefined;
      await db.insert(staticSites).values({
        slug: s.slug,
        namePl: s.namePl,
        nameEn: s.nameEn,
        destination: s.destination,
        roleIds: s.roleIds ?? [],
        contentPl: s.contentPl,
        contentEn: s.contentEn,
        resourceFileId: file?.id,
        resourceFilename: s.file,
        position,
      });
    }
    log(`  ${demoStaticSites.length} static sites`);

    for (const [position, r] of demoRealizations.entries()) {
      const image = await saveSvgAsWebp(buildingSvg(r.drawing, position), `${slugify(r.pl.title).slice(0, 60)}.webp`);
      await db.insert(realizations).values({
        titlePl: r.pl.title,
        titleEn: r.en.title,
        descriptionPl: r.pl.description,
        descriptionEn: r.en.description,
        location: r.location,
        year: r.year,
        imageFileId: image.id,
        position,
      });
    }
    log(`  ${demoRealizations.length} realizations`);

    for (const [position, v] of demoVideos.entries()) {
      const poster = await saveSvgAsWebp(postSvg(v.poster, position + 2), `${slugify(v.pl[0]).slice(0, 60)}.webp`);
      await db.insert(videos).values({
        titlePl: v.pl[0],
        titleEn: v.en[0],
        descriptionPl: v.pl[1],
        descriptionEn: v.en[1],
        youtubeId: v.youtubeId,
        posterFileId: poster.id,
        isInstructional: v.instructional,
        position,
      });
    }
    log(`  ${demoVideos.length} videos`);
    // Menus and lists cached before the seed (static sites) reload.
    clearPageCache();
  },
};
