// Entry of the server bundle (see vite.config.ts): the Fastify app, the features and the
// React Router build in one module graph.
import * as build from 'virtual:react-router/server-build';

export { build };
export { buildIdentity } from '~/core/server/server-build-id.server';
export { startServer } from '~/server.server';
export { adminCreateCli } from '~/features/accounts/admin-create.server';
export { backupCli, restoreCli } from '~/core/backup/cli.server';
export { filesGcCli } from '~/app/files-gc-cli.server';
export { ksefSyncCli } from '~/features/invoices/ksef-sync-cli.server';
