/**
 * A record's timeline: each change of a comfort run or a player purchase with its time, its status,
 * and who the record waited for in that state. Who waits is read from the process's own transition
 * table (domain/process.ts `waitingForOf`), so the timeline can never disagree with the buttons.
 */
import { waitingForOf, type Actor } from './process.js';
import { COMFORT_TABLE, type ComfortState } from './comfort-trade/table.js';
import { PURCHASE_TABLE, type PurchaseState } from './player-trade/table.js';

/** Changes a timeline reads at most: a run or purchase has a bounded number (retries and fixes are capped), so more means a runaway. */
export const TIMELINE_MAX_STEPS = 200;

export interface TimelineStep {
  /** Epoch ms of the change. */
  at: number;
  state: string;
  /** The status and sub-state the record showed (codes; the page words them in the seller's language). */
  status: string;
  subState: string;
  waitingFor: Actor | 'nobody';
}

export interface RecordTimeline {
  kind: 'comfort-run' | 'player-purchase';
  steps: TimelineStep[];
  /** True when the record had more than `TIMELINE_MAX_STEPS` changes and only the first ones are listed. */
  truncated: boolean;
}

interface Change { at: number; state: string; status: string; subState: string }

/** Repeated writes of the same state (progress ticks) are one step: the timeline lists where the record went, not every tick. */
function stepsOf(changes: readonly Change[], waits: (state: string) => Actor | 'nobody'): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const c of changes) {
    const last = steps.at(-1);
    if (last && last.state === c.state && last.status === c.status && last.subState === c.subState) continue;
    steps.push({ at: c.at, state: c.state, status: c.status, subState: c.subState, waitingFor: waits(c.state) });
  }
  return steps;
}

export const comfortTimeline = (changes: readonly Change[], truncated: boolean): RecordTimeline => ({
  kind: 'comfort-run', truncated,
  steps: stepsOf(changes, (s) => (s in COMFORT_TABLE.states ? waitingForOf(COMFORT_TABLE, s as ComfortState) : 'nobody')),
});

export const purchaseTimeline = (changes: readonly Change[], truncated: boolean): RecordTimeline => ({
  kind: 'player-purchase', truncated,
  steps: stepsOf(changes, (s) => (s in PURCHASE_TABLE.states ? waitingForOf(PURCHASE_TABLE, s as PurchaseState) : 'nobody')),
});
