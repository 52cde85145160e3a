/** The id of the sticky site header; scrolling to a section keeps it clear of the header. */
export const NAV_ID = 'nav';

/** Height of the sticky navigation bar (0 when absent). */
export function navHeight(): number {
  if (typeof document === 'undefined') return 0;
  return document.getElementById(NAV_ID)?.getBoundingClientRect().height ?? 0;
}

/** Document position that puts `el` just below the sticky navigation (plus `extra` px). */
export function scrollTargetTop(el: Element, extra = 0): number {
  if (el.id === NAV_ID) return 0;
  return Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY - navHeight() - extra));
}

/** Scrolls so that `el` sits `extra` px below the sticky navigation. */
export function scrollToElement(el: Element, { extra = 0, smooth = true }: { extra?: number; smooth?: boolean } = {}) {
  window.scrollTo({ top: scrollTargetTop(el, extra), behavior: smooth ? 'smooth' : 'auto' });
}
