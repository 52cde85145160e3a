// Applying a status change: the rules (workflow.ts), the record's own conditional update, one
// history row and the mail hook, all in one transaction.
//
// The record's update is the caller's, because only it knows the table; it must change the row
// only if it still has the `from` status, and say how many rows it changed:
//
//   await moveStatus(tx, orderWorkflow, {
//     entityId: order.id, from: 'new', to: 'accepted', actor, comment,
//     update: async (tx) =>
//       (await tx.update(orders).set({ status: 'accepted' })
//         .where(and(eq(orders.id, order.id), eq(orders.status, 'new')))
//         .returning({ id: orders.id })).length,
//   });
//
// Of two concurrent moves from the same status the database lets one update the row; the other
// finds no row with that status, changes nothing and gets 409.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { DEFAULT_LOCALE, type Locale } from '~/core/i18n/locale';
import { assertMove, type StatusChange, type Workflow, type WorkflowActor, WorkflowError } from './workflow';
import { type StatusHistoryRow, statusHistory } from './workflow.schema';

export { type StatusHistoryRow, statusHistory } from './workflow.schema';

/** The longest comment stored with a change. */
export const MAX_COMMENT = 2000;

export interface MoveStatusInput<S extends string, A extends WorkflowActor> {
  entityId: string | number;
  /** The status the caller read (and shows); the change applies only if the record still has it. */
  from: S;
  to: S;
  actor: A;
  comment?: string | null;
  /** Updates the record's status where it is still `from`; returns the number of rows changed. */
  update: (tx: Db) => Promise<number>;
  /** Language of a refusal's message. */
  locale?: Locale;
}

function cleanComment(comment: string | null | undefined, locale: Locale): string | null {
  const text = comment?.trim() ?? '';
  if (text.length > MAX_COMMENT) throw new WorkflowError(422, 'workflow.commentTooLong', locale, { max: MAX_COMMENT });
  return text === '' ? null : text;
}

/**
 * Moves a record from one status to another: refuses an unknown status or transition (422) and an
 * actor the rules do not allow (403) before anything is written; runs `update` and refuses with 409
 * when it changed no row (the status moved meanwhile); writes the history row; calls the
 * workflow's onChange. Everything in one transaction (a savepoint inside the caller's): a refusal
 * or a failing hook leaves nothing behind.
 */
export async function moveStatus<S extends string, A extends WorkflowActor>(
  db: Db,
  wf: Workflow<S, A>,
  input: MoveStatusInput<S, A>,
): Promise<StatusHistoryRow> {
  const locale = input.locale ?? DEFAULT_LOCALE;
  assertMove(wf, input.from, input.to, input.actor, locale);
  const comment = cleanComment(input.comment, locale);
  const change: StatusChange<S, A> = {
    workflow: wf.name,
    entityId: String(input.entityId),
    from: input.from,
    to: input.to,
    actor: input.actor,
    comment,
  };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const changed = await input.update(tx);
    if (changed === 0) throw new WorkflowError(409, 'workflow.conflict', locale);
    return writeHistory(tx, wf, change);
  });
}

/**
 * Records a new record's first status (from null to the workflow's initial status), in the
 * transaction that creates the record, and calls onChange (e.g. "we have received your complaint").
 */
export async function recordStart<S extends string, A extends WorkflowActor>(
  db: Db,
  wf: Workflow<S, A>,
  input: { entityId: string | number; actor: A; comment?: string | null; locale?: Locale },
): Promise<StatusHistoryRow> {
  const comment = cleanComment(input.comment, input.locale ?? DEFAULT_LOCALE);
  const change: StatusChange<S, A> = {
    workflow: wf.name,
    entityId: String(input.entityId),
    from: null,
    to: wf.initial,
    actor: input.actor,
    comment,
  };
  return db.transaction((tx) => writeHistory(tx as unknown as Db, wf, change));
}

async function writeHistory<S extends string, A extends WorkflowActor>(tx: Db, wf: Workflow<S, A>, change: StatusChange<S, A>): Promise<StatusHistoryRow> {
  const [row] = await tx
    .insert(statusHistory)
    .values({
      workflow: change.workflow,
      entityId: change.entityId,
      fromStatus: change.from,
      toStatus: change.to,
      actorId: change.actor?.id ?? null,
      actorLabel: change.actor?.label ?? null,
      comment: change.comment,
    })
    .returning();
  if (!row) throw new Error('status_history: insert returned no row');
  if (wf.onChange) await wf.onChange(tx, change);
  return row;
}

/** The history of one record, oldest first. */
export async function listStatusHistory(db: Db, wf: { name: string }, entityId: string | number): Promise<StatusHistoryRow[]> {
  return db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.workflow, wf.name), eq(statusHistory.entityId, String(entityId))))
    .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id));
}
