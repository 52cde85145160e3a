import { type RefObject, useEffect } from 'react';

/**
 * Shows that a row scrolls sideways (category chips, the my-account tab bar, the home
 * realizations strip): while there is more to scroll on a side, the element gets
 * `data-scroll-more="start"`, `"end"` or `"start end"`, and the `scroll-fade` class (app.css) fades
 * that edge out with a mask. A row that fits (or a wide screen where it wraps) gets no attribute and
 * no fade. Give the element the class `scroll-fade` and pass its ref.
 */
export function useScrollFade(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const more: string[] = [];
      if (max > 1) {
        if (el.scrollLeft > 1) more.push('start');
        if (el.scrollLeft < max - 1) more.push('end');
      }
      if (more.length > 0) el.dataset.scrollMore = more.join(' ');
      else delete el.dataset.scrollMore;
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
}
