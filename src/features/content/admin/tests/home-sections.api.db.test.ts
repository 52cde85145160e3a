// The home sections admin API and service (issue 17): defaults without rows, a save that hides,
// retitles and moves sections (JSON and multipart), 422 with field paths in the user's language,
// refusals without the static_sites.update permission, the change log and the page-cache clear, and
// 409 on a save made from an arrangement someone else has saved over since (optimistic lock).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { onCacheClear } from '~/core/server/page-cache.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { homeSections } from '~/features/content/content.schema';
import { HOME_POINT_DEFAULTS, HOME_SECTION_DEFAULTS, HOME_SECTION_KEYS, homeSectionsSchema, parsePoints } from '~/features/content/home-sections';
import { guaranteeTexts } from '~/features/content/page-texts';
import { adminHomeSections, HOME_SECTIONS_ENTITY, homeSectionPoints, homeSectionsFor } from '~/features/content/home-sections.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { createRole, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let noArea: TestClient;
let visitor: TestClient;
let clears = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [1] })).email);
  const postsRole = await createRole(31, 'admin-posts-only', ['admin.access', 'posts.update']);
  noArea = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [postsRole] })).email);
  visitor = new TestClient(t.app);
  onCacheClear(() => {
    clears++;
  });
});
afterAll(async () => {
  await t?.close();
});

const row = (key: string, over: Record<string, unknown> = {}) => ({
  key,
  is_visible: true,
  position: 50,
  title_pl: '',
  title_en: '',
  lead_pl: '',
  lead_en: '',
  points_pl: '',
  points_en: '',
  ...over,
});
/** The version of the stored arrangement, as the admin screen loads it (sent back with a save). */
const version = async (): Promise<string> => (await send(admin, 'GET', '/api/admin/home-sections')).json().updated_at;

describe('home sections', () => {
  it('without stored rows: every section visible, in the built-in order, with the built-in texts', async () => {
    const admin = await adminHomeSections();
    expect(admin.map((s) => s.key)).toEqual([...HOME_SECTION_KEYS]);
    expect(admin.every((s) => s.is_visible && s.title_pl === '' && s.lead_en === '')).toBe(true);
    const en = await homeSectionsFor('en');
    expect(en.find((s) => s.key === 'warranty')).toEqual({
      key: 'warranty',
      visible: true,
      ...HOME_SECTION_DEFAULTS.en.warranty,
      points: guaranteeTexts.en.steps,
    });
    // Sections without points have none; the contact hours are the contact page's built-in ones.
    expect(en.find((s) => s.key === 'news')?.points).toEqual([]);
    expect(await homeSectionPoints('contact', 'pl')).toEqual([
      { title: 'Poniedziałek – piątek', text: '8:00 – 16:00' },
      { title: 'Sobota, niedziela i święta', text: 'nieczynne' },
    ]);
    const pl = await homeSectionsFor('pl');
    expect(pl.find((s) => s.key === 'news')?.title).toBe('Aktualności');
  });

  it('only administrators with static_sites.update read and save them', async () => {
    expect((await send(visitor, 'GET', '/api/admin/home-sections')).statusCode).toBe(401);
    expect((await send(noArea, 'GET', '/api/admin/home-sections')).statusCode).toBe(403);
    expect((await send(noArea, 'PUT', '/api/admin/home-sections', { sections: [row('news', { is_visible: false })] })).statusCode).toBe(403);
    expect((await getDb().select().from(homeSections)).length).toBe(0);
    const res = await send(admin, 'GET', '/api/admin/home-sections');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(HOME_SECTION_KEYS.length);
    // Nothing saved yet: the empty version.
    expect(res.json().updated_at).toBe('');
  });

  it('a save hides, retitles and moves sections, logs the change and clears the page cache', async () => {
    const before = clears;
    const res = await send(
      admin,
      'PUT',
      '/api/admin/home-sections',
      {
        updated_at: await version(),
        sections: [
          row('realizations', { is_visible: false, position: 80 }),
          row('news', { position: 25, title_pl: '  Z życia firmy ', title_en: 'Company life', lead_en: 'What happens at COBI NET.' }),
          // The hero cannot be hidden or moved.
          row('hero', { is_visible: false, position: 500, title_en: 'Cabling you can certify' }),
        ],
      },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Home page sections saved.');
    expect(clears).toBeGreaterThan(before);

    const pl = await homeSectionsFor('pl');
    expect(pl.map((s) => s.key)).toEqual(['hero', 'catalog', 'news', 'products', 'warranty', 'trainings', 'rental', 'realizations', 'shop', 'contact']);
    expect(pl.find((s) => s.key === 'realizations')?.visible).toBe(false);
    expect(pl.find((s) => s.key === 'news')).toMatchObject({ title: 'Z życia firmy', lead: HOME_SECTION_DEFAULTS.pl.news.lead });
    expect(pl.find((s) => s.key === 'hero')).toMatchObject({ visible: true, title: HOME_SECTION_DEFAULTS.pl.hero.title });
    const en = await homeSectionsFor('en');
    expect(en.find((s) => s.key === 'news')).toMatchObject({ title: 'Company life', lead: 'What happens at COBI NET.' });
    expect(en[0]).toMatchObject({ key: 'hero', visible: true, title: 'Cabling you can certify' });
    // Sections not sent keep their settings.
    expect(pl.find((s) => s.key === 'products')).toMatchObject({ visible: true, title: HOME_SECTION_DEFAULTS.pl.products.title });

    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, HOME_SECTIONS_ENTITY), eq(changeInfos.entityId, '1')))
      .orderBy(desc(changeInfos.id));
    expect(Object.keys(log?.changes ?? {}).sort()).toEqual(['hero', 'news', 'realizations']);
  });

  it('accepts the multipart body of SPEC section 7 (bracket keys, checkboxes 1/0)', async () => {
    const fd = new FormData();
    const fields = { key: 'realizations', is_visible: '1', position: '80', title_pl: '', title_en: '', lead_pl: 'Nasze obiekty.', lead_en: '' };
    fd.append('updated_at', await version());
    for (const [k, v] of Object.entries(fields)) fd.append(`sections[0][${k}]`, v);
    const res = await send(admin, 'PUT', '/api/admin/home-sections', fd);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Zapisano sekcje strony głównej.');
    const pl = await homeSectionsFor('pl');
    expect(pl.find((s) => s.key === 'realizations')).toMatchObject({ visible: true, lead: 'Nasze obiekty.' });
  });

  it('422 names each invalid field in the user language and saves nothing', async () => {
    const stored = await adminHomeSections();
    const res = await send(admin, 'PUT', '/api/admin/home-sections', {
      sections: [row('news', { position: 5000 }), row('footer'), row('contact', { title_pl: 'x'.repeat(121) }), row('news')],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'sections.0.position': ['Podaj liczbę od 0 do 999.'],
      'sections.1.key': ['Nieznana sekcja.'],
      'sections.2.title_pl': ['Maksymalnie 120 znaków.'],
    });
    const dup = await send(admin, 'PUT', '/api/admin/home-sections', { sections: [row('news'), row('news')] }, { 'accept-language': 'en' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ 'sections.1.key': ['The section is given more than once.'] });
    const empty = await send(admin, 'PUT', '/api/admin/home-sections', { sections: [] });
    expect(empty.statusCode).toBe(422);
    expect(await adminHomeSections()).toEqual(stored);
  });

  it('refuses a stale save with 409 and its message, changing nothing; of two saves of one version exactly one wins', async () => {
    const loaded = await version();
    expect(loaded).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const first = await send(admin, 'PUT', '/api/admin/home-sections', { updated_at: loaded, sections: [row('shop', { title_en: 'First save' })] });
    expect(first.statusCode).toBe(200);
    const saved = first.json().updated_at as string;
    expect(saved).not.toBe(loaded);
    expect(await version()).toBe(saved);
    const logs = async () => (await getDb().select().from(changeInfos).where(eq(changeInfos.entity, HOME_SECTIONS_ENTITY))).length;
    const logged = await logs();
    const cleared = clears;

    // A second administrator's form, loaded before the first save, is refused in its language.
    const stale = await send(
      admin,
      'PUT',
      '/api/admin/home-sections',
      { updated_at: loaded, sections: [row('shop', { title_en: 'Stale save' })] },
      { 'accept-language': 'en' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record has been changed by another user in the meantime. Reload the page and save again.');
    const stalePl = await send(admin, 'PUT', '/api/admin/home-sections', { updated_at: loaded, sections: [row('shop', { title_en: 'Stale save' })] });
    expect(stalePl.statusCode).toBe(409);
    expect(stalePl.json().message).toBe('Ten rekord został w międzyczasie zmieniony przez innego użytkownika. Odśwież stronę i zapisz ponownie.');
    // A save without the version is a save of the never-saved arrangement: stale too.
    expect((await send(admin, 'PUT', '/api/admin/home-sections', { sections: [row('shop', { title_en: 'No version' })] })).statusCode).toBe(409);
    expect((await homeSectionsFor('en')).find((s) => s.key === 'shop')?.title).toBe('First save');
    expect(await version()).toBe(saved);
    expect(await logs()).toBe(logged);
    expect(clears).toBe(cleared);

    // Two saves of the same version at once: one is saved, the other refused.
    const results = await Promise.all(
      ['One', 'Two'].map((n) =>
        send(admin, 'PUT', '/api/admin/home-sections', { updated_at: saved, sections: [row('shop', { title_en: `Concurrent ${n}` })] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    expect((await homeSectionsFor('en')).find((s) => s.key === 'shop')?.title).toBe(winner.items.find((s: { key: string }) => s.key === 'shop').title_en);
    expect(await version()).toBe(winner.updated_at);
  });

  it('the shared schema trims texts and reads checkbox values', () => {
    const parsed = homeSectionsSchema('pl').parse({
      sections: { 0: { key: 'shop', is_visible: '0', position: '7', title_pl: ' Sklep ', title_en: null, lead_pl: '', lead_en: '' } },
    });
    expect(parsed.updated_at).toBe('');
    expect(parsed.sections[0]).toEqual({
      key: 'shop',
      is_visible: false,
      position: 7,
      title_pl: 'Sklep',
      title_en: '',
      lead_pl: '',
      lead_en: '',
      points_pl: '',
      points_en: '',
    });
  });

  it('points: one a line, two parts split by the first bar, empty lines skipped', () => {
    expect(parsePoints(' Pn–pt | 7:30 – 15:30 | z przerwą \r\n\n  Sobota  \n')).toEqual([
      { title: 'Pn–pt', text: '7:30 – 15:30 | z przerwą' },
      { title: 'Sobota', text: '' },
    ]);
    expect(parsePoints('   \n ')).toEqual([]);
  });

  it('saved points replace the built-in ones on the home page and on the warranty and contact pages; empty restores them', async () => {
    const hours = 'Poniedziałek – czwartek | 7:00 – 15:00\nPiątek | 7:00 – 13:00';
    const res = await send(admin, 'PUT', '/api/admin/home-sections', {
      updated_at: await version(),
      sections: [
        row('contact', { points_pl: hours, points_en: 'Monday – Thursday | 7:00 – 15:00' }),
        row('warranty', { points_pl: 'Szkolenie | Ukończ szkolenie instalatora.\nPomiary | Zmierz wszystkie tory.', points_en: '' }),
        row('shop', { points_en: 'Net prices\nFast delivery' }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((s: { key: string }) => s.key === 'contact').points_pl).toBe(hours);

    expect(await homeSectionPoints('contact', 'pl')).toEqual([
      { title: 'Poniedziałek – czwartek', text: '7:00 – 15:00' },
      { title: 'Piątek', text: '7:00 – 13:00' },
    ]);
    expect(await homeSectionPoints('contact', 'en')).toEqual([{ title: 'Monday – Thursday', text: '7:00 – 15:00' }]);
    const pl = await homeSectionsFor('pl');
    expect(pl.find((s) => s.key === 'warranty')?.points).toEqual([
      { title: 'Szkolenie', text: 'Ukończ szkolenie instalatora.' },
      { title: 'Pomiary', text: 'Zmierz wszystkie tory.' },
    ]);
    // English left empty: the built-in English steps.
    expect(await homeSectionPoints('warranty', 'en')).toEqual(HOME_POINT_DEFAULTS.en.warranty);
    expect((await homeSectionsFor('en')).find((s) => s.key === 'shop')?.points).toEqual([
      { title: 'Net prices', text: '' },
      { title: 'Fast delivery', text: '' },
    ]);

    const back = await send(admin, 'PUT', '/api/admin/home-sections', {
      updated_at: await version(),
      sections: [row('contact'), row('warranty'), row('shop')],
    });
    expect(back.statusCode).toBe(200);
    expect(await homeSectionPoints('contact', 'pl')).toEqual(HOME_POINT_DEFAULTS.pl.contact);
    expect(await homeSectionPoints('warranty', 'pl')).toEqual(guaranteeTexts.pl.steps);
  });

  it('422 for too many or too long points, and for points on a section that has none', async () => {
    const stored = await adminHomeSections();
    const nine = Array.from({ length: 9 }, (_, i) => `Punkt ${i + 1}`).join('\n');
    const res = await send(admin, 'PUT', '/api/admin/home-sections', {
      updated_at: await version(),
      sections: [row('shop', { points_pl: nine }), row('contact', { points_en: `${'x'.repeat(301)}\nok` })],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'sections.0.points_pl': ['Najwyżej 8 punktów, każdy do 300 znaków.'],
      'sections.1.points_en': ['Najwyżej 8 punktów, każdy do 300 znaków.'],
    });
    const none = await send(
      admin,
      'PUT',
      '/api/admin/home-sections',
      { updated_at: await version(), sections: [row('news', { points_en: 'Point' })] },
      { 'accept-language': 'en' },
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ 'sections.0.points_en': ['This section has no points.'] });
    expect(await adminHomeSections()).toEqual(stored);
  });
});
