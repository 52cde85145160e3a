// The one direction of dependencies (ARCHITECTURE.md, "Layers"; docs/layers.md): app -> features -> core.
// Checked in `npm test` by `npm run lint:deps` (scripts/check-layers.mjs), which also refuses cycles
// between features and keeps ARCHITECTURE.md's feature dependency table current.
const TEST = '(\\.test\\.tsx?$|/tests/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-feature',
      comment: 'core is shared by every feature: it may not know any feature or the application layer.',
      severity: 'error',
      // Tests of core may borrow a feature's table as test data.
      from: { path: '^src/core/', pathNot: TEST },
      to: { path: '^src/(features|app)/|^src/(server\\.server|routes|root)\\.tsx?$' },
    },
    {
      name: 'features-below-app',
      comment: 'features do not import the application layer (shell, sitemap, admin shell, composition root); tests may.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: TEST },
      to: { path: '^src/app/|^src/(server\\.server|routes|root)\\.tsx?$' },
    },
    {
      name: 'feature-to-feature-only-schema-and-services',
      comment:
        "a feature may use another feature's tables (*.schema.ts) and service functions (*.server.ts), never its components, routes, messages or other internals; tests may use another feature's test helpers.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '\\.schema\\.ts$', '\\.server\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)\\+types/|^build/|^node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
