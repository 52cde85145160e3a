import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  // BUILD_DIR lets parallel checkouts/tests build side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // Lazy route discovery: each page carries only the manifest of its own routes (written into the
  // page, some hundred bytes) and the browser asks /__manifest for others as links come into view.
  // The whole manifest as one file (mode 'initial') is 6.3 kB gzipped of every first visit's
  // JavaScript and grows with every admin screen; it took the product page past its 150 kB budget.
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
