import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  // BUILD_DIR lets parallel checkouts/tests build side by side; server.js reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
