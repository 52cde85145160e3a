import { and, eq, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '~/core/db/client.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { defineMail } from '~/core/mail/templates.server';
import { openTestDatabase } from '~tests/helpers/test-app';
import { listStatusHistory, moveStatus, recordStart, statusHistory } from './status-history.server';
import { defineWorkflow, WorkflowError } from './workflow';

// A feature's table with a status column, made for this test only.
const tickets = pgTable('wf_test_tickets', {
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('new'),
  email: text('email').notNull(),
});

type Status = 'new' | 'in_review' | 'accepted' | 'rejected';
interface Actor {
  id: number;
  staff: boolean;
}
const staff: Actor = { id: 11, staff: true };
const customer: Actor = { id: 22, staff: false };

const statusMail = defineMail({
  kind: 'test.ticket-status',
  subject: (p: { status: string }) => `Status: ${p.status}`,
  render: (p: { status: string }) => ({ heading: p.status, paragraphs: [] }),
});

let failHook = false;
const ticketWorkflow = defineWorkflow<Status, Actor | null>({
  name: 'test-ticket',
  states: ['new', 'in_review', 'accepted', 'rejected'],
  initial: 'new',
  transitions: { new: ['in_review', 'rejected'], in_review: ['accepted', 'rejected'] },
  who: (actor) => actor === null || actor.staff,
  labels: {
    new: { pl: 'Nowe', en: 'New' },
    in_review: { pl: 'W trakcie', en: 'In review' },
    accepted: { pl: 'Przyjęte', en: 'Accepted' },
    rejected: { pl: 'Odrzucone', en: 'Rejected' },
  },
  // The mail of a change, in the change's transaction.
  onChange: async (tx, change) => {
    const [t] = await tx
      .select()
      .from(tickets)
      .where(eq(tickets.id, Number(change.entityId)));
    if (!t) throw new Error('ticket gone');
    await statusMail(tx, { email: t.email, locale: 'pl' }, { status: change.to });
    if (failHook) throw new Error('hook failed');
  },
});

let database: Database;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  await db.execute(sql`create table wf_test_tickets (id serial primary key, status text not null default 'new', email text not null)`);
});
afterAll(() => drop());
beforeEach(async () => {
  failHook = false;
  await db.delete(statusHistory);
  await db.delete(mailOutbox);
  await db.delete(tickets);
});

async function newTicket(): Promise<number> {
  const [row] = await db.insert(tickets).values({ email: 'klient@example.com' }).returning({ id: tickets.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** The conditional update a feature writes: only while the ticket still has the status it read. */
const setStatus = (id: number, from: Status, to: Status) => async (tx: Db) =>
  (
    await tx
      .update(tickets)
      .set({ status: to })
      .where(and(eq(tickets.id, id), eq(tickets.status, from)))
      .returning({ id: tickets.id })
  ).length;

async function statusOf(id: number) {
  const [row] = await db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id));
  return row?.status;
}

const mails = () => db.select().from(mailOutbox);

describe('moveStatus', () => {
  it('updates the record, writes a history row with actor and comment, and enqueues the mail', async () => {
    const id = await newTicket();
    const row = await moveStatus(db, ticketWorkflow, {
      entityId: id,
      from: 'new',
      to: 'in_review',
      actor: staff,
      comment: '  Sprawdzamy zdjęcia.  ',
      update: setStatus(id, 'new', 'in_review'),
    });
    expect(row).toMatchObject({
      workflow: 'test-ticket',
      entityId: String(id),
      fromStatus: 'new',
      toStatus: 'in_review',
      actorId: 11,
      comment: 'Sprawdzamy zdjęcia.',
    });
    expect(await statusOf(id)).toBe('in_review');
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject, m.kind])).toEqual([['klient@example.com', 'Status: in_review', 'test.ticket-status']]);

    await moveStatus(db, ticketWorkflow, { entityId: id, from: 'in_review', to: 'accepted', actor: null, update: setStatus(id, 'in_review', 'accepted') });
    const history = await listStatusHistory(db, ticketWorkflow, id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId, h.comment])).toEqual([
      ['new', 'in_review', 11, 'Sprawdzamy zdjęcia.'],
      ['in_review', 'accepted', null, null],
    ]);
    expect(await listStatusHistory(db, { name: 'other-workflow' }, id)).toEqual([]);
  });

  it('records the first status of a new record', async () => {
    const id = await newTicket();
    await recordStart(db, ticketWorkflow, { entityId: id, actor: customer, comment: 'Zgłoszenie' });
    const history = await listStatusHistory(db, ticketWorkflow, String(id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([[null, 'new', 22]]);
    expect(await mails()).toHaveLength(1);
  });

  it('refuses an illegal transition with 422 and writes nothing', async () => {
    const id = await newTicket();
    let updated = false;
    const attempt = moveStatus(db, ticketWorkflow, {
      entityId: id,
      from: 'new',
      to: 'accepted',
      actor: staff,
      locale: 'en',
      update: async (tx) => {
        updated = true;
        return setStatus(id, 'new', 'accepted')(tx);
      },
    });
    await expect(attempt).rejects.toMatchObject({ status: 422, key: 'workflow.notAllowed', message: 'The status cannot be changed from “New” to “Accepted”.' });
    expect(updated).toBe(false);
    expect(await statusOf(id)).toBe('new');
    expect(await listStatusHistory(db, ticketWorkflow, id)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('refuses an actor the rules do not allow with 403 and writes nothing', async () => {
    const id = await newTicket();
    await expect(
      moveStatus(db, ticketWorkflow, { entityId: id, from: 'new', to: 'rejected', actor: customer, update: setStatus(id, 'new', 'rejected') }),
    ).rejects.toMatchObject({ status: 403, key: 'workflow.forbidden' });
    expect(await statusOf(id)).toBe('new');
    expect(await listStatusHistory(db, ticketWorkflow, id)).toEqual([]);
  });

  it('refuses with 409 when the record no longer has the status the caller read', async () => {
    const id = await newTicket();
    await db.update(tickets).set({ status: 'rejected' }).where(eq(tickets.id, id));
    const attempt = moveStatus(db, ticketWorkflow, { entityId: id, from: 'new', to: 'in_review', actor: staff, update: setStatus(id, 'new', 'in_review') });
    await expect(attempt).rejects.toBeInstanceOf(WorkflowError);
    await expect(
      moveStatus(db, ticketWorkflow, { entityId: id, from: 'new', to: 'in_review', actor: staff, update: setStatus(id, 'new', 'in_review') }),
    ).rejects.toMatchObject({ status: 409, key: 'workflow.conflict' });
    expect(await statusOf(id)).toBe('rejected');
    expect(await listStatusHistory(db, ticketWorkflow, id)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('lets exactly one of concurrent moves from the same status win', async () => {
    const id = await newTicket();
    const targets: Status[] = ['in_review', 'rejected', 'in_review', 'rejected', 'in_review'];
    const results = await Promise.allSettled(
      targets.map((to) => moveStatus(db, ticketWorkflow, { entityId: id, from: 'new', to, actor: staff, update: setStatus(id, 'new', to) })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as WorkflowError).status)).toEqual([409, 409, 409, 409]);
    const history = await listStatusHistory(db, ticketWorkflow, id);
    expect(history).toHaveLength(1);
    expect(await statusOf(id)).toBe(history[0]?.toStatus);
    expect(await mails()).toHaveLength(1);
  });

  it('undoes the change when the mail hook fails', async () => {
    const id = await newTicket();
    failHook = true;
    await expect(
      moveStatus(db, ticketWorkflow, { entityId: id, from: 'new', to: 'in_review', actor: staff, update: setStatus(id, 'new', 'in_review') }),
    ).rejects.toThrow('hook failed');
    expect(await statusOf(id)).toBe('new');
    expect(await listStatusHistory(db, ticketWorkflow, id)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('runs inside the caller transaction: a later failure there undoes the move too', async () => {
    const id = await newTicket();
    await expect(
      db.transaction(async (tx) => {
        await moveStatus(tx as unknown as Db, ticketWorkflow, {
          entityId: id,
          from: 'new',
          to: 'in_review',
          actor: staff,
          update: setStatus(id, 'new', 'in_review'),
        });
        throw new Error('the rest of the caller work failed');
      }),
    ).rejects.toThrow('the rest');
    expect(await statusOf(id)).toBe('new');
    expect(await listStatusHistory(db, ticketWorkflow, id)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('refuses a comment that is too long with 422', async () => {
    const id = await newTicket();
    await expect(
      moveStatus(db, ticketWorkflow, {
        entityId: id,
        from: 'new',
        to: 'in_review',
        actor: staff,
        comment: 'x'.repeat(2001),
        update: setStatus(id, 'new', 'in_review'),
      }),
    ).rejects.toMatchObject({ status: 422, key: 'workflow.commentTooLong' });
    expect(await statusOf(id)).toBe('new');
  });
});
