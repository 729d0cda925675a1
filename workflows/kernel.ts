/**
 * Workflow side of the process kernel (domain/process.ts): action updates validated by the table,
 * and "wait for the seller, or support, or the deadline" with every decision recorded.
 */
import { ApplicationFailure, condition, setHandler } from '@temporalio/workflow';
import type { SignalDefinition, UpdateDefinition } from '@temporalio/common';
import { step, type ActionArgs, type Actor, type Decision, type ProcessTable } from '../domain/process.js';

/** A refusal the caller sees as its code and words; never retried. */
export const refusal = (code: string, message: string, data?: Record<string, unknown>) =>
  ApplicationFailure.create({ type: code, message, nonRetryable: true, details: data ? [data] : [] });

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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any argument list: the validator and handler read ActionArgs from it
  update: UpdateDefinition<R, [A]> | UpdateDefinition<R, []> | UpdateDefinition<R, any[]>;
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
export function acceptActions<S extends string, E extends string, R>(
  table: ProcessTable<S, E>,
  ctx: { state: () => S | null; inbox: DecisionInbox<E>; answer: () => R; notReady?: { code: string; message: string } },
  bindings: ActionBinding<S, E, R, ActionArgs & Record<string, unknown>>[],
): void {
  for (const b of bindings) {
    const eventOf = (args?: ActionArgs & Record<string, unknown>): E | null =>
      typeof b.event === 'function' ? b.event((args ?? {}) as ActionArgs & Record<string, unknown>) : b.event;
    const validator = (args?: ActionArgs & Record<string, unknown>) => {
      const state = ctx.state();
      const notReady = ctx.notReady ?? { code: 'not_ready', message: 'This process has not started yet.' };
      if (state === null) throw refusal(notReady.code, notReady.message);
      const event = eventOf(args);
      if (event === null || !(event in table.events)) throw refusal('invalid', 'Unknown action');
      const s = step(table, state, event);
      if (!s.ok) throw refusal(s.code, s.message);
      if (table.events[event].by === 'support' && (!args?.by?.trim() || !args?.reason?.trim())) throw refusal('invalid', 'Support must say who and why');
      if (!s.repeat && b.check) {
        const r = b.check(state, (args ?? {}) as ActionArgs & Record<string, unknown>);
        if (r) throw refusal(r.code, r.message);
      }
    };
    const handler = async (args?: ActionArgs & Record<string, unknown>) => {
      const state = ctx.state()!;
      const event = eventOf(args)!;
      // Validators run before the handler in the same activation, but a queued update may see a newer state.
      const s = step(table, state, event);
      if (!s.ok || s.repeat) return ctx.answer();
      const actor: Actor = table.events[event].by;
      const { by, reason, ...data } = args ?? {};
      const ticket = ctx.inbox.pending(event) ?? ctx.inbox.offer({
        event, actor, by: by?.trim() || actor, reason: reason?.trim() || null, at: Date.now(),
        ...(Object.keys(data).length ? { data } : {}),
      });
      if (b.awaitTaken !== false) await condition(() => ctx.inbox.isTaken(ticket));
      return ctx.answer();
    };
    setHandler(b.update as UpdateDefinition<R, [ActionArgs & Record<string, unknown>]>, handler, { validator });
  }
}

/**
 * A signal that offers `event` to the main loop when the table accepts it now; otherwise it is
 * dropped (the sender does not wait for an answer, and a stale event must not wait in the queue for
 * a later state). A second signal before the loop took the first joins it.
 */
export function acceptSignal<S extends string, E extends string>(
  table: ProcessTable<S, E>,
  ctx: { state: () => S | null; inbox: DecisionInbox<E> },
  signal: SignalDefinition<[ActionArgs & Record<string, unknown>]>,
  event: E,
): void {
  setHandler(signal, (args?: ActionArgs & Record<string, unknown>) => {
    const state = ctx.state();
    if (state === null) return;
    const s = step(table, state, event);
    if (!s.ok || s.repeat || ctx.inbox.pending(event) !== null) return;
    const actor: Actor = table.events[event].by;
    const { by, reason, ...data } = args ?? {};
    ctx.inbox.offer({
      event, actor, by: by?.trim() || actor, reason: reason?.trim() || null, at: Date.now(),
      ...(Object.keys(data).length ? { data } : {}),
    });
  });
}
