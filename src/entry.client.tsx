import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { markHydrationStarted } from '~/core/html/early-click';

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
