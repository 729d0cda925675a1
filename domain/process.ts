/**
 * The process kernel. Every business process (player purchase, comfort run, withdrawal) is one
 * transition table here in domain/: its workflow asks it what an event leads to, the API asks it
 * which actions are allowed now, and the web page asks it which buttons to show. A new status is one
 * row of a table, not a new branch in three places. Pure: no I/O.
 */
import { DomainError } from './errors.js';

/** Who sends an event: the seller (page or API key), support (Temporal UI or support tool), or the system (timers, providers). */
export type Actor = 'seller' | 'support' | 'system';

/** One row: what a state accepts and who the process waits for while in it. */
export interface StateRow<S extends string, E extends string> {
  /** Events accepted in this state and the state each leads to. */
  on: Partial<Readonly<Record<E, S>>>;
  /** Events already applied on the way here: a repeat answers the current status and changes nothing (double clicks). */
  repeats?: readonly E[];
  /** Who must act for the process to move on; null in a final state. */
  waitsFor: Actor | null;
  /** Why an event is refused in this state, when it differs from the event's own refusal (e.g. `deadline_passed` once expired). */
  refuse?: Partial<Readonly<Record<E, { code: string; message: string }>>>;
}

/** What an event is and who may send it. */
export interface EventSpec {
  by: Actor;
  /** Why this event is refused in a state that does not accept it (stable code and English words). */
  refused?: { code: string; message: string };
}

export interface ProcessTable<S extends string, E extends string> {
  /** `ProcessKind` search attribute and workflow id prefix (`<kind>:<business id>`). */
  kind: string;
  initial: S;
  events: Readonly<Record<E, EventSpec>>;
  states: Readonly<Record<S, StateRow<S, E>>>;
}

export type Step<S extends string> =
  | { ok: true; from: S; to: S; repeat: boolean }
  | { ok: false; from: S; code: string; message: string };

export const NOT_ALLOWED_NOW = 'not_allowed_now';
const NOT_ALLOWED_TEXT = 'This action is not possible at this stage. Please refresh the page.';

/** What `event` does in `state`: the next state, a harmless repeat, or a refusal with its reason. */
export function step<S extends string, E extends string>(table: ProcessTable<S, E>, state: S, event: E): Step<S> {
  const row = table.states[state];
  const to = row.on[event];
  if (to !== undefined) return { ok: true, from: state, to, repeat: false };
  if (row.repeats?.includes(event)) return { ok: true, from: state, to: state, repeat: true };
  const refused = row.refuse?.[event] ?? table.events[event].refused ?? { code: NOT_ALLOWED_NOW, message: NOT_ALLOWED_TEXT };
  return { ok: false, from: state, ...refused };
}

/** Like `step`, but a refusal is thrown as a DomainError (HTTP 409) with its code. */
export function mustStep<S extends string, E extends string>(table: ProcessTable<S, E>, state: S, event: E): Extract<Step<S>, { ok: true }> {
  const s = step(table, state, event);
  if (!s.ok) throw new DomainError('conflict', s.code, s.message);
  return s;
}

/** The events `actor` may send now (the API's `actions` and the page's buttons). */
export function allowedEvents<S extends string, E extends string>(table: ProcessTable<S, E>, state: S, actor?: Actor): E[] {
  return (Object.keys(table.states[state].on) as E[]).filter((e) => actor === undefined || table.events[e].by === actor);
}

/** A final state accepts nothing and waits for nobody. */
export const isFinal = <S extends string, E extends string>(table: ProcessTable<S, E>, state: S): boolean =>
  table.states[state].waitsFor === null && Object.keys(table.states[state].on).length === 0;

/** Every state and every event of a table, for exhaustive tests and docs. */
export const statesOf = <S extends string, E extends string>(table: ProcessTable<S, E>): S[] => Object.keys(table.states) as S[];
export const eventsOf = <S extends string, E extends string>(table: ProcessTable<S, E>): E[] => Object.keys(table.events) as E[];

/**
 * A table's consistency, checked by its unit test: every target is a state, every state is
 * reachable from the initial one, and a state that waits for nobody is final.
 */
export function tableProblems<S extends string, E extends string>(table: ProcessTable<S, E>): string[] {
  const problems: string[] = [];
  const states = statesOf(table);
  for (const s of states) {
    for (const [e, to] of Object.entries(table.states[s].on) as [E, S][]) {
      if (!(e in table.events)) problems.push(`${s}: unknown event ${e}`);
      if (!states.includes(to)) problems.push(`${s} --${e}--> unknown state ${to}`);
    }
    for (const e of table.states[s].repeats ?? []) if (e in table.states[s].on) problems.push(`${s}: ${e} both moves and repeats`);
    if (table.states[s].waitsFor === null && Object.keys(table.states[s].on).length > 0) problems.push(`${s}: waits for nobody but accepts events`);
  }
  const seen = new Set<S>([table.initial]);
  const queue = [table.initial];
  // An unknown target is reported above; the walk skips it.
  while (queue.length) for (const to of Object.values(table.states[queue.shift()!]?.on ?? {}) as S[]) if (!seen.has(to)) { seen.add(to); queue.push(to); }
  for (const s of states) if (!seen.has(s)) problems.push(`${s}: unreachable from ${table.initial}`);
  return problems;
}

/** A recorded decision: what was decided, by whom, why and when (kept on the read model and in history). */
export interface Decision<E extends string = string> {
  event: E;
  actor: Actor;
  /** Seller id, support agent's name, or `system`. */
  by: string;
  reason: string | null;
  /** Epoch ms (workflow time). */
  at: number;
  /** The action's payload (a reference, a payout reference); never a secret. */
  data?: Record<string, unknown>;
}

/** Arguments every action update takes: support must say who and why; the seller's are filled in by the API. */
export interface ActionArgs {
  by?: string;
  reason?: string;
}

/** The workflow's `WaitingFor` search attribute in a state: who must act, or `nobody` once final. */
export const waitingForOf = <S extends string, E extends string>(table: ProcessTable<S, E>, state: S): Actor | 'nobody' =>
  table.states[state].waitsFor ?? 'nobody';

/**
 * The record version an execution of a workflow starts counting from: above every version an
 * earlier execution of the same workflow wrote (a reset from the Temporal UI starts a new execution
 * later, with the same workflow id), so the read model, which keeps only newer versions, follows it.
 * A thousand versions per millisecond between two executions; safe integers until the year 2255.
 */
export const executionVersionBase = (runStartMs: number): number => runStartMs * 1000;
