/**
 * A batch upload (`comfort-batch:<batchId>`): the accepted file is one durable process that starts
 * each row's comfort run exactly once, whatever process dies on the way. Pure: no I/O.
 */
import type { ProcessTable } from './process.js';
import { processDef, processWorkflowId, queryDef } from './contracts.js';
import { AUTH_SECRET_LENGTH, BACKUP_CODE_COUNT, COMFORT_BATCH_MAX, COMFORT_MIN_COINS, PLATFORMS, TRANSFER_TIMES, comfortIncomeCents, viewStatus, type ComfortRunInput, type ComfortRunView } from './comfort-trade.js';

export type BatchState = 'starting' | 'started';
export type BatchEvent = 'rowStarted' | 'allStarted';

/** The batch's transition table: it starts rows until every one is a run, then it is over. */
export const COMFORT_BATCH_TABLE: ProcessTable<BatchState, BatchEvent> = {
  kind: 'comfort-batch',
  initial: 'starting',
  events: {
    rowStarted: { by: 'system' },
    allStarted: { by: 'system' },
  },
  states: {
    starting: { on: { allStarted: 'started' }, repeats: ['rowStarted'], waitsFor: 'system' },
    started: { on: {}, waitsFor: null },
  },
};

/** A batch as the API starts it (`comfort-batch:<batchId>`). */
export const COMFORT_BATCH = processDef<ComfortBatchInput>({ workflowType: 'comfortBatchWorkflow', table: COMFORT_BATCH_TABLE });
/** The workflow id of a batch. */
export const comfortBatchWorkflowId = (batchId: string) => processWorkflowId(COMFORT_BATCH, batchId);

/** What the accepted upload hands to the batch: every row's run input, with vault references only. */
export interface ComfortBatchInput {
  batchId: string;
  sellerId: string;
  rows: ComfortRunInput[];
  /** How many rows start at the same time. */
  parallel: number;
}

/** How far a batch is: rows started of the file's total. */
export interface ComfortBatchProgress {
  batchId: string;
  state: BatchState;
  total: number;
  started: number;
}
/** The batch's progress. */
export const COMFORT_BATCH_PROGRESS_QUERY = queryDef<ComfortBatchProgress>('progress');

/**
 * The version of the record the API (or the batch) writes before the run's workflow starts. Every
 * execution writes far above it (executionVersionBase), so a record still at it proves that no run
 * of this id ever recorded a step: the only records a lost start may be repeated from.
 */
export const FIRST_RUN_VERSION = 1;

/** A run as it looks before its workflow moved it (FIRST_RUN_VERSION): the record's first row and the upload's answer. */
export function firstRunView(input: ComfortRunInput): ComfortRunView {
  return {
    runId: input.runId, sellerId: input.sellerId, ...viewStatus('transferring', 'none'), platform: input.platform, originEmail: input.originEmail,
    loginMethod: input.loginMethod, transferTime: input.transferTime, coinAmount: input.coinAmount, coinsTransferred: 0, successCount: 0,
    totalCount: 0, unitPriceCents: input.unitPriceCents, estimatedIncomeCents: comfortIncomeCents(input.coinAmount, input.unitPriceCents),
    creditedCents: null, attempts: 0, createdAt: input.createdAt, completedAt: null, creditedAt: null, releaseAt: null, paidAt: null,
    decisions: [], version: FIRST_RUN_VERSION,
  };
}

/** 100000 -> "100,000" (the templates are in English; no locale data needed). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The templates' instructions (one line each; the CSV writes them as `# ` note lines under the header,
 * the XLSX on its own sheet). Made from the rules themselves, so they cannot drift from what is checked.
 */
export const BATCH_INSTRUCTIONS: readonly string[] = [
  'Write one game account per line, under these notes. Lines starting with # are notes: they are skipped, you do not need to delete them.',
  `platform: one of ${PLATFORMS.join(', ')}`,
  `coinAmount: whole coins in digits, at least ${grouped(COMFORT_MIN_COINS)}`,
  `transferTime: one of ${TRANSFER_TIMES.join(', ')} (how long the account may be used)`,
  'email, password: the login of your game web app',
  `code1 to code${BACKUP_CODE_COUNT}: your ${BACKUP_CODE_COUNT} backup codes, 8 digits each; or leave them empty and fill authSecret (${AUTH_SECRET_LENGTH} characters)`,
  'In a spreadsheet, keep the code columns as text so that codes starting with 0 keep their zeros.',
  `At most ${COMFORT_BATCH_MAX} accounts per file; please contact support first for larger batches.`,
];
