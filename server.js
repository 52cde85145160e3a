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
  const { pathToFileURL } = await import('node:url');
  const path = await import('node:path');
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  const { startServer, build, buildIdentity } = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
  const buildId = buildIdentity(path.join(buildDir, 'server'), build.assets.version);
  await startServer({ build, clientDir: path.join(buildDir, 'client'), buildId });
}
