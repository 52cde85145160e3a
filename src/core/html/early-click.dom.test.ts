// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markHydrationStarted, withEarlyClickRecorder } from './early-click';

const body = '<button type="button" id="menu" data-early-click="">Menu</button><button type="button" id="other">Other</button>';
const page = (b: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${b}</body></html>`;

let clicks: string[] = [];
const button = (id: string) => document.getElementById(id) as HTMLButtonElement;
const hydrate = async () => {
  document.documentElement.dataset.hydrated = 'true';
  // MutationObserver callbacks run as a microtask.
  await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('withEarlyClickRecorder', () => {
  it('leaves a page without a marked button as it is', () => {
    const html = page('<button type="button">x</button>');
    expect(withEarlyClickRecorder(html, 'n0nce')).toBe(html);
  });
});

describe('a tap on a marked button before hydration', () => {
  let script = '';
  beforeAll(() => {
    script = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(withEarlyClickRecorder(page(body), 'n0nce'))?.[1] as string;
  });

  beforeEach(() => {
    delete document.documentElement.dataset.hydrated;
    document.body.innerHTML = body;
    clicks = [];
    for (const id of ['menu', 'other']) button(id).addEventListener('click', () => clicks.push(id));
    // A fresh page: the script runs while <head> is parsed.
    new Function(script)();
  });

  it('is clicked again once React has hydrated the page, once', async () => {
    button('menu').click();
    expect(clicks).toEqual(['menu']);
    markHydrationStarted();
    await hydrate();
    expect(clicks).toEqual(['menu', 'menu']);
    await hydrate();
    expect(clicks).toEqual(['menu', 'menu']);
  });

  it('is not replayed when made after hydration began (React handles those), nor for unmarked buttons', async () => {
    button('other').click();
    markHydrationStarted();
    button('menu').click();
    await hydrate();
    expect(clicks).toEqual(['other', 'menu']);
  });

  it('is dropped when the button is disabled by then', async () => {
    button('menu').click();
    button('menu').disabled = true;
    await hydrate();
    expect(clicks).toEqual(['menu']);
  });
});
