import { sweepCertificateReminders } from '~/features/trainings/certificate-reminders.server';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from '~/core/config.server';
import { type Database, openDatabase } from '~/core/db/client.server';
import { DatabaseInUse } from '~/core/db/data-dir-lock.server';
import { filesApi } from '~/core/files/files.api.server';
import { localStorage, setStorage } from '~/core/files/storage.server';
import { startMailWorker } from '~/core/mail/outbox.server';
import { startWebhookWorker, sweepWebhookDeliveries } from '~/core/webhooks/webhooks.server';
import { type Seeder, seedIfEmpty } from '~/core/seed.server';
import { buildApp } from '~/core/server/app.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { shareCacheClearing } from '~/core/server/page-cache.server';
import { registerPageParams } from '~/core/server/page-url.server';
import { LISTING_PARAMS } from '~/features/catalog/facets';
import { registerFileReferences } from '~/core/files/references.server';
import { setUserLoader } from '~/core/permissions/current-user.server';
import { accountsApi } from '~/features/accounts/accounts.api.server';
import { accountUserJoin, loadAccountUser } from '~/features/accounts/current-user.server';
import { setCustomerLink } from '~/features/accounts/customer-link.server';
import { rolesAdminApi } from '~/features/accounts/admin/roles-admin.api.server';
import { usersAdminApi } from '~/features/accounts/admin/users-admin.api.server';
import { attributesAdminApi } from '~/features/catalog/admin/attribute-definitions.api.server';
import { catalogAdminApi } from '~/features/catalog/admin/catalog-admin.api.server';
import { warehousesAdminApi } from '~/features/catalog/admin/warehouses-admin.api.server';
import { catalogApi } from '~/features/catalog/catalog.api.server';
import { catalogFileReferences } from '~/features/catalog/file-references.server';
import { catalogSeeder } from '~/features/catalog/demo/catalog.seed.server';
import { stockSeeder } from '~/features/catalog/demo/stock.seed.server';
import { pricingSeeder } from '~/features/pricing/demo/pricing.seed.server';
import { pricingAdminApi } from '~/features/pricing/admin/pricing-admin.api.server';
import { KsefClient } from '~/features/invoices/ksef/client.server';
import { setKsefEnvironment } from '~/features/invoices/ksef/qr';
import { startKsefSync } from '~/features/invoices/ksef-sync.server';
import { invoicesKsefAdminApi } from '~/features/invoices/admin/ksef.api.server';
import { invoicesApi } from '~/features/invoices/invoices.api.server';
import { ordersAdminApi } from '~/features/shop/admin/orders-admin.api.server';
import { webhooksAdminApi } from '~/features/integrations/admin/webhooks.api.server';
import { apiKeysAdminApi } from '~/features/integrations/admin/api-keys-admin.api.server';
import { sweepKeyUsage } from '~/features/integrations/api-keys.server';
import { integrationsApi } from '~/features/integrations/integrations.api.server';
import { sweepIdempotency } from '~/features/integrations/integration-route.server';
import { invoiceFileReferences } from '~/features/invoices/file-references.server';
import { contentApi } from '~/features/content/content.api.server';
import { contentFileReferences } from '~/features/content/file-references.server';
import { contentAdminApi } from '~/features/content/admin/content-admin.api.server';
import { changeInfosApi } from '~/app/admin/change-infos/change-infos.api.server';
import { serviceApi } from '~/app/admin/service/service.api.server';
import { contentSeeder } from '~/features/content/demo/content.seed.server';
import { customersApi } from '~/features/customers/admin/customers-admin.api.server';
import { companyApi } from '~/features/customers/company.api.server';
import { activeCustomerSql } from '~/features/customers/b2b-access.server';
import { customerOfUser, customerOptions, setUserCustomer } from '~/features/customers/customers.server';
import { formsApi } from '~/features/forms/forms.api.server';
import { formsFileReferences } from '~/features/forms/file-references.server';
import { coursesApi } from '~/features/courses/courses.api.server';
import { coursesAdminApi } from '~/features/courses/admin/courses-admin.api.server';
import { coursesSeeder } from '~/features/courses/demo/courses.seed.server';
import { trainingsApi } from '~/features/trainings/trainings.api.server';
import { trainingFileReferences } from '~/features/trainings/file-references.server';
import { trainingsAdminApi } from '~/features/trainings/admin/trainings-admin.api.server';
import { trainingsSeeder } from '~/features/trainings/demo/trainings.seed.server';
import { rentalsApi } from '~/features/rentals/rentals.api.server';
import { shopApi } from '~/features/shop/shop.api.server';
import { shopSeeder } from '~/features/shop/demo/shop.seed.server';
import { newsletterApi } from '~/features/newsletter/newsletter.api.server';
import { sweepUnconfirmedSubscribers } from '~/features/newsletter/newsletter.server';
import { calculatorApi } from '~/features/calculator/calculator.api.server';
import { rentalsAdminApi } from '~/features/rentals/admin/rentals-admin.api.server';
import { rentalsSeeder } from '~/features/rentals/demo/rentals.seed.server';
import { rentalFileReferences } from '~/features/rentals/file-references.server';
import { coreApi } from '~/core/server/core.api.server';
import { backupApi, publishBackupEndpoint } from '~/core/backup/backup.api.server';
import { cleanBackupWork } from '~/core/backup/backup.server';
import { getDb } from '~/core/db/db.server';
import { registerSweeper, startSweeping } from '~/core/maintenance/sweep.server';
import { createShutdown } from '~/core/server/shutdown.server';
import { sweepExpiredSessions } from '~/core/session/session.server';
import { sweepAccountTokens } from '~/features/accounts/tokens.server';
import { watchPublications } from '~/features/catalog/product-changes.server';

// The customer a user buys for: accounts reads it through customers, which builds on accounts.
setCustomerLink({ activeCustomerSql, customerOfUser, customerOptions, setUserCustomer });
// Who is logged in: core's guards read users through the accounts feature.
setUserLoader(loadAccountUser, accountUserJoin);

// What only expires is deleted hourly (startServer) and on the admin service screen.
registerSweeper('sessions', sweepExpiredSessions);
registerSweeper('account-tokens', (now) => sweepAccountTokens(getDb(), now));
registerSweeper('newsletter-unconfirmed', sweepUnconfirmedSubscribers);
registerSweeper('webhook-deliveries', (now) => sweepWebhookDeliveries(now));
registerSweeper('integration-idempotency', sweepIdempotency);
registerSweeper('api-key-usage', (now) => sweepKeyUsage(now));
// Not a deletion: the certificates' expiry reminders (issue 42) ride the same hourly sweep.
registerSweeper('certificate-reminders', (now) => sweepCertificateReminders(now));
// The query parameters anonymous pages read (the pagination's `page` is core's); a page asked for
// with another one is rendered but not cached (core/server/page-url.server.ts).
registerPageParams(
  ...LISTING_PARAMS, // catalogue listings and search
  'section',
  'q',
  'type', // knowledge base
  'course', // courses (with 'section')
  'reason',
  'verified',
  'reset',
  'email',
  'expires',
  'signature', // login, password reset, e-mail verification
  'redirectFrom', // home's section links (SPEC section 2, read in the browser)
);
// Files in use, by feature: the unused-file collector (core/files/gc.server.ts) keeps every one of them.
registerFileReferences('catalog', catalogFileReferences);
registerFileReferences('content', contentFileReferences);
registerFileReferences('rentals', rentalFileReferences);
registerFileReferences('forms', formsFileReferences);
registerFileReferences('invoices', invoiceFileReferences);
registerFileReferences('trainings', trainingFileReferences);

/** The API routes of every feature, in the order they register. */
export const features: FastifyPluginAsync[] = [
  coreApi,
  filesApi,
  accountsApi,
  usersAdminApi,
  rolesAdminApi,
  customersApi,
  companyApi,
  catalogApi,
  catalogAdminApi,
  attributesAdminApi,
  warehousesAdminApi,
  pricingAdminApi,
  invoicesApi,
  invoicesKsefAdminApi,
  contentApi,
  contentAdminApi,
  changeInfosApi,
  serviceApi,
  formsApi,
  backupApi,
  coursesApi,
  coursesAdminApi,
  trainingsApi,
  trainingsAdminApi,
  rentalsApi,
  rentalsAdminApi,
  shopApi,
  ordersAdminApi,
  webhooksAdminApi,
  newsletterApi,
  calculatorApi,
  integrationsApi,
  apiKeysAdminApi,
];

/** Demo content of every feature, in dependency order. */
export const seeders: Seeder[] = [catalogSeeder, stockSeeder, pricingSeeder, contentSeeder, coursesSeeder, trainingsSeeder, rentalsSeeder, shopSeeder];

export interface StartOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  /** Identifies a production build (client assets and server code): stored pages of another build are not served. */
  buildId?: string;
  dev?: boolean;
  /** Vite's middleware in development. */
  middleware?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void;
}

export async function startServer(opts: StartOptions) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let database: Database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DatabaseInUse) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await database.migrate();
  if (database.channel) await shareCacheClearing(database.channel);
  setStorage(localStorage(path.join(config.dataDir, 'files')));
  setKsefEnvironment(config.KSEF_ENV);

  const app = await buildApp({
    config,
    database,
    features,
    pages: pagesPlugin({
      build: opts.build,
      clientDir: opts.clientDir,
      buildId: opts.buildId,
      dev: opts.dev,
      assetsArchiveDir: path.join(config.dataDir, 'assets-archive'),
    }),
    middleware: opts.middleware,
  });
  if (config.SEED_DEMO === '1') await seedIfEmpty(seeders, (m) => console.log(m));
  const mailWorker = startMailWorker({
    smtpUrl: config.SMTP_URL,
    dataDir: config.dataDir,
    from: config.mailFrom,
    db: database.db,
    intervalMs: 2000,
    log: (m) => console.warn(m),
  });
  // Webhook deliveries: the same outbox pattern, claimed safely by every process on the database.
  const webhookWorker = startWebhookWorker({ db: database.db, intervalMs: 5000, log: (m) => console.warn(m) });

  const sweeping = startSweeping({ log: (m) => console.warn(m) });
  // KSeF (issue 39): with KSEF_URL, KSEF_NIP and KSEF_TOKEN the invoices the NIP issued are synced every 15 minutes.
  const ksefSync =
    config.KSEF_URL && config.KSEF_NIP && config.KSEF_TOKEN
      ? startKsefSync({
          client: new KsefClient({ baseUrl: config.KSEF_URL, nip: config.KSEF_NIP, token: config.KSEF_TOKEN }),
          nip: config.KSEF_NIP,
          log: (m) => console.warn(m),
        })
      : null;
  // Products reaching their publication date: their cached pages become stale like after a save.
  const publications = watchPublications();
  // Leftovers of a backup cut short by a crash.
  await cleanBackupWork(config.dataDir);
  let unpublishBackups = async () => {};

  // SIGTERM (process manager, container stop) and SIGINT: in-flight requests finish, then the
  // workers and the database close; after SHUTDOWN_GRACE_MS the process exits regardless.
  const shutdown = createShutdown({
    app,
    graceMs: config.SHUTDOWN_GRACE_MS,
    steps: [
      () => unpublishBackups(),
      () => sweeping.stop(),
      async () => publications.stop(),
      async () => ksefSync?.stop(),
      () => mailWorker.stop(),
      () => webhookWorker.stop(),
      () => database.close(),
    ],
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The embedded database belongs to this process: `npm run backup` asks it for the copy.
  if (database.kind === 'pglite') {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    unpublishBackups = await publishBackupEndpoint({ dataDir: config.dataDir, host: config.HOST, port });
  }
  console.log(`Listening on http://localhost:${config.PORT} (${database.kind} database)`);
  return app;
}
