/**
 * The support actions of every process, in one list: the CLI command, the Temporal update it sends
 * and the table event it stands for. Pure data over the transition tables (domain/), so the CLI, the
 * docs test and docs/support.md all read the same names; the table decides when an action is allowed.
 */
import type { QueryDefinition, UpdateDefinition } from '@temporalio/common';
import { COMFORT_STATUS_QUERY, COMFORT_TABLE, COMFORT_UPDATES } from '../domain/comfort-trade.js';
import { PURCHASE_STATUS_QUERY, PURCHASE_TABLE, PURCHASE_UPDATES } from '../domain/player-trade.js';
import type { ActionArgs, ProcessTable } from '../domain/process.js';
import { processWorkflowId } from '../domain/contracts.js';
import { WITHDRAWAL_STATUS_QUERY, WITHDRAWAL_TABLE, WITHDRAWAL_UPDATES } from '../domain/withdrawal.js';

/** A process as the CLI names it, with its table and workflow id prefix (`ProcessKind`). */
export interface SupportProcess {
  command: 'comfort' | 'withdrawal' | 'purchase';
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- three tables with their own state and event types
  table: ProcessTable<any, any>;
  /** The run's status query (its answer has `state`, and `status` or `phase`). */
  statusQuery: QueryDefinition<unknown>;
}

export const PROCESSES: readonly SupportProcess[] = [
  { command: 'comfort', label: 'comfort run', table: COMFORT_TABLE, statusQuery: COMFORT_STATUS_QUERY },
  { command: 'withdrawal', label: 'withdrawal', table: WITHDRAWAL_TABLE, statusQuery: WITHDRAWAL_STATUS_QUERY },
  { command: 'purchase', label: 'player purchase', table: PURCHASE_TABLE, statusQuery: PURCHASE_STATUS_QUERY },
];

/** What any support action's update takes: who and why, plus the purchase's fixed `decision` or the `reference` flag. */
export type SupportActionArgs = ActionArgs & { decision?: string; reference?: string };

/** One support action: `npm run support -- <process> <command> <id> --by --why [--reference]`. */
export interface SupportAction {
  process: SupportProcess['command'];
  command: string;
  /** The Temporal update's name (what the Temporal UI and `temporal workflow update execute` send). */
  update: string;
  /** The update itself, from the process's contract in domain/ (who and why, plus the fixed arguments and the flag). */
  definition: UpdateDefinition<unknown, [SupportActionArgs]>;
  /** The table event the update sends. */
  event: string;
  /** Fixed arguments the update takes besides who and why (the purchase's `decision`). */
  fixed?: Record<string, string>;
  /** A flag the action needs, passed to the update under the same name. */
  needs?: 'reference';
  summary: string;
}

/** One action from its process's update definition: the catalogue shows the update's own name. */
const action = <R, A extends unknown[]>(
  process: SupportAction['process'], command: string, update: UpdateDefinition<R, A>, event: string, summary: string,
  more: Pick<SupportAction, 'fixed' | 'needs'> = {},
): SupportAction => ({ process, command, update: update.name, definition: update as unknown as SupportAction['definition'], event, summary, ...more });

export const SUPPORT_ACTIONS: readonly SupportAction[] = [
  action('comfort', 'retry', COMFORT_UPDATES.retry, 'retry', 'try the transfer again after the cause is fixed'),
  action('comfort', 'cancel', COMFORT_UPDATES.cancel, 'cancel', 'close the run; coins already moved are still paid'),
  action('comfort', 'mark-resolved', COMFORT_UPDATES.markResolved, 'markResolved', 'the seller fixed the payment settings; credit the income'),
  action('withdrawal', 'retry', WITHDRAWAL_UPDATES.supportRetry, 'supportRetry', 'call the provider again with the same key (it cannot pay twice)'),
  action('withdrawal', 'mark-paid', WITHDRAWAL_UPDATES.supportMarkPaid, 'supportMarkPaid', 'the payout was made; --reference proves it', { needs: 'reference' }),
  action('withdrawal', 'paid-by-hand', WITHDRAWAL_UPDATES.supportPaidByHand, 'supportPaidByHand', 'a manual payout was paid in the provider\'s dashboard; --reference is the provider\'s', { needs: 'reference' }),
  action('withdrawal', 'return-money', WITHDRAWAL_UPDATES.supportReturnMoney, 'supportReturnMoney', 'give up the payout; the money returns to available, once'),
  action('purchase', 'verified', PURCHASE_UPDATES.supportResolve, 'support_verified', 'support checked the purchase: credit the income', { fixed: { decision: 'verified' } }),
  action('purchase', 'rejected', PURCHASE_UPDATES.supportResolve, 'support_rejected', 'support checked: no purchase, no income', { fixed: { decision: 'rejected' } }),
  action('purchase', 'retry', PURCHASE_UPDATES.supportResolve, 'support_retry', 'ask the provider to verify again', { fixed: { decision: 'retry' } }),
];

export const processOf = (command: string): SupportProcess | undefined => PROCESSES.find((p) => p.command === command);
export const actionOf = (process: string, command: string): SupportAction | undefined =>
  SUPPORT_ACTIONS.find((a) => a.process === process && a.command === command);

/** The workflow id of a business id (`comfort-run:<id>`); a full workflow id is taken as it is. */
export const workflowIdOf = (p: SupportProcess, id: string): string => (id.startsWith(`${p.table.kind}:`) ? id : processWorkflowId(p, id));

/** Every state of every process that waits for support, with the support actions it accepts. */
export function supportStates(): { process: SupportProcess; state: string; actions: SupportAction[] }[] {
  return PROCESSES.flatMap((p) => Object.entries(p.table.states)
    .filter(([, row]) => (row as { waitsFor: string | null }).waitsFor === 'support')
    .map(([state, row]) => ({
      process: p, state,
      actions: SUPPORT_ACTIONS.filter((a) => a.process === p.command && a.event in (row as { on: object }).on),
    })));
}
