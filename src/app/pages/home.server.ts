// The data of the home page, gathered from the features' services: the arrangement of the
// sections (content), then only what the visible sections show.
import type { StoredImage } from '~/core/files/responsive-image';
import type { Locale } from '~/core/i18n/locale';
import { type CategoryTile, categoryTiles } from '~/features/catalog/catalog.server';
import { type HomeProductCard, homeProducts } from '~/features/catalog/home-products.server';
import { type HomeSection, homeSectionsFor } from '~/features/content/home-sections.server';
import { listRealizations, type RealizationItem } from '~/features/content/media.server';
import { CONTACT_PHONE } from '~/features/content/page-texts';
import { latestPosts, type PostCard } from '~/features/content/posts.server';
import { listUpcomingCourses } from '~/features/courses/courses.server';
import { listActiveTesters } from '~/features/rentals/rentals.server';
import { listTrainings } from '~/features/trainings/trainings.server';

export interface HomeTraining {
  id: number;
  title: string;
  summary: string;
}

export interface HomeCourse {
  id: number;
  title: string;
  city: string;
  dateFrom: string;
  dateTo: string;
  priceGrosze: number;
  seatsLeft: number;
}

export interface HomeTester {
  id: number;
  name: string;
  model: string;
  summary: string;
  pricePerDay: number;
  image: StoredImage | null;
}

export interface HomeData {
  sections: HomeSection[];
  categories: CategoryTile[];
  featured: HomeProductCard[];
  latest: HomeProductCard[];
  trainings: HomeTraining[];
  courses: HomeCourse[];
  testers: HomeTester[];
  posts: PostCard[];
  realizations: RealizationItem[];
  contactPhone: string;
}

/** Rich text as one plain line (cards show a short summary). */
export function plainText(html: string, max = 220): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}

const none = <T>(): Promise<T[]> => Promise.resolve([]);

export async function loadHome(locale: Locale): Promise<HomeData> {
  const sections = await homeSectionsFor(locale);
  const on = new Set(sections.filter((s) => s.visible).map((s) => s.key));
  const [categories, products, trainings, courses, testers, posts, realizations] = await Promise.all([
    on.has('catalog') ? categoryTiles(locale) : none<CategoryTile>(),
    on.has('products') ? homeProducts(locale, 4) : Promise.resolve({ featured: [], latest: [] }),
    on.has('trainings') ? listTrainings(null, locale) : none<Awaited<ReturnType<typeof listTrainings>>[number]>(),
    on.has('trainings') ? listUpcomingCourses(locale) : none<Awaited<ReturnType<typeof listUpcomingCourses>>[number]>(),
    on.has('rental') ? listActiveTesters(locale) : none<Awaited<ReturnType<typeof listActiveTesters>>[number]>(),
    on.has('news') ? latestPosts(locale, 3) : none<PostCard>(),
    on.has('realizations') ? listRealizations(locale) : none<RealizationItem>(),
  ]);
  return {
    sections,
    categories,
    featured: products.featured,
    latest: products.latest,
    trainings: trainings.slice(0, 3).map((t) => ({ id: t.id, title: t.title, summary: plainText(t.description, 160) })),
    courses: courses
      .filter((c) => c.state !== 'past')
      .slice(0, 3)
      .map((c) => ({ id: c.id, title: c.title, city: c.city, dateFrom: c.date_from, dateTo: c.date_to, priceGrosze: c.price_grosze, seatsLeft: c.seats_left })),
    testers: testers.slice(0, 2).map((t) => ({
      id: t.id,
      name: t.name,
      model: t.model,
      summary: plainText(t.description, 200),
      pricePerDay: t.pricePerDay,
      image: t.imageIds[0] ? { fileId: t.imageIds[0], width: null, height: null, alt: t.name } : null,
    })),
    posts,
    realizations: realizations.slice(0, 4),
    contactPhone: CONTACT_PHONE,
  };
}
