import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The server bundle's entry is server/app.ts: it holds the Fastify app and imports the
// React Router server build, so API routes and loaders share one copy of every module.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'postgres'] },
}));
