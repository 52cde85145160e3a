import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeFinding {
  id: string;
  impact: string | null;
  nodes: string[];
}

/**
 * axe-core's violations on the current page (or within `include`), run in the page itself: axe is
 * injected once per document and asked for violations only. @axe-core/playwright's AxeBuilder cost
 * 3-4 times as much per call (it injected the 0.5 MB script into every frame each time, opened a
 * blank page to gather results and returned every passed node: 24-32 s against 7 s on the home page
 * of a loaded two-core machine), and the suite makes 182 such calls.
 * Frames are not entered (iframes: false): the site's only frames are a sandboxed mail preview
 * without scripts and third-party video players, neither of which axe could run in.
 */
export async function axeViolations(page: Page, opts: { include?: string; exclude?: string[] } = {}): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, exclude }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
      const axe = (window as any).axe;
      const context = { ...(include ? { include: [[include]] } : {}), exclude: exclude.map((s) => [s]) };
      const results = await axe.run(context, { resultTypes: ['violations'], iframes: false });
      return results.violations.map((v: { id: string; impact: string | null; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include: opts.include, exclude: opts.exclude ?? [] },
  );
}

/** Fails on any serious or critical axe-core violation of the current page (or within `include`). */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  // Toasts fade in and out over a few hundred ms; mid-fade their colours fail the contrast check,
  // so they are left out (their settled colours are covered where a test waits for them).
  const found = await axeViolations(page, { include, exclude: ['[data-sonner-toast]'] });
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.join(', ')}`)).toEqual([]);
}

/**
 * A screenshot for a person to look at, taken only when E2E_SHOTS (or E2E_SHOTS_DIR) is set (`E2E_SHOTS=1 npx
 * playwright test ...`): the suite's pictures of changed screens cost CI time and nobody reads them there.
 */
export async function shot(target: Pick<Page, 'screenshot'>, options: Parameters<Page['screenshot']>[0]) {
  if (!process.env.E2E_SHOTS && !process.env.E2E_SHOTS_DIR) return;
  await target.screenshot(options);
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** With window.__paceUpload set, XMLHttpRequest.send first fires upload progress 25, 50, 75 % (2 s apart: time enough to look at each under load). */
export function paceUploads() {
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const w = window as unknown as { __paceUpload?: boolean };
    if (!w.__paceUpload) return send.call(this, body);
    w.__paceUpload = false;
    const total = 4000;
    let loaded = 0;
    const step = () => {
      loaded += total / 4;
      if (loaded < total) {
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        setTimeout(step, 2000);
      } else send.call(this, body);
    };
    setTimeout(step, 300);
  };
}

/**
 * A translated message as a RegExp: each `{name}` placeholder becomes `fill[name]` (itself a pattern),
 * or any text when `fill` has none; everything else matches literally.
 */
export function messagePattern(text: string, fill: Record<string, string>): RegExp {
  const escaped = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\{(\w+)\}/g, (_, k: string) => fill[k] ?? '.*'));
}

/**
 * The visitor has chosen "necessary only" before the first page: the cookie banner never covers the
 * screen. For tests that are not about the banner: dismissing it by a click raced its first paint
 * under load (a click given up after 5 s left the banner over the admin form's buttons).
 */
export async function necessaryCookiesChosen(page: Page) {
  const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
}
