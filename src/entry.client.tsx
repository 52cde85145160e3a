import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reloadPageOnce } from '~/core/html/chunk-reload';
import { markHydrationStarted } from '~/core/html/early-click';

// Vite's module preloading reports a chunk that did not load here (before the import fails): reload
// once at the same address; when that was just tried, the import fails and the error screen explains.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadPageOnce()) event.preventDefault();
});

function hydrate() {
  markHydrationStarted();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is complete: let the browser paint it first, then hydrate (after the next
// frame), so that a slow phone shows the page without waiting for React to take over. A hidden
// tab paints no frames, so it hydrates at once.
if (document.visibilityState === 'hidden') hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
