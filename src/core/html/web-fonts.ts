// The web font (Inter, app.css) is switched on by a class on <html>; until then the text is drawn in
// "Inter Fallback", a local Arial sized to Inter's metrics. On a visitor's first page the class is set
// by the module loader once the browser reports the first contentful paint (deferred-scripts.ts): the
// 23 kB font then no longer competes with the document, the stylesheet and the first image on a slow
// phone (preloaded, it came on a connection of its own and needed two round trips: half a second of
// Lighthouse's mobile LCP). When the font is most likely in the browser's cache already (a page reached
// from this site, a reload, back or forward) the small script below sets the class at once, so the text
// never changes its face in front of the visitor. Pages without JavaScript get the font from app.css's
// `scripting: none` rule. Nothing is stored in the browser.

import { inlineCall, withHeadScript } from './head-script';

export const WEB_FONTS_CLASS = 'web-fonts';

// Written into the page by inlineCall: it may use only its parameter and globals.
function switchOnCachedWebFonts(className: string) {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  let fromThisSite = false;
  try {
    fromThisSite = !!document.referrer && new URL(document.referrer).origin === location.origin;
  } catch {}
  if (fromThisSite || navigation?.type === 'reload' || navigation?.type === 'back_forward') {
    document.documentElement.classList.add(className);
  }
}

// Built on first use, so that no client bundle carries it.
let source: string | undefined;

/** Adds the switch (with the page's nonce) to a document's <head>. */
export function withWebFontSwitch(html: string, nonce: string): string {
  source ??= inlineCall(switchOnCachedWebFonts, WEB_FONTS_CLASS);
  return withHeadScript(html, nonce, source);
}
