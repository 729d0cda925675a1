/**
 * A countdown: the durable "wait for the seller or the deadline" building block (the 5-minute buy
 * window is one). It ends by a `finish` signal before the deadline, or expires at the deadline.
 */
import { queryDef, signalDef } from './contracts.js';

export interface CountdownInput {
  /** Business id; the workflow id is `countdown:<id>`. */
  id: string;
  sellerId: string;
  durationMs: number;
}

export type CountdownState = 'running' | 'finished' | 'expired';

export interface CountdownStatus {
  id: string;
  state: CountdownState;
  /** Absolute deadline (epoch ms): clients count down against it, correcting for clock offset. */
  deadline: number;
  outcome: string | null;
}

export const COUNTDOWN_FINISH_SIGNAL = 'finish';
export const COUNTDOWN_STATUS_QUERY = 'status';
/** The same names as typed definitions for clients (`handle.signal(COUNTDOWN_SIGNALS.finish, …)`). */
export const COUNTDOWN_SIGNALS = { finish: signalDef<[{ outcome: string }]>(COUNTDOWN_FINISH_SIGNAL) };
export const COUNTDOWN_QUERIES = { status: queryDef<CountdownStatus>(COUNTDOWN_STATUS_QUERY) };
export const countdownWorkflowId = (id: string) => `countdown:${id}`;

/** A finish only counts while the countdown runs; a late or repeated one changes nothing. */
export function applyFinish(status: CountdownStatus, outcome: string, now: number): CountdownStatus {
  if (status.state !== 'running' || now >= status.deadline) return status;
  return { ...status, state: 'finished', outcome };
}
