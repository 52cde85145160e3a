import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Every public page needs React, React Router and the site's layout code. Left to itself, Rollup
// cuts them into some twenty files of a few hundred bytes to a few kB each, and a phone on a slow
// network waits for the rounds of requests. These groups make them two files. Code loaded on demand
// (mobile menu, cookie dialog) and the admin's code stay out.
const VENDOR = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const LAYOUT = /\/src\/core\/(i18n|layout|consent|ui|http\/api-client|company|files\/(urls|responsive-image)|seo\/(meta|links))/;
const ON_DEMAND = /(mobile-menu|consent-settings-dialog|attachment-adder)\.tsx?$/;
// Parts of the UI kit that only some pages use (forms, lists, tabs, the gallery, the scroll-edge
// fade, rich text with blocked video frames): left to Rollup, they travel with the pages that import
// them instead of with every page.
const PAGE_KIT = /\/src\/core\/(ui\/(form\/[^/]+|pagination|section-tabs|page-header|gallery|scroll-fade)|consent\/(embed-html|video-posters))\./;
// The admin kit (rich-text editor, dialogs: TipTap and react-aria) is the admin's alone: in the
// layout chunk it would pull those libraries into every public page.
const ADMIN_UI = /\/src\/core\/ui\/admin\//;
function clientChunk(id: string): string | undefined {
  if (VENDOR.test(id)) return 'vendor';
  if (LAYOUT.test(id) && !ON_DEMAND.test(id) && !ADMIN_UI.test(id) && !PAGE_KIT.test(id)) return 'layout';
  return undefined;
}

// The server bundle's entry is server/app.ts: it holds the Fastify app and imports the
// React Router server build, so API routes and loaders share one copy of every module.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    // The web font subsets stay files (the Polish one is under the 4 kB inlining limit): a font in
    // the stylesheet would make the one file that blocks the first paint bigger, and it is preloaded.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : { output: { manualChunks: clientChunk } },
  },
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'postgres'] },
}));
