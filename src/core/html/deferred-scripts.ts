/**
 * Lets the browser paint a server-rendered page before it fetches and runs the page's JavaScript.
 *
 * React Router writes `<link rel="modulepreload">` tags into <head> and an inline module script that
 * imports the route modules and starts hydration. On a phone both compete with the first paint: the
 * ~150 kB of modules share the connection with the stylesheet, the fonts and the largest image, and
 * the module script runs (compiling and evaluating every module) before the first frame is shown.
 *
 * This rewrites the finished document: the preload tags are taken out of <head> and the module script
 * becomes a small classic script (same nonce) that, once the browser reports the first contentful
 * paint, adds the preloads and the very same module script. React's hydration skips the missing
 * preload tags (hoisted <head> resources) and the script element stays a script element. A document
 * without the module script is unchanged. What the first paint offers must work before hydration
 * (see src/core/consent/consent-early.ts for the cookie banner). At the same moment it switches the web
 * font on (the class of src/core/html/web-fonts.ts), unless that was done already.
 */
import { inlineCall } from './head-script';
import { WEB_FONTS_CLASS } from './web-fonts';

const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;

/** Longest wait for the paint report (a browser that never sends one still hydrates). */
export const FIRST_PAINT_WAIT_MS = 3000;

type Deferred = { preloads: string[]; module: string; wait: number; fontsClass: string };

// Written into the page by inlineCall: it may use only its parameter and globals.
function loadAfterFirstPaint(c: Deferred) {
  const d = document;
  const nonce = (d.currentScript as HTMLScriptElement).nonce;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    d.documentElement.classList.add(c.fontsClass);
    for (const href of c.preloads) {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      d.head.appendChild(link);
    }
    const script = d.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = c.module;
    d.body.appendChild(script);
  };
  // A hidden tab paints nothing.
  if (d.visibilityState === 'hidden') return go();
  d.addEventListener('visibilitychange', () => {
    if (d.visibilityState === 'hidden') go();
  });
  // The end of a frame is not yet its paint: the browser's own report of the first contentful paint
  // comes once it is on the screen (the moment that counts for the visitor and for LCP).
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(go, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(go, c.wait);
  } else {
    requestAnimationFrame(() => setTimeout(go, 0));
  }
}

export function deferModuleScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const head = html.indexOf('</head>');
  const preloads: string[] = [];
  const withoutPreloads =
    html.slice(0, head).replace(MODULE_PRELOAD, (_, href: string) => {
      preloads.push(href);
      return '';
    }) + html.slice(head);
  const [whole, nonce, module] = script;
  const data: Deferred = { preloads, module, wait: FIRST_PAINT_WAIT_MS, fontsClass: WEB_FONTS_CLASS };
  // inlineCall escapes `<`: the module's text can never close the script element it now lives in.
  const loader = `<script nonce="${nonce}">${inlineCall(loadAfterFirstPaint, data)}</script>`;
  return withoutPreloads.replace(whole, () => loader);
}
