import { eq } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { courses } from '../courses.schema';
import { addDays, todayInWarsaw } from '~/core/time/days';

/** A course date starting `inDays` from today (two days long), with `seats` seats. */
export async function createCourse(opts: { inDays?: number; seats?: number; isActive?: boolean; city?: string; deadline?: string | null } = {}) {
  const dateFrom = addDays(todayInWarsaw(), opts.inDays ?? 30);
  const [c] = await getDb()
    .insert(courses)
    .values({
      titlePl: 'Certyfikowany instalator okablowania',
      titleEn: 'Certified cabling installer',
      descriptionPl: '<p>Program szkolenia: normy, montaż, pomiary.</p>',
      descriptionEn: '<p>Programme: standards, installation, measurements.</p>',
      city: opts.city ?? 'Poznań',
      venue: 'Hotel Ibis, ul. Kazimierza Wielkiego 23, 61-863 Poznań',
      dateFrom,
      dateTo: addDays(dateFrom, 1),
      seats: opts.seats ?? 10,
      price: 145_000,
      registrationDeadline: opts.deadline ?? null,
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (!c) throw new Error('no course');
  return c;
}

/** The course date has taken place: it began yesterday and ends today (attendance opens on its last day). */
export async function courseTookPlace(id: number) {
  const today = todayInWarsaw();
  await getDb()
    .update(courses)
    .set({ dateFrom: addDays(today, -1), dateTo: today })
    .where(eq(courses.id, id));
}

let n = 0;
/** A valid registration payload for a course. */
export function registration(courseId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  n += 1;
  return {
    course_id: String(courseId),
    first_name: 'Krzysztof',
    surname: 'Nowicki',
    phone: '+48 601 234 567',
    email: `uczestnik.${n}.${Math.random().toString(36).slice(2, 7)}@example.com`,
    company_name: 'Nowicki Teletechnika Sp. z o.o.',
    city: 'Poznań',
    accepted_privacy: '1',
    ...overrides,
  };
}
