/** The comfort run as the record, the API and live events show it; never holds a secret. */
import type { Platform } from '../pricing.js';
import type { Decision, Actor } from '../process.js';
import { type ComfortStatus, type ComfortSubState, guidanceOf } from './statuses.js';
import { type ComfortState, type ComfortEvent, type ComfortAction, COMFORT_TABLE, STATUS_OF, comfortActions } from './table.js';
import type { TransferTime, LoginMethod } from './submission.js';
import type { TransferPace } from './eta.js';

/** One run as the comfort sell record shows it; never holds a secret. */
export interface ComfortRunView {
  runId: string;
  sellerId: string;
  state: ComfortState;
  status: ComfortStatus;
  subState: ComfortSubState;
  waitingFor: Actor | 'nobody';
  /** The guidance the record shows for the status and sub-state. */
  guidance: string;
  platform: Platform;
  /** The game web-app email the coins come from (not a secret; the record lets the seller copy it). */
  originEmail: string;
  loginMethod: LoginMethod;
  transferTime: TransferTime;
  /** Coins the seller offered. */
  coinAmount: number;
  coinsTransferred: number;
  /** Chunks moved successfully / chunks planned, as the provider reports them. */
  successCount: number;
  totalCount: number;
  unitPriceCents: number;
  /** Estimated income of the coins offered (euro cents). */
  estimatedIncomeCents: number;
  /** Income credited for the coins actually transferred (euro cents), once credited. */
  creditedCents: number | null;
  /** Plain-error attempts made so far. */
  attempts: number;
  createdAt: number;
  completedAt: number | null;
  creditedAt: number | null;
  releaseAt: number | null;
  paidAt: number | null;
  /** While the run waits for new login details: when it closes if none arrive (epoch ms); null otherwise. Absent on records written before it existed. */
  fixBy?: number | null;
  /** While transferring: when the transfer (re)started and when a part last moved, for its ETA (`transferEta`); null otherwise. Absent on records written before it existed. */
  pace?: TransferPace | null;
  /** Actions the seller may take now (`resubmit`). */
  sellerActions: ComfortAction[];
  /** Who decided what and why (support and seller actions, system decisions). */
  decisions: Decision<ComfortEvent>[];
  version: number;
}

/**
 * The view without the vault references a resubmit's decision carries (`data.newRef`, and
 * `data.sealedAt`, when it was sealed): the run needs them to open the new login details, the
 * seller's answers, the read model and live events do not.
 */
export function withoutVaultRefs(view: ComfortRunView): ComfortRunView {
  const internal = (data: Record<string, unknown> | undefined) => !!data && ('newRef' in data || 'sealedAt' in data);
  if (!view.decisions.some((d) => internal(d.data))) return view;
  const decisions = view.decisions.map((d) => {
    if (!internal(d.data)) return d;
    const { newRef: _ref, sealedAt: _at, ...data } = d.data!;
    const { data: _all, ...rest } = d;
    return Object.keys(data).length ? { ...rest, data } : rest;
  });
  return { ...view, decisions };
}

/** A run as the record answers it: the view plus whether its income has been paid out (Settled, docs/withdrawals.md). */
export type ComfortRunRecord = ComfortRunView & { settled: boolean };

/** One change of a run as the record's download lists it for the seller (`GET .../runs/:id/events`). */
export interface RunEventView { at: number; status: ComfortStatus; subState: ComfortSubState; coinsTransferred: number; successCount: number; totalCount: number }

/** The view a state, sub-state and the run's facts make (the workflow writes it; the API reads it). */
export function viewStatus(state: ComfortState, subState: ComfortSubState): Pick<ComfortRunView, 'state' | 'status' | 'subState' | 'waitingFor' | 'guidance' | 'sellerActions'> {
  const status = STATUS_OF[state];
  return {
    state, status, subState,
    waitingFor: COMFORT_TABLE.states[state].waitsFor ?? 'nobody',
    guidance: guidanceOf(status, subState),
    sellerActions: comfortActions(state, 'seller'),
  };
}
