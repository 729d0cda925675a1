/**
 * Workflow side of the process kernel (domain/process.ts): action updates validated by the table,
 * and "wait for the seller, or support, or the deadline" with every decision recorded.
 */
import { ActivityFailure, ApplicationFailure, condition, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { SearchAttributePair, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import { isDomainError } from '../domain/errors.js';
import { executionVersionBase, mustStep, type ActionArgs, type Actor, type Decision, type ProcessTable, type Step } from '../domain/process.js';
import { isProviderRefusal, type ProviderRefusal } from '../domain/provider-refusal.js';

/** A refusal the caller sees as its code and words; never retried. */
export const refusal = (code: string, message: string, data?: Record<string, unknown>) =>
  ApplicationFailure.create({ type: code, message, nonRetryable: true, details: data ? [data] : [] });

/**
 * The process runner: the one owner of a running process's state, its record version, its record
 * write and its search-attribute upsert. Every move asks the table with `mustStep`: a move the table
 * refuses is a bug in the workflow, so the workflow task fails (and retries, shown in the Temporal UI
 * and by the task-failure alert) instead of the process silently staying where it was.
 *
 * `At` is what the search attributes are read from: the state itself, or a view of the record about
 * to be written (the purchase's sub-state comes from its reason, the comfort run's from its view).
 */
export class ProcessRunner<S extends string, E extends string, At = S> {
  state: S;
  /** The record version last written; an execution counts above every earlier execution's (executionVersionBase). */
  version = executionVersionBase(workflowInfo().runStartTime.getTime());
  private upserted: string | null = null;

  constructor(
    private readonly table: ProcessTable<S, E>,
    private readonly spec: {
      attributes: (at: At) => SearchAttributePair[];
      /** Upsert only when a value changed (the runs whose history has that shape: the purchase's local steps). */
      onlyChanged?: boolean;
    },
  ) {
    this.state = table.initial;
  }

  /** Where `event` leads from the current state (a repeat: the same state), without moving; a refusal throws. */
  to(event: E): Extract<Step<S>, { ok: true }> {
    return mustStep(this.table, this.state, event);
  }

  /** Moves by `event`; a refusal throws (see above). */
  move(event: E): Extract<Step<S>, { ok: true }> {
    const s = this.to(event);
    this.state = s.to;
    return s;
  }

  /** Upserts the search attributes of `at` (skipped when unchanged, for runs that upsert only changes). */
  upsert(at: At): void {
    const sa = this.spec.attributes(at);
    const key = sa.map((a) => JSON.stringify(a.value)).join('|');
    if (this.spec.onlyChanged && key === this.upserted) return;
    this.upserted = key;
    upsertSearchAttributes(sa);
  }

  /** Upserts the search attributes of `at`, then writes the record at the next version: a search never finds a record not yet written. */
  async record<T>(at: At, write: (version: number) => Promise<T>): Promise<T> {
    this.upsert(at);
    return write(++this.version);
  }
}

/**
 * The one way a workflow reads a provider's refusal of a request (final, never retried): the
 * activity's failure carries the provider's refusal type and code (workers/activities/provider-refusal.ts).
 * Null for any other failure (the provider down, our own database): those are not the provider's word.
 */
export function providerRefusalOf(err: unknown, provider: ProviderRefusal['provider']): ProviderRefusal | null {
  if (!(err instanceof ActivityFailure) || !(err.cause instanceof ApplicationFailure)) return null;
  const details = err.cause.details?.[0];
  const refusal = { provider, type: err.cause.type ?? '', code: (details as { code?: unknown } | undefined)?.code ?? null, message: err.cause.message };
  return isProviderRefusal(refusal) ? refusal : null;
}

/**
 * Decisions offered by action updates, taken one at a time by the workflow's main loop. Every taken
 * decision is kept in `log` (who, why, when) for the read model and for support.
 */
export class DecisionInbox<E extends string> {
  private readonly queue: { ticket: number; d: Decision<E> }[] = [];
  private readonly done = new Set<number>();
  private tickets = 0;
  readonly log: Decision<E>[] = [];

  /** Queues a decision for the main loop; the ticket tells when it was taken. */
  offer(d: Decision<E>): number {
    const ticket = ++this.tickets;
    this.queue.push({ ticket, d });
    return ticket;
  }

  /** The ticket of a queued, not yet taken decision for `event` (a second click joins the first). */
  pending(event: E): number | null {
    return this.queue.find((q) => q.d.event === event)?.ticket ?? null;
  }

  isTaken(ticket: number): boolean {
    return this.done.has(ticket);
  }

  /**
   * The next decision whose event is in `accept`, or, when `deadlineAt` passes first, a system
   * decision `onDeadline` (null without one). Offered events not accepted now stay queued.
   */
  async next(accept: readonly E[], opts: { deadlineAt?: number; onDeadline?: E } = {}): Promise<Decision<E> | null> {
    const ready = () => this.queue.findIndex((q) => accept.includes(q.d.event));
    const wait = opts.deadlineAt === undefined ? undefined : Math.max(0, opts.deadlineAt - Date.now());
    const got = wait === undefined ? (await condition(() => ready() >= 0), true) : await condition(() => ready() >= 0, wait);
    if (!got) {
      if (!opts.onDeadline) return null;
      return this.take({ event: opts.onDeadline, actor: 'system', by: 'system', reason: 'deadline', at: Date.now() });
    }
    const [q] = this.queue.splice(ready(), 1);
    this.done.add(q!.ticket);
    return this.take(q!.d);
  }

  /** Takes a queued decision for `event` now, without waiting (a loop that polls between steps). */
  poll(accept: readonly E[]): Decision<E> | null {
    const i = this.queue.findIndex((q) => accept.includes(q.d.event));
    if (i < 0) return null;
    const [q] = this.queue.splice(i, 1);
    this.done.add(q!.ticket);
    return this.take(q!.d);
  }

  /** Records a decision the workflow made itself (a provider answer, a retry running out). */
  take(d: Decision<E>): Decision<E> {
    this.log.push(d);
    return d;
  }
}

export interface ActionBinding<S extends string, E extends string, R, A extends ActionArgs> {
  /** The update, with its argument type from the process's contract in domain/. */
  update: UpdateDefinition<R, [A]>;
  /** The event this update sends, or a function choosing it from the arguments (null: refused as invalid). */
  event: E | ((args: A) => E | null);
  /** An extra rule the table cannot express (a deadline, a payload check); a refusal or null. */
  check?: (state: S, args: A) => { code: string; message: string } | null;
  /** Wait until the main loop has taken the decision before answering (the answer then shows its effect). */
  awaitTaken?: boolean;
}

/**
 * Registers action updates whose validators ask the table: an event the current state does not accept
 * is refused (nothing enters history), a repeat answers the current status, and an accepted event is
 * offered to the main loop as a decision. Support actions must say who and why.
 */
export function acceptActions<S extends string, E extends string, R, B extends ActionArgs[]>(
  table: ProcessTable<S, E>,
  ctx: { state: () => S | null; inbox: DecisionInbox<E>; answer: () => R; notReady?: { code: string; message: string } },
  bindings: [...{ [K in keyof B]: ActionBinding<S, E, R, B[K]> }],
): void {
  for (const b of bindings as ActionBinding<S, E, R, ActionArgs>[]) {
    const eventOf = (args?: ActionArgs): E | null => (typeof b.event === 'function' ? b.event(args ?? {}) : b.event);
    const validator = (args?: ActionArgs) => {
      const state = ctx.state();
      const notReady = ctx.notReady ?? { code: 'not_ready', message: 'This process has not started yet.' };
      if (state === null) throw refusal(notReady.code, notReady.message);
      const event = eventOf(args);
      if (event === null || !(event in table.events)) throw refusal('invalid', 'Unknown action');
      const s = tableAnswer(table, state, event);
      if (table.events[event].by === 'support' && (!args?.by?.trim() || !args?.reason?.trim())) throw refusal('invalid', 'Support must say who and why');
      if (!s.repeat && b.check) {
        const r = b.check(state, args ?? {});
        if (r) throw refusal(r.code, r.message);
      }
    };
    const handler = async (args?: ActionArgs) => {
      const event = eventOf(args)!;
      // Validators run before the handler in the same activation, but a queued update may see a newer state.
      const s = allowedNow(table, ctx.state()!, event);
      if (!s || s.repeat) return ctx.answer();
      const ticket = ctx.inbox.pending(event) ?? ctx.inbox.offer(offered(table, event, args));
      if (b.awaitTaken !== false) await condition(() => ctx.inbox.isTaken(ticket));
      return ctx.answer();
    };
    setHandler(b.update, handler, { validator });
  }
}

/** The table's answer to `event` now, a refusal thrown as the caller sees it (its code and words). */
function tableAnswer<S extends string, E extends string>(table: ProcessTable<S, E>, state: S, event: E): Extract<Step<S>, { ok: true }> {
  try {
    return mustStep(table, state, event);
  } catch (err) {
    if (isDomainError(err)) throw refusal(err.code, err.message);
    throw err;
  }
}

/** The table's answer to `event` now, or null when it refuses it (the sender is not waiting for a refusal). */
function allowedNow<S extends string, E extends string>(table: ProcessTable<S, E>, state: S, event: E): Extract<Step<S>, { ok: true }> | null {
  try {
    return mustStep(table, state, event);
  } catch (err) {
    if (isDomainError(err)) return null;
    throw err;
  }
}

/** The decision an accepted action or signal offers: who and why, and the rest of its arguments as its data. */
function offered<E extends string>(table: ProcessTable<string, E>, event: E, args?: ActionArgs): Decision<E> {
  const actor: Actor = table.events[event].by;
  const { by, reason, ...data } = args ?? {};
  return {
    event, actor, by: by?.trim() || actor, reason: reason?.trim() || null, at: Date.now(),
    ...(Object.keys(data).length ? { data } : {}),
  };
}

/**
 * A signal that offers `event` to the main loop when the table accepts it now; otherwise it is
 * dropped (the sender does not wait for an answer, and a stale event must not wait in the queue for
 * a later state). A second signal before the loop took the first joins it.
 */
export function acceptSignal<S extends string, E extends string>(
  table: ProcessTable<S, E>,
  ctx: { state: () => S | null; inbox: DecisionInbox<E> },
  signal: SignalDefinition<[ActionArgs]>,
  event: E,
): void {
  setHandler(signal, (args?: ActionArgs) => {
    const state = ctx.state();
    if (state === null) return;
    const s = allowedNow(table, state, event);
    if (!s || s.repeat || ctx.inbox.pending(event) !== null) return;
    ctx.inbox.offer(offered(table, event, args));
  });
}
