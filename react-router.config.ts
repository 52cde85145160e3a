import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  // BUILD_DIR lets parallel checkouts/tests build side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // Every page loads the route manifest as one cached file instead of the server matching the URL
  // and writing a partial manifest into each page (lazy discovery): cheaper per request, smaller pages.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
