// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withEarlyConsentHandler } from './consent-early';

const banner = `<div role="dialog" id="banner"><fieldset>
  <input type="checkbox" name="necessary" checked disabled>
  <input type="checkbox" name="statistics">
  <input type="checkbox" name="marketing">
</fieldset>
<button type="button" data-consent-choice="all">Akceptuję wszystkie</button>
<button type="button" data-consent-choice="necessary">Tylko niezbędne</button>
<button type="button" data-consent-choice="custom">Zapisz wybór</button></div>`;

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

function script(html: string): string {
  const m = /<script nonce="n0nce">([\s\S]*?)<\/script><\/head>/.exec(html);
  if (!m) throw new Error('no early script in <head>');
  return m[1];
}

const click = (choice: string) => (document.querySelector(`[data-consent-choice="${choice}"]`) as HTMLButtonElement).click();
const bannerHidden = () => (document.getElementById('banner') as HTMLElement).hidden;

describe('withEarlyConsentHandler', () => {
  it('leaves a page without the banner as it is', () => {
    const html = page('<main>x</main>');
    expect(withEarlyConsentHandler(html, 'n0nce')).toBe(html);
  });
});

describe('a click on the banner before hydration', () => {
  beforeAll(() => {
    // The script exactly as the page carries it, run once (it listens on the document).
    new Function(script(withEarlyConsentHandler(page(banner), 'n0nce')))();
  });

  beforeEach(() => {
    // An expiry in the past, not Max-Age=0: happy-dom keeps a cookie whose expiry is this very millisecond
    // (an empty "consent=" left over made the last case fail now and then).
    document.cookie = 'consent=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
    localStorage.clear();
    delete document.documentElement.dataset.hydrated;
    document.body.innerHTML = banner;
  });

  it('"necessary only" records only the necessary category and hides the banner', () => {
    click('necessary');
    expect(document.cookie).toContain('consent=necessary');
    expect(document.cookie).not.toContain('statistics');
    expect(localStorage.getItem('consent')).toBe('necessary');
    expect(Number(localStorage.getItem('consent-saved-at'))).toBeGreaterThan(Date.now() - 60_000);
    expect(bannerHidden()).toBe(true);
  });

  it('"accept all" records every category', () => {
    click('all');
    expect(document.cookie).toContain('consent=necessary,statistics,marketing');
    expect(bannerHidden()).toBe(true);
  });

  it('"save" records the categories ticked in the banner', () => {
    (document.querySelector('input[name="marketing"]') as HTMLInputElement).checked = true;
    click('custom');
    expect(document.cookie).toContain('consent=necessary,marketing');
    expect(localStorage.getItem('consent')).toBe('necessary,marketing');
  });

  it('steps aside once React has hydrated the page', () => {
    document.documentElement.dataset.hydrated = 'true';
    click('all');
    expect(document.cookie).not.toContain('consent=');
    expect(localStorage.getItem('consent')).toBeNull();
    expect(bannerHidden()).toBe(false);
  });
});
