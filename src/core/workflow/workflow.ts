// Status machines (orders, complaints, applications, rentals, registrations) are declared, not
// re-coded: a feature names its states, the allowed transitions, who may make each of them and,
// optionally, what happens on a change (a mail). moveStatus() in status-history.server.ts applies
// a change with its history row; the rules here are pure and also serve the screens (which buttons
// to show: allowedNext).
//
//   export const complaintWorkflow = defineWorkflow({
//     name: 'complaint',
//     states: ['new', 'in_review', 'accepted', 'rejected', 'closed'],
//     initial: 'new',
//     transitions: { new: ['in_review', 'rejected'], in_review: ['accepted', 'rejected'], accepted: ['closed'] },
//     who: { '*->in_review': isStaff, '*->accepted': isStaff, '*->rejected': isStaff, 'accepted->closed': isStaff },
//     labels: { new: { pl: 'Nowa', en: 'New' }, ... },
//     onChange: (tx, change) => complaintStatusMail(tx, recipient, { ... }),
//   });
import type { Db } from '~/core/db/client.server';
import { HttpError } from '~/core/http/errors';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { type WorkflowMessageKey, workflowMessages } from './messages';

/**
 * Who moves a status: a user (its id goes into the history; add whatever the rules need, e.g.
 * `{ id, can, ownsRecord }`), or null for the system itself (a scheduled expiry).
 */
/** Who moves a record: a user (`id`), or an integration (`id` null, `label` e.g. "ERP: Enova"), or the system (null). */
export type WorkflowActor = { id: number | null; label?: string | null } | null;

/** A rule of who may make a transition. */
export type Guard<A> = (actor: A) => boolean;

/**
 * Who may move a status: one function over every transition, or a rule per transition, keyed
 * 'from->to' or '*->to' (any allowed source). A transition without a rule is refused to everyone:
 * forgetting a rule locks a door rather than opening it.
 */
export type WhoRules<S extends string, A> = ((actor: A, from: S, to: S) => boolean) | { readonly [K in `${S}->${S}` | `*->${S}`]?: Guard<A> };

/** One applied change, as the mail hook gets it. */
export interface StatusChange<S extends string, A> {
  workflow: string;
  entityId: string;
  /** null when the record's first status is recorded (recordStart). */
  from: S | null;
  to: S;
  actor: A;
  comment: string | null;
}

export interface WorkflowDefinition<S extends string, A extends WorkflowActor> {
  /** The key of this machine in status_history.workflow, e.g. 'order'. */
  name: string;
  states: readonly S[];
  initial: S;
  /** from -> the states it may move to; a state without an entry is final. */
  transitions: { readonly [K in S]?: readonly S[] };
  who: WhoRules<S, A>;
  /** The states' names shown to people (messages, history); the key itself without one. */
  labels?: { readonly [K in S]: Readonly<Record<Locale, string>> };
  /**
   * Called inside the transaction of the change, after its history row: enqueue mails here
   * (enqueueMail / a defineMail template with `tx`), so they exist exactly when the change does.
   * Throwing undoes the change.
   */
  onChange?: (tx: Db, change: StatusChange<S, A>) => Promise<void>;
}

export interface Workflow<S extends string, A extends WorkflowActor> extends WorkflowDefinition<S, A> {
  isState(value: unknown): value is S;
  /** The transition is declared (whoever makes it). */
  isTransition(from: S, to: S): boolean;
  /** The transition is declared and this actor may make it. */
  canMove(from: S, to: S, actor: A): boolean;
  /** The states this actor may move a record in `state` to, in declaration order. */
  allowedNext(state: S, actor: A): S[];
  /** A state without outgoing transitions. */
  isFinal(state: S): boolean;
  label(state: S, locale: Locale): string;
}

/** A refused status change: an HttpError with the key of its message (workflowMessages). */
export class WorkflowError extends HttpError {
  constructor(
    status: 403 | 409 | 422,
    public readonly key: WorkflowMessageKey,
    locale: Locale,
    vars?: Record<string, string | number>,
  ) {
    super(status, translator(workflowMessages, locale)(key, vars));
    this.name = 'WorkflowError';
  }
}

/** Declares a status machine; checks the declaration itself (a typo fails at start, not at the first change). */
export function defineWorkflow<const S extends string, A extends WorkflowActor = WorkflowActor>(def: WorkflowDefinition<S, A>): Workflow<S, A> {
  const states = new Set<string>(def.states);
  const fail = (why: string) => {
    throw new Error(`defineWorkflow(${def.name}): ${why}`);
  };
  if (!def.name.trim()) fail('a name is required');
  if (states.size !== def.states.length) fail('states repeat');
  if (!states.has(def.initial)) fail(`initial "${def.initial}" is not a state`);
  for (const [from, targets] of Object.entries(def.transitions) as [string, readonly string[] | undefined][]) {
    if (!states.has(from)) fail(`transition from unknown state "${from}"`);
    for (const to of targets ?? []) {
      if (!states.has(to)) fail(`transition ${from}->${to} to an unknown state`);
      if (to === from) fail(`transition ${from}->${to} goes nowhere`);
    }
  }
  const rules = typeof def.who === 'function' ? undefined : (def.who as Record<string, Guard<A> | undefined>);
  if (rules) {
    for (const key of Object.keys(rules)) {
      const [from = '', to = ''] = key.split('->');
      const declared =
        from === '*' ? def.states.some((s) => (def.transitions[s] ?? []).includes(to as S)) : (def.transitions[from as S] ?? []).includes(to as S);
      if (!declared) fail(`rule "${key}" names no declared transition`);
    }
  }

  const isState = (value: unknown): value is S => typeof value === 'string' && states.has(value);
  const isTransition = (from: S, to: S) => (def.transitions[from] ?? []).includes(to);
  const mayMove = (from: S, to: S, actor: A): boolean => {
    if (typeof def.who === 'function') return def.who(actor, from, to);
    const rule = rules?.[`${from}->${to}`] ?? rules?.[`*->${to}`];
    return rule ? rule(actor) : false;
  };
  const canMove = (from: S, to: S, actor: A) => isState(from) && isState(to) && isTransition(from, to) && mayMove(from, to, actor);

  return {
    ...def,
    isState,
    isTransition,
    canMove,
    allowedNext: (state, actor) => (def.transitions[state] ?? []).filter((to) => mayMove(state, to, actor)),
    isFinal: (state) => (def.transitions[state] ?? []).length === 0,
    label: (state, locale) => def.labels?.[state]?.[locale] ?? state,
  };
}

/**
 * Checks a change against the rules and throws the refusal a person should see: 422 for a state
 * that does not exist or a transition the machine does not have, 403 when this actor may not make it.
 */
export function assertMove<S extends string, A extends WorkflowActor>(wf: Workflow<S, A>, from: S, to: S, actor: A, locale: Locale = DEFAULT_LOCALE): void {
  for (const state of [from, to]) {
    if (!wf.isState(state)) throw new WorkflowError(422, 'workflow.unknownState', locale, { state: String(state) });
  }
  const vars = { from: wf.label(from, locale), to: wf.label(to, locale) };
  if (!wf.isTransition(from, to)) throw new WorkflowError(422, 'workflow.notAllowed', locale, vars);
  if (!wf.canMove(from, to, actor)) throw new WorkflowError(403, 'workflow.forbidden', locale, vars);
}
