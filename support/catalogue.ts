/**
 * The support actions of every process, in one list: the CLI command, the Temporal update it sends
 * and the table event it stands for. Pure data over the transition tables (domain/), so the CLI, the
 * docs test and docs/support.md all read the same names; the table decides when an action is allowed.
 */
import { COMFORT_TABLE } from '../domain/comfort-trade.js';
import { PURCHASE_TABLE } from '../domain/player-trade.js';
import type { ProcessTable } from '../domain/process.js';
import { WITHDRAWAL_TABLE } from '../domain/withdrawal.js';

/** A process as the CLI names it, with its table and workflow id prefix (`ProcessKind`). */
export interface SupportProcess {
  command: 'comfort' | 'withdrawal' | 'purchase';
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- three tables with their own state and event types
  table: ProcessTable<any, any>;
}

export const PROCESSES: readonly SupportProcess[] = [
  { command: 'comfort', label: 'comfort run', table: COMFORT_TABLE },
  { command: 'withdrawal', label: 'withdrawal', table: WITHDRAWAL_TABLE },
  { command: 'purchase', label: 'player purchase', table: PURCHASE_TABLE },
];

/** One support action: `npm run support -- <process> <command> <id> --by --why [--reference]`. */
export interface SupportAction {
  process: SupportProcess['command'];
  command: string;
  /** The Temporal update's name (what the Temporal UI and `temporal workflow update execute` send). */
  update: string;
  /** The table event the update sends. */
  event: string;
  /** Fixed arguments the update takes besides who and why (the purchase's `decision`). */
  fixed?: Record<string, string>;
  /** A flag the action needs, passed to the update under the same name. */
  needs?: 'reference';
  summary: string;
}

export const SUPPORT_ACTIONS: readonly SupportAction[] = [
  { process: 'comfort', command: 'retry', update: 'retry', event: 'retry', summary: 'try the transfer again after the cause is fixed' },
  { process: 'comfort', command: 'cancel', update: 'cancel', event: 'cancel', summary: 'close the run; coins already moved are still paid' },
  { process: 'comfort', command: 'mark-resolved', update: 'markResolved', event: 'markResolved', summary: 'the seller fixed the payment settings; credit the income' },
  { process: 'withdrawal', command: 'retry', update: 'supportRetry', event: 'supportRetry', summary: 'call the provider again with the same key (it cannot pay twice)' },
  { process: 'withdrawal', command: 'mark-paid', update: 'supportMarkPaid', event: 'supportMarkPaid', needs: 'reference', summary: 'the payout was made; --reference proves it' },
  { process: 'withdrawal', command: 'return-money', update: 'supportReturnMoney', event: 'supportReturnMoney', summary: 'give up the payout; the money returns to available, once' },
  { process: 'purchase', command: 'verified', update: 'supportResolve', event: 'support_verified', fixed: { decision: 'verified' }, summary: 'support checked the purchase: credit the income' },
  { process: 'purchase', command: 'rejected', update: 'supportResolve', event: 'support_rejected', fixed: { decision: 'rejected' }, summary: 'support checked: no purchase, no income' },
  { process: 'purchase', command: 'retry', update: 'supportResolve', event: 'support_retry', fixed: { decision: 'retry' }, summary: 'ask the provider to verify again' },
];

export const processOf = (command: string): SupportProcess | undefined => PROCESSES.find((p) => p.command === command);
export const actionOf = (process: string, command: string): SupportAction | undefined =>
  SUPPORT_ACTIONS.find((a) => a.process === process && a.command === command);

/** The workflow id of a business id (`comfort-run:<id>`); a full workflow id is taken as it is. */
export const workflowIdOf = (p: SupportProcess, id: string): string => (id.startsWith(`${p.table.kind}:`) ? id : `${p.table.kind}:${id}`);

/** Every state of every process that waits for support, with the support actions it accepts. */
export function supportStates(): { process: SupportProcess; state: string; actions: SupportAction[] }[] {
  return PROCESSES.flatMap((p) => Object.entries(p.table.states)
    .filter(([, row]) => (row as { waitsFor: string | null }).waitsFor === 'support')
    .map(([state, row]) => ({
      process: p, state,
      actions: SUPPORT_ACTIONS.filter((a) => a.process === p.command && a.event in (row as { on: object }).on),
    })));
}
