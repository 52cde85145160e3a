// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LayoutData, type LayoutUser, SiteLayout } from './site-layout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user: LayoutUser = {
  id: 1,
  name: 'Jan Kowalski',
  email: 'jan@example.com',
  isVerified: true,
  isActive: true,
  canAdmin: false,
  hasShop: true,
  token: 'server-token',
};

function layoutData(u: LayoutUser | null): LayoutData {
  return { locale: 'pl', categories: [], staticSites: [], user: u, origin: 'http://localhost', consent: null, b2bShopUrl: 'https://b2b.example.test/sklep' };
}

let container: HTMLDivElement;
let root: Root;

/** The layout around a page at `path`, in a router. */
function layoutAt(u: LayoutUser | null, path = '/pl/posts') {
  const Stub = createRoutesStub([
    {
      path: '/:locale/*',
      Component: () => createElement(SiteLayout, { data: layoutData(u), children: createElement('p', null, 'page') }),
    },
  ]);
  return createElement(Stub, { initialEntries: [path] });
}

async function render(u: LayoutUser | null, path = '/pl/posts') {
  await act(async () => {
    root.render(layoutAt(u, path));
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  localStorage.clear();
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const header = () => container.querySelector('header') as HTMLElement;
const barLinks = () =>
  [...header().querySelectorAll('.lg\\:block [aria-label="Konto"] a, .lg\\:block > a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('login-state block and the is-logged-in flag', () => {
  it('a visitor sees the login link and has no login flag', async () => {
    localStorage.setItem('is-logged-in', '1');
    await render(null);
    expect(barLinks()).toEqual([['Zaloguj się', '/pl/login']]);
    expect(header().querySelector('form[action="/logout"]')).toBeNull();
    expect(localStorage.getItem('is-logged-in')).toBeNull();
  });

  it('a logged user sees my account, shop and logout, sets the flag, and no admin link without the permission', async () => {
    await render(user);
    expect(barLinks()).toEqual([
      ['Moje konto', '/pl/my-account/data'],
      ['Sklep B2B', '/pl/cart'],
    ]);
    expect(header().querySelector('form[action="/logout"] button')?.textContent).toBe('Wyloguj');
    expect(localStorage.getItem('is-logged-in')).toBe('1');
  });

  it('a user who is not a B2B customer sees no shop link', async () => {
    await render({ ...user, hasShop: false });
    expect(barLinks()).toEqual([['Moje konto', '/pl/my-account/data']]);
  });

  it('an administrator also sees the admin panel link', async () => {
    await render({ ...user, canAdmin: true });
    expect(barLinks().map(([label]) => label)).toEqual(['Moje konto', 'Sklep B2B', 'Panel administracyjny']);
  });

  it('the logout form carries the session token the server rendered (a logout before hydration or without JavaScript)', async () => {
    // The HTML as the server sends it, before any effect ran.
    const html = renderToString(layoutAt(user));
    expect(html).toMatch(/<form[^>]*action="\/logout"[^>]*><input type="hidden" name="_token" value="server-token"\/>/);
  });

  it('logout posts to /logout with _token from the XSRF-TOKEN cookie as it is at submit, and clears the flag', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    await render(user);
    const form = header().querySelector('form[action="/logout"]') as HTMLFormElement;
    expect(form.method).toBe('post');
    const token = form.querySelector('input[name="_token"]') as HTMLInputElement;
    expect(token.type).toBe('hidden');
    expect(token.value).toBe('server-token');
    // The cookie may have been renewed since the page was rendered: its value is taken on submit.
    document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';
    form.addEventListener('submit', (e) => e.preventDefault());
    await act(async () => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(token.value).toBe('abc+123');
    expect(localStorage.getItem('is-logged-in')).toBeNull();
  });

  it('logout keeps the server-rendered token when the page has no XSRF-TOKEN cookie to take', async () => {
    document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await render(user);
    const form = header().querySelector('form[action="/logout"]') as HTMLFormElement;
    form.addEventListener('submit', (e) => e.preventDefault());
    await act(async () => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect((form.querySelector('input[name="_token"]') as HTMLInputElement).value).toBe('server-token');
  });
});

describe('footer', () => {
  it('links the external B2B shop of SPEC section 7 (B2B_SHOP_URL) in a new tab, for visitors and users alike', async () => {
    for (const u of [null, user]) {
      await render(u);
      const footer = container.querySelector('footer') as HTMLElement;
      const links = [...footer.querySelectorAll('a')].filter((a) => a.textContent?.startsWith('Zewnętrzny sklep B2B'));
      expect(links).toHaveLength(1);
      const [link] = links as [HTMLAnchorElement];
      expect(link.getAttribute('href')).toBe('https://b2b.example.test/sklep');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
      expect(link.textContent).toBe('Zewnętrzny sklep B2B (otwiera się w nowej karcie)');
    }
  });
});
