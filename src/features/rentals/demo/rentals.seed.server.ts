import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '~/core/db/db.server';
import { saveFile } from '~/core/files/storage.server';
import type { Seeder } from '~/core/seed.server';
import { addDays, todayInWarsaw } from '~/core/time/days';
import { rentalSettings, testers } from '../rentals.schema';

/** A simple drawing of a hand-held meter (the demo has no photos). */
function meterSvg(accent: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 960 720">
  <rect width="960" height="720" fill="#f1f5f9"/>
  <rect x="330" y="90" width="300" height="540" rx="40" fill="#1e293b"/>
  <rect x="360" y="130" width="240" height="180" rx="12" fill="#e2e8f0"/>
  <polyline points="380,270 430,200 470,240 520,170 580,230" fill="none" stroke="${accent}" stroke-width="8"/>
  <circle cx="420" cy="390" r="28" fill="${accent}"/><circle cx="540" cy="390" r="28" fill="#64748b"/>
  <rect x="385" y="460" width="190" height="36" rx="8" fill="#334155"/>
  <rect x="385" y="515" width="190" height="36" rx="8" fill="#334155"/>
  <rect x="450" y="40" width="60" height="60" rx="8" fill="#475569"/>
  <text x="480" y="600" font-family="sans-serif" font-size="30" fill="#f8fafc" text-anchor="middle">${label}</text>
</svg>`;
}

async function image(svg: string, filename: string): Promise<string> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true });
  return (await saveFile({ data, filename, contentType: 'image/webp', width: info.width, height: info.height })).id;
}

export const rentalsSeeder: Seeder = {
  name: 'tester rentals',
  async hasContent() {
    const [{ n }] = await getDb().select({ n: count() }).from(testers);
    return n > 0;
  },
  async seed() {
    const db = getDb();
    // Calibrated for a year from the day of the seed (a rental must end by it).
    const calibrationValidUntil = addDays(todayInWarsaw(), 365);
    const copper = await image(meterSvg('#16a34a', 'DSX-8000'), 'miernik-dsx-8000.webp');
    const copperKit = await image(meterSvg('#0f766e', 'DSX + CertiFiber'), 'miernik-dsx-8000-zestaw.webp');
    const otdr = await image(meterSvg('#2563eb', 'OptiFiber Pro'), 'miernik-optifiber-pro.webp');
    await db.insert(testers).values([
      {
        name: 'Fluke Networks DSX-8000 CableAnalyzer',
        model: 'DSX2-8000 + CertiFiber Pro',
        serialNumber: '1234567-DSX',
        descriptionPl:
          'Certyfikator okablowania miedzianego do kategorii 8 (2 GHz) z modułami światłowodowymi OLTS. Pomiary zgodne z ISO/IEC 11801 i TIA-568, raporty w LinkWare PC.',
        descriptionEn: 'Copper cabling certifier up to Category 8 (2 GHz) with OLTS fibre modules. Tests to ISO/IEC 11801 and TIA-568, reports in LinkWare PC.',
        accessoriesPl:
          'Jednostka główna i zdalna\nAdaptery Cat 6A/Class EA Permanent Link (2 szt.)\nAdaptery Channel (2 szt.)\nModuły CertiFiber Pro\nŁadowarki i walizka transportowa',
        accessoriesEn:
          'Main and remote unit\nCat 6A/Class EA Permanent Link adapters (2)\nChannel adapters (2)\nCertiFiber Pro modules\nChargers and carrying case',
        imageIds: [copper, copperKit],
        pricePerDay: 35_000,
        thresholdDays: 3,
        extraDayPrice: 25_000,
        deposit: 500_000,
        isActive: true,
        calibrationValidUntil,
      },
      {
        name: 'Fluke Networks OptiFiber Pro OTDR',
        model: 'OFP2-100-Q Quad',
        serialNumber: '7654321-OFP',
        descriptionPl:
          'Reflektometr OTDR dla światłowodów jedno- i wielomodowych (850/1300/1310/1550 nm): lokalizacja zdarzeń, pomiar tłumienności spawów i złączy, inspekcja czół.',
        descriptionEn: 'OTDR for single-mode and multimode fibre (850/1300/1310/1550 nm): event location, splice and connector loss, end-face inspection.',
        accessoriesPl: 'Reflektometr z modułem Quad\nŚwiatłowody rozbiegowe SM i MM\nSonda inspekcyjna FI-7000\nŁadowarka i walizka transportowa',
        accessoriesEn: 'OTDR with Quad module\nSM and MM launch fibres\nFI-7000 inspection probe\nCharger and carrying case',
        imageIds: [otdr],
        pricePerDay: 28_000,
        thresholdDays: 2,
        extraDayPrice: 18_000,
        deposit: 400_000,
        isActive: true,
        calibrationValidUntil,
      },
    ]);
    await db.insert(rentalSettings).values({ id: 1, courierFee: 4_500 }).onConflictDoNothing();
  },
};
