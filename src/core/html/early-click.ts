// The page's JavaScript arrives after the first paint (deferred-scripts.ts), so a tap on a button
// made before hydration would do nothing. A button marked `data-early-click` (the mobile menu's
// toggle) has such a tap remembered by a small inline script in <head> and replayed by it once React
// has hydrated the page. Clicks after hydration has begun are React's own (it replays those itself).

import { inlineCall, withHeadScript } from './head-script';

export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

interface EarlyClickState {
  /** React has begun hydrating: clicks from now on are React's. */
  started: boolean;
  target: Element | null;
}

type EarlyClickWindow = Window & { __earlyClick?: EarlyClickState };

// Written into the page by inlineCall: it may use only its parameter and globals.
function recordEarlyClicks(attr: string) {
  const state: EarlyClickState = { started: false, target: null };
  (window as EarlyClickWindow).__earlyClick = state;
  document.addEventListener(
    'click',
    (event) => {
      if (state.started) return;
      const target = event.target as Element | null;
      const button = target?.closest?.(`[${attr}]`);
      if (button) state.target = button;
    },
    true,
  );
  // root.tsx marks <html data-hydrated> once React has hydrated the page (its handlers are attached).
  const root = document.documentElement;
  const observer = new MutationObserver(() => {
    if (root.dataset.hydrated !== 'true') return;
    observer.disconnect();
    const button = state.target as HTMLButtonElement | null;
    state.target = null;
    if (button?.isConnected && !button.disabled) button.click();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

// Built on first use, so that the client bundle (entry.client.tsx imports this module) leaves it out.
let source: string | undefined;

/** Adds the recorder (with the page's nonce) to <head> of a document that has a marked button. */
export function withEarlyClickRecorder(html: string, nonce: string): string {
  if (!html.includes(`${EARLY_CLICK_ATTRIBUTE}=`)) return html;
  source ??= inlineCall(recordEarlyClicks, EARLY_CLICK_ATTRIBUTE);
  return withHeadScript(html, nonce, source);
}

/** entry.client.tsx, right before hydrateRoot: later clicks are not recorded. */
export function markHydrationStarted() {
  const state = (window as EarlyClickWindow).__earlyClick;
  if (state) state.started = true;
}
