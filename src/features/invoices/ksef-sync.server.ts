// The KSeF sync (issue 39): with KSEF_URL, KSEF_NIP and KSEF_TOKEN set, `npm run ksef:sync` asks KSeF
// for the metadata of the invoices that NIP issued since the last run (permanent-storage dates,
// oldest first, pobieranie-faktur/), downloads each one the portal does not keep yet and imports it
// through importFa3Invoice (source 'ksef', with its KSeF number). The cursor moves after every
// invoice, so a run stopped midway goes on where it stopped and nothing is imported twice (the
// KSeF number is unique too). An invoice refused by the import (e.g. an unknown buyer NIP) is
// reported and passed over.
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '~/core/audit/audit.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { invoices, ksefSyncState } from './invoices.schema';
import { importFa3Invoice } from './ksef-import.server';
import type { KsefClient } from './ksef/client.server';

export const KSEF_SYNC_ACTOR: Actor = { userId: 0, userEmail: 'KSeF (sync)' };

export interface KsefSyncResult {
  imported: number;
  skipped: number;
  refused: { ksefNumber: string; message: string }[];
  cursor: string | null;
}

/** One run; `from` the first run's start (default: 30 days before now). */
export async function runKsefSync(o: {
  client: KsefClient;
  nip: string;
  from?: string;
  maxInvoices?: number;
  log?: (m: string) => void;
}): Promise<KsefSyncResult> {
  const db = getDb();
  await db.insert(ksefSyncState).values({ nip: o.nip }).onConflictDoNothing();
  const [state] = await db.select().from(ksefSyncState).where(eq(ksefSyncState.nip, o.nip));
  let from = state.cursor ?? o.from ?? new Date(Date.now() - 30 * 86_400_000).toISOString();
  const result: KsefSyncResult = { imported: 0, skipped: 0, refused: [], cursor: state.cursor };
  const save = async (patch: Partial<typeof ksefSyncState.$inferInsert>) => {
    await db
      .update(ksefSyncState)
      .set({ ...patch, updatedAt: new Date(), version: sql`${ksefSyncState.version} + 1` })
      .where(eq(ksefSyncState.nip, o.nip));
  };
  try {
    let offset = 0;
    for (;;) {
      const page = await o.client.queryMetadata(from, offset);
      for (const meta of page.invoices) {
        const [kept] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.ksefNumber, meta.ksefNumber)).limit(1);
        if (kept) result.skipped++;
        else {
          const xml = await o.client.downloadInvoice(meta.ksefNumber);
          try {
            await importFa3Invoice({ xml, ksefNumber: meta.ksefNumber, actor: KSEF_SYNC_ACTOR, source: 'ksef' });
            result.imported++;
            o.log?.(`${meta.ksefNumber} ${meta.invoiceNumber}: imported`);
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            result.refused.push({ ksefNumber: meta.ksefNumber, message: e.message });
            o.log?.(`${meta.ksefNumber} ${meta.invoiceNumber}: ${e.message}`);
          }
        }
        result.cursor = meta.permanentStorageDate;
        await save({ cursor: meta.permanentStorageDate });
        if (o.maxInvoices !== undefined && result.imported >= o.maxInvoices) return result;
      }
      if (!page.hasMore) {
        if (page.permanentStorageHwmDate && page.permanentStorageHwmDate > (result.cursor ?? '')) {
          result.cursor = page.permanentStorageHwmDate;
          await save({ cursor: page.permanentStorageHwmDate });
        }
        break;
      }
      if (page.isTruncated) {
        from = result.cursor ?? from;
        offset = 0;
      } else offset += page.invoices.length;
    }
    const refused = result.refused.map((r) => `${r.ksefNumber}: ${r.message}`).join('\n');
    await save({ lastRunAt: new Date(), lastImported: result.imported, lastError: refused ? refused.slice(0, 4000) : null });
    return result;
  } catch (e) {
    await save({ lastRunAt: new Date(), lastImported: result.imported, lastError: String((e as Error).message).slice(0, 4000) });
    throw e;
  }
}

/**
 * The scheduled sync in the server process: a run every `intervalMs` (KSeF asks for no more than
 * one query every 15 minutes per subject), never two at once; errors are logged and kept in
 * ksef_sync_state.last_error. stop() waits for a run in progress.
 */
export function startKsefSync(o: { client: KsefClient; nip: string; intervalMs?: number; log?: (m: string) => void }): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runKsefSync({ client: o.client, nip: o.nip })
      .then((r) => {
        if (r.imported || r.refused.length) o.log?.(`KSeF sync: ${r.imported} imported, ${r.refused.length} refused`);
      })
      .catch((e) => o.log?.(`KSeF sync failed: ${(e as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 30_000);
  const timer = setInterval(tick, o.intervalMs ?? 15 * 60_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** Where each synced NIP stands (the admin integrations screen): the last run, what it imported, its error. */
export async function ksefSyncStatus(): Promise<
  { nip: string; cursor: string | null; lastRunAt: string | null; lastImported: number; lastError: string | null }[]
> {
  const rows = await getDb().select().from(ksefSyncState).orderBy(ksefSyncState.nip);
  return rows.map((r) => ({
    nip: r.nip,
    cursor: r.cursor,
    lastRunAt: r.lastRunAt?.toISOString() ?? null,
    lastImported: r.lastImported,
    lastError: r.lastError,
  }));
}
