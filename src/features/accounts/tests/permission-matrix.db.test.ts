// Walks every protected page and call of the accounts feature (and /{locale}/admin with each admin
// area) for six kinds of visitor, and checks the exact redirect or status (SPEC sections 4, 6, 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { requireAdmin } from '~/core/permissions/guards.server';
import { ADMIN_AREAS, type AdminArea } from '~/core/permissions/permissions';
import { newSessionId } from '~/core/session/session.server';
import { BUILT_ADMIN_AREAS } from '~/app/admin/areas';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { rolePermissions, roles } from '../accounts.schema';
import * as adminPage from '~/app/admin/admin-dashboard';
import * as cartPage from '~/features/shop/routes/cart';
import * as forgotPage from '../routes/forgot-password';
import * as loginPage from '../routes/login';
import * as dataPage from '../routes/my-account-data';
import * as registerPage from '../routes/register';
import * as resetPage from '../routes/reset-password';
import * as verifyPage from '../routes/verify';
import * as waitPage from '../routes/wait-for-activation';
import { createUser, loggedIn } from './helpers';

type Who = 'guest' | 'unverified' | 'inactive' | 'active' | 'limitedAdmin' | 'admin';
const WHO: Who[] = ['guest', 'unverified', 'inactive', 'active', 'limitedAdmin', 'admin'];
/** A role with admin access and one area (posts) only. */
const LIMITED_ROLE_ID = 10;

let t: TestApp;
const userIds = {} as Record<Who, number | null>;
const emails = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  await getDb().insert(roles).values({ id: LIMITED_ROLE_ID, key: 'news-editor', namePl: 'Redaktor', nameEn: 'Editor' });
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: LIMITED_ROLE_ID, permissionKey: 'admin.access' },
      { roleId: LIMITED_ROLE_ID, permissionKey: 'posts.update' },
    ]);
  userIds.guest = null;
  const make = async (who: Who, state: 'unverified' | 'inactive' | 'active', roleIds: number[] = []) => {
    const u = await createUser({ state, roleIds });
    userIds[who] = u.id;
    emails[who] = u.email;
  };
  await make('unverified', 'unverified');
  await make('inactive', 'inactive');
  await make('active', 'active', [2]);
  await make('limitedAdmin', 'active', [LIMITED_ROLE_ID]);
  await make('admin', 'active', [1]);
});
afterAll(async () => {
  await t?.close();
});

function args(who: Who, path: string, opts: { method?: string; params?: Record<string, string>; body?: FormData } = {}) {
  const sid = newSessionId();
  const context = {
    nonce: 'n',
    config: t.app.config,
    sid,
    xsrfToken: 'token',
    clientIp: '127.0.0.1',
    session: async () => ({ id: sid, isNew: false, userId: userIds[who], data: {} }),
  };
  const request = new Request(`http://localhost${path}`, { method: opts.method ?? 'GET', body: opts.body });
  return { context, request, params: { locale: 'pl', ...opts.params } } as never;
}

/** 'ok' when the loader/action returned, else the redirect target. */
async function outcome(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof Response && e.status >= 300 && e.status < 400) return e.headers.get('location') ?? '?';
    throw e;
  }
}

const pages: { name: string; run: (who: Who) => Promise<unknown>; expected: Record<Who, string> }[] = [
  ...(
    [
      ['login', loginPage.loader, '/pl/login', {}],
      ['register', registerPage.loader, '/pl/register', {}],
      ['forgot-password', forgotPage.loader, '/pl/forgot-password', {}],
      ['reset-password/{token}', resetPage.loader, '/pl/reset-password/abc', { token: 'abc' }],
    ] as const
  ).map(([name, loader, path, params]) => ({
    name,
    run: (who: Who) => (loader as (a: never) => Promise<unknown>)(args(who, path, { params })),
    expected: { guest: 'ok', unverified: '/pl', inactive: '/pl', active: '/pl', limitedAdmin: '/pl', admin: '/pl' } as Record<Who, string>,
  })),
  {
    name: 'verify',
    run: (who) => verifyPage.loader(args(who, '/pl/verify')),
    // A visitor is led back after logging in (issue 41).
    expected: { guest: '/pl/login?next=/pl/verify', unverified: 'ok', inactive: '/pl', active: '/pl', limitedAdmin: '/pl', admin: '/pl' },
  },
  {
    name: 'wait-for-activation',
    run: (who) => waitPage.loader(args(who, '/pl/wait-for-activation')),
    expected: { guest: '/pl/login?next=/pl/wait-for-activation', unverified: '/pl/verify', inactive: 'ok', active: '/pl', limitedAdmin: '/pl', admin: '/pl' },
  },
  {
    name: 'my-account/data',
    run: (who) => dataPage.loader(args(who, '/pl/my-account/data')),
    expected: {
      guest: '/pl/login?next=/pl/my-account/data',
      unverified: '/pl/verify',
      inactive: '/pl/wait-for-activation',
      active: 'ok',
      limitedAdmin: 'ok',
      admin: 'ok',
    },
  },
  {
    name: 'cart',
    run: (who) => cartPage.loader(args(who, '/pl/cart')),
    // Without shop access: the account screen says how to ask for it, not silently home (issue 41).
    expected: {
      guest: '/pl/login?next=/pl/cart',
      unverified: '/pl/verify',
      inactive: '/pl/wait-for-activation',
      active: '/pl/my-account/data?b2b=required#profile',
      limitedAdmin: '/pl/my-account/data?b2b=required#profile',
      admin: '/pl/my-account/data?b2b=required#profile',
    },
  },
  {
    name: 'admin',
    run: (who) => adminPage.loader(args(who, '/pl/admin')),
    expected: {
      guest: '/pl/login?next=/pl/admin',
      unverified: '/pl/verify',
      inactive: '/pl/wait-for-activation',
      active: '/pl',
      limitedAdmin: 'ok',
      admin: 'ok',
    },
  },
];

describe('page guards (loaders)', () => {
  for (const page of pages) {
    it(`/{locale}/${page.name}`, async () => {
      const got = {} as Record<Who, string>;
      for (const who of WHO) got[who] = await outcome(() => page.run(who));
      expect(got).toEqual(page.expected);
    });
  }

  it('each admin area needs can.admin.access plus its own permission (SPEC section 6, issue 37)', async () => {
    for (const area of Object.keys(ADMIN_AREAS) as AdminArea[]) {
      const got = {} as Record<Who, string>;
      for (const who of WHO) got[who] = await outcome(() => requireAdmin(args(who, `/pl/admin/${area}`), area));
      // Only service's overview stays open to admin access alone.
      const limited = ADMIN_AREAS[area] === null || ADMIN_AREAS[area] === 'posts' ? 'ok' : '/pl';
      expect(got, area).toEqual({
        guest: `/pl/login?next=/pl/admin/${area}`,
        unverified: '/pl/verify',
        inactive: '/pl/wait-for-activation',
        active: '/pl',
        limitedAdmin: limited,
        admin: 'ok',
      });
    }
  });

  it('the admin dashboard lists exactly the areas (with screens) the permissions open', async () => {
    const built = new Set<string>(BUILT_ADMIN_AREAS);
    const limited = (await adminPage.loader(args('limitedAdmin', '/pl/admin'))) as { areas: string[] };
    // The limited role holds posts.update only: the posts areas plus service's overview (admin access alone).
    const limitedOpen = Object.entries(ADMIN_AREAS)
      .filter(([, group]) => group === null || group === 'posts')
      .map(([area]) => area);
    expect(limitedOpen).toEqual(['posts', 'videos', 'realizations', 'service']);
    expect(limited.areas).toEqual(limitedOpen.filter((a) => built.has(a)));
    expect(limited.areas).not.toContain('products');
    const full = (await adminPage.loader(args('admin', '/pl/admin'))) as { areas: string[] };
    expect(full.areas).toEqual(Object.keys(ADMIN_AREAS).filter((a) => built.has(a)));
  });

  it('actions: a visitor goes to login as session expired (401), an inactive user is logged out to login (406)', async () => {
    const post = (who: Who) => {
      const body = new FormData();
      body.set('intent', 'settings');
      body.set('default_locale', 'en');
      return outcome(() => dataPage.action(args(who, '/pl/my-account/data', { method: 'POST', body })));
    };
    expect(await post('guest')).toBe('/pl/login?reason=session-expired&next=/pl/my-account/data');
    expect(await post('unverified')).toBe('/pl/verify');
    expect(await post('inactive')).toBe('/pl/login?reason=inactive');
    expect(await post('active')).toBe('ok');
    // The 406 redirect carries new session cookies: the inactive user is logged out.
    try {
      const body = new FormData();
      body.set('intent', 'settings');
      await dataPage.action(args('inactive', '/pl/my-account/data', { method: 'POST', body }));
    } catch (e) {
      const cookies = (e as Response).headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith('sid='))).toBe(true);
      expect(cookies.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    }
  });
});

describe('API guards', () => {
  const clients = {} as Record<Who, TestClient>;
  beforeAll(async () => {
    for (const who of WHO) clients[who] = who === 'guest' ? new TestClient(t.app) : await loggedIn(t.app, emails[who]);
  });

  const calls: { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; body?: unknown; expected: Record<Who, number> }[] = [
    {
      name: 'GET /api/my-account',
      method: 'GET',
      url: () => '/api/my-account',
      expected: { guest: 401, unverified: 200, inactive: 200, active: 200, limitedAdmin: 200, admin: 200 },
    },
    {
      name: 'POST /api/verify/resend',
      method: 'POST',
      url: () => '/api/verify/resend',
      expected: { guest: 401, unverified: 200, inactive: 200, active: 200, limitedAdmin: 200, admin: 200 },
    },
    ...(['settings', 'consents'] as const).map((part) => ({
      name: `PUT /api/my-account/${part}`,
      method: 'PUT' as const,
      url: () => `/api/my-account/${part}`,
      body: { default_locale: 'pl', accepted_marketing: '0' },
      expected: { guest: 401, unverified: 406, inactive: 406, active: 200, limitedAdmin: 200, admin: 200 } as Record<Who, number>,
    })),
    ...(['basic-data', 'password', 'profile'] as const).map((part) => ({
      name: `PUT /api/my-account/${part} (empty body: guards first, then 422)`,
      method: 'PUT' as const,
      url: () => `/api/my-account/${part}`,
      body: part === 'profile' ? { postcode: 'x' } : {},
      expected: { guest: 401, unverified: 406, inactive: 406, active: 422, limitedAdmin: 422, admin: 422 } as Record<Who, number>,
    })),
    ...(
      [
        ['POST', 'activate'],
        ['POST', 'deactivate'],
        ['POST', 'b2b-access'],
        ['DELETE', 'b2b-access'],
      ] as const
    ).map(([method, action]) => ({
      name: `${method} /api/admin/users/{id}/${action}`,
      method,
      url: () => `/api/admin/users/${userIds.unverified}/${action}`,
      expected: { guest: 401, unverified: 406, inactive: 406, active: 403, limitedAdmin: 403, admin: 200 } as Record<Who, number>,
    })),
  ];

  for (const call of calls) {
    it(call.name, async () => {
      const got = {} as Record<Who, number>;
      for (const who of WHO) {
        const res = await clients[who].request({ method: call.method, url: call.url(), payload: call.body as never });
        got[who] = res.statusCode;
      }
      expect(got).toEqual(call.expected);
    });
  }

  it('refusals carry the SPEC section 8 messages and no stack trace', async () => {
    const inactive = await clients.inactive.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'pl' } });
    expect(JSON.parse(inactive.body)).toEqual({
      message: 'Konto nie zostało aktywowane. Poczekaj lub skontaktuj się z administratorem: biuro@cobinet.pl',
    });
    const forbidden = await clients.active.post('/api/admin/users/1/activate', undefined, { headers: { 'x-locale': 'en' } });
    expect(JSON.parse(forbidden.body)).toEqual({ message: 'You do not have permission.' });
    const missing = await clients.admin.post('/api/admin/users/999999/activate');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toMatch(/at .*\.ts|stack/i);
  });
});
