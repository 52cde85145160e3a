import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull(),
    slugPl: text('slug_pl').notNull(),
    slugEn: text('slug_en').notNull(),
    leadPl: text('lead_pl').notNull().default(''),
    leadEn: text('lead_en').notNull().default(''),
    contentPl: text('content_pl').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('posts_published_idx').on(t.isPublished, t.publishedAt)],
);

/** SPEC section 3: destination is Materiały, Dokumenty, Instrukcje or other. */
export const STATIC_SITE_DESTINATIONS = ['Materiały', 'Dokumenty', 'Instrukcje', 'other'] as const;
export type StaticSiteDestination = (typeof STATIC_SITE_DESTINATIONS)[number];

export const staticSites = pgTable('static_sites', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  destination: text('destination').$type<StaticSiteDestination>().notNull().default('other'),
  roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
  contentPl: text('content_pl').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  resourceFileId: uuid('resource_file_id').references(() => files.id, { onDelete: 'set null' }),
  resourceFilename: text('resource_filename'),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * Addresses a static site had before an edit changed them (its slug, or its English name and so its
 * English address): they answer 301 to the current address instead of 404 (links, bookmarks, search
 * engines). A slug that becomes some site's address again leaves this table.
 */
export const staticSiteOldSlugs = pgTable('static_site_old_slugs', {
  slug: text('slug').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => staticSites.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const videos = pgTable('videos', {
  id: serial('id').primaryKey(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionPl: text('description_pl').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  youtubeId: text('youtube_id').notNull(),
  /** The poster shown under the consent notice while the embed is blocked (optional). */
  posterFileId: uuid('poster_file_id').references(() => files.id, { onDelete: 'set null' }),
  isInstructional: boolean('is_instructional').notNull().default(false),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const realizations = pgTable('realizations', {
  id: serial('id').primaryKey(),
  titlePl: text('title_pl').notNull(),
  titleEn: text('title_en').notNull(),
  descriptionPl: text('description_pl').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  location: text('location').notNull().default(''),
  year: integer('year'),
  imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * The home page's sections as the administrator set them (admin area home-sections): shown or
 * hidden, their order and their heading and lead in both languages (empty: the built-in text).
 * A section without a row shows with its built-in defaults (home-sections.server.ts).
 */
export const homeSections = pgTable('home_sections', {
  key: text('key').primaryKey(),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
  titlePl: text('title_pl').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  leadPl: text('lead_pl').notNull().default(''),
  leadEn: text('lead_en').notNull().default(''),
  /** The section's points, one a line ("title | text"); '' = the built-in ones (home-sections.ts). */
  pointsPl: text('points_pl').notNull().default(''),
  pointsEn: text('points_en').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
