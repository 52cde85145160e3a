// @vitest-environment happy-dom
// The /{locale}/trainings page drawn from its loader data: the empty list's text (SPEC section 8:
// 'No online courses.') in both languages, and the guest's login notice.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Trainings from '../routes/trainings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

async function render(path: string, loaderData: { items: unknown[]; guest: boolean }) {
  const Stub = createRoutesStub([{ path: '/:locale/trainings', Component: () => createElement(Trainings, { loaderData } as never) }]);
  await act(async () => {
    root.render(createElement(Stub, { initialEntries: [path] }));
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('/{locale}/trainings', () => {
  it("shows 'No online courses.' when there is no training (en), 'Brak szkoleń online.' (pl)", async () => {
    await render('/en/trainings', { items: [], guest: false });
    expect(container.textContent).toContain('No online courses.');
    expect(container.querySelector('[data-guest-notice]')).toBeNull();
    expect(container.querySelectorAll('[data-training-id]')).toHaveLength(0);
    await act(async () => root.unmount());
    root = createRoot(container);
    await render('/pl/trainings', { items: [], guest: false });
    expect(container.textContent).toContain('Brak szkoleń online.');
  });

  it('a guest with no trainings sees the login notice with a login link and the empty text', async () => {
    await render('/en/trainings', { items: [], guest: true });
    const notice = container.querySelector('[data-guest-notice]');
    expect(notice?.textContent).toContain('Participation in online courses is only possible for logged in users');
    expect(notice?.querySelector('a[href="/en/login?next=/en/trainings"]')).not.toBeNull();
    expect(container.textContent).toContain('No online courses.');
  });
});
