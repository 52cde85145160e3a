import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe-core violation of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Toasts fade in and out over a few hundred ms; mid-fade their colours fail the contrast check,
  // so they are left out (their settled colours are covered where a test waits for them).
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toast]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
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
