// Starts the site: `npm start` runs the production bundle; `npm run dev` runs through Vite
// with hot reload of pages.
const dev = process.env.NODE_ENV === 'development';

if (dev) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const { startServer } = await vite.ssrLoadModule('./src/server.server.ts');
  await startServer({
    build: () => vite.ssrLoadModule('virtual:react-router/server-build'),
    dev: true,
    middleware: vite.middlewares,
  });
} else {
  const { startServer, build } = await import('./build/server/index.js');
  await startServer({ build, clientDir: new URL('./build/client', import.meta.url).pathname });
}
