import { describe, expect, it } from 'vitest';
import { assertMove, defineWorkflow, WorkflowError } from './workflow';

interface Actor {
  id: number;
  staff: boolean;
  owner: boolean;
}
const staff: Actor = { id: 1, staff: true, owner: false };
const owner: Actor = { id: 2, staff: false, owner: true };
const stranger: Actor = { id: 3, staff: false, owner: false };

const order = defineWorkflow<'new' | 'accepted' | 'shipped' | 'delivered' | 'cancelled', Actor | null>({
  name: 'order',
  states: ['new', 'accepted', 'shipped', 'delivered', 'cancelled'],
  initial: 'new',
  transitions: { new: ['accepted', 'cancelled'], accepted: ['shipped', 'cancelled'], shipped: ['delivered'] },
  who: {
    '*->accepted': (a) => a?.staff === true,
    '*->shipped': (a) => a?.staff === true,
    // the system (null) confirms delivery from the carrier's tracking
    'shipped->delivered': (a) => a === null || a.staff,
    'new->cancelled': (a) => a !== null && (a.staff || a.owner),
    'accepted->cancelled': (a) => a?.staff === true,
  },
  labels: {
    new: { pl: 'Nowe', en: 'New' },
    accepted: { pl: 'Przyjęte', en: 'Accepted' },
    shipped: { pl: 'Wysłane', en: 'Shipped' },
    delivered: { pl: 'Dostarczone', en: 'Delivered' },
    cancelled: { pl: 'Anulowane', en: 'Cancelled' },
  },
});

describe('defineWorkflow', () => {
  it('knows its states, transitions and final states', () => {
    expect(order.initial).toBe('new');
    expect(order.isState('shipped')).toBe(true);
    expect(order.isState('lost')).toBe(false);
    expect(order.isTransition('new', 'accepted')).toBe(true);
    expect(order.isTransition('new', 'shipped')).toBe(false);
    expect(order.isTransition('delivered', 'new')).toBe(false);
    expect(order.isFinal('delivered')).toBe(true);
    expect(order.isFinal('cancelled')).toBe(true);
    expect(order.isFinal('accepted')).toBe(false);
    expect(order.label('accepted', 'pl')).toBe('Przyjęte');
    expect(order.label('accepted', 'en')).toBe('Accepted');
  });

  it('allows a transition only to the actors its rule names', () => {
    expect(order.canMove('new', 'accepted', staff)).toBe(true);
    expect(order.canMove('new', 'accepted', owner)).toBe(false);
    expect(order.canMove('new', 'cancelled', owner)).toBe(true);
    expect(order.canMove('accepted', 'cancelled', owner)).toBe(false);
    expect(order.canMove('shipped', 'delivered', null)).toBe(true);
    expect(order.canMove('new', 'accepted', null)).toBe(false);
    expect(order.canMove('new', 'shipped', staff)).toBe(false); // not a transition, whoever asks
  });

  it('lists the next states an actor may choose, in declaration order', () => {
    expect(order.allowedNext('new', staff)).toEqual(['accepted', 'cancelled']);
    expect(order.allowedNext('new', owner)).toEqual(['cancelled']);
    expect(order.allowedNext('new', stranger)).toEqual([]);
    expect(order.allowedNext('accepted', owner)).toEqual([]);
    expect(order.allowedNext('delivered', staff)).toEqual([]);
  });

  it('takes one function for who may move', () => {
    const simple = defineWorkflow<'open' | 'closed', { id: number; admin: boolean }>({
      name: 'simple',
      states: ['open', 'closed'],
      initial: 'open',
      transitions: { open: ['closed'], closed: ['open'] },
      who: (actor, _from, to) => to === 'closed' || actor.admin,
    });
    expect(simple.allowedNext('open', { id: 1, admin: false })).toEqual(['closed']);
    expect(simple.allowedNext('closed', { id: 1, admin: false })).toEqual([]);
    expect(simple.allowedNext('closed', { id: 1, admin: true })).toEqual(['open']);
    expect(simple.label('open', 'en')).toBe('open'); // no labels: the key
  });

  it('refuses a transition without a rule (closed by default)', () => {
    const wf = defineWorkflow<'a' | 'b' | 'c', { id: number }>({
      name: 'partial',
      states: ['a', 'b', 'c'],
      initial: 'a',
      transitions: { a: ['b', 'c'] },
      who: { 'a->b': () => true },
    });
    expect(wf.canMove('a', 'b', { id: 1 })).toBe(true);
    expect(wf.canMove('a', 'c', { id: 1 })).toBe(false);
  });

  it('refuses a wrong declaration at once', () => {
    const base = { name: 'x', states: ['a', 'b'] as const, initial: 'a' as const, who: () => true };
    expect(() => defineWorkflow({ ...base, initial: 'z' as 'a', transitions: {} })).toThrow(/initial "z"/);
    expect(() => defineWorkflow({ ...base, transitions: { a: ['z' as 'b'] } })).toThrow(/unknown state/);
    expect(() => defineWorkflow({ ...base, transitions: { z: ['a'] } as never })).toThrow(/unknown state "z"/);
    expect(() => defineWorkflow({ ...base, transitions: { a: ['a'] } })).toThrow(/goes nowhere/);
    expect(() => defineWorkflow({ ...base, states: ['a', 'a'], transitions: {} })).toThrow(/repeat/);
    expect(() => defineWorkflow({ ...base, transitions: { a: ['b'] }, who: { 'b->a': () => true } })).toThrow(/rule "b->a"/);
  });
});

describe('assertMove', () => {
  function refusal(fn: () => void): WorkflowError {
    try {
      fn();
    } catch (e) {
      if (e instanceof WorkflowError) return e;
      throw e;
    }
    throw new Error('not refused');
  }

  it('refuses a transition the machine does not have with 422 and a message in the language', () => {
    const pl = refusal(() => assertMove(order, 'delivered', 'new', staff, 'pl'));
    expect(pl.status).toBe(422);
    expect(pl.key).toBe('workflow.notAllowed');
    expect(pl.message).toBe('Nie można zmienić statusu z „Dostarczone” na „Nowe”.');
    const en = refusal(() => assertMove(order, 'delivered', 'new', staff, 'en'));
    expect(en.message).toBe('The status cannot be changed from “Delivered” to “New”.');
  });

  it('refuses an unknown status with 422', () => {
    const e = refusal(() => assertMove(order, 'new', 'lost' as 'new', staff, 'en'));
    expect([e.status, e.key, e.message]).toEqual([422, 'workflow.unknownState', 'Unknown status: “lost”.']);
  });

  it('refuses an actor the rule does not name with 403', () => {
    const e = refusal(() => assertMove(order, 'new', 'accepted', owner, 'pl'));
    expect([e.status, e.key]).toEqual([403, 'workflow.forbidden']);
    expect(e.message).toBe('Nie masz uprawnień do zmiany statusu z „Nowe” na „Przyjęte”.');
  });

  it('lets an allowed move pass', () => {
    expect(() => assertMove(order, 'new', 'accepted', staff)).not.toThrow();
  });
});
