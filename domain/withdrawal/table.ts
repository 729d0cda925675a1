/** The withdrawal's transition table: states, events, who sends them and the status each state shows. */
import type { ProcessTable } from '../process.js';
import type { WithdrawalStatusLabel } from './statuses.js';

export const WITHDRAWAL_KIND = 'withdrawal';

/**
 * checking (balance being moved to pending payout) -> sent (request sent) -> in_progress (payment
 * in progress at the provider) -> paid | failed. Not confirmed in time -> delayed (support is
 * told, the seller sees "delayed"); the provider unreachable after its retries -> needs_support.
 * checking -> refused when the available balance is not enough (nothing moved).
 * A method no payout provider is configured for (docs/withdrawals.md, "Manual payouts"): sent ->
 * manual_payout, waiting for support to pay it in the provider's own dashboard and record the
 * provider's reference (supportPaidByHand -> paid), or to return the money (-> failed).
 */
export type WithdrawalState = 'checking' | 'refused' | 'sent' | 'in_progress' | 'manual_payout' | 'delayed' | 'needs_support' | 'paid' | 'failed';
export type WithdrawalEvent =
  | 'debited' | 'debitRefused' | 'payoutCreated' | 'providerDown' | 'manualPayout'
  | 'providerConfirmed' | 'providerFailed' | 'overdue'
  | 'supportRetry' | 'supportMarkPaid' | 'supportPaidByHand' | 'supportReturnMoney';

const SUPPORT_ON = { supportRetry: 'in_progress', supportMarkPaid: 'paid', supportReturnMoney: 'failed' } as const;
const PROVIDER_ON = { providerConfirmed: 'paid', providerFailed: 'failed' } as const;

export const WITHDRAWAL_TABLE: ProcessTable<WithdrawalState, WithdrawalEvent> = {
  kind: WITHDRAWAL_KIND,
  initial: 'checking',
  events: {
    debited: { by: 'system' },
    debitRefused: { by: 'system' },
    payoutCreated: { by: 'system' },
    providerDown: { by: 'system' },
    // The worker has no provider for the withdrawal's method: support pays it by hand.
    manualPayout: { by: 'system' },
    providerConfirmed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    providerFailed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    overdue: { by: 'system' },
    supportRetry: { by: 'support', refused: { code: 'not_retryable', message: 'Only a delayed or stuck payout can be retried' } },
    supportMarkPaid: { by: 'support', refused: { code: 'not_open', message: 'Only a delayed or stuck payout can be marked paid; a payout waiting to be paid by hand is recorded with paid-by-hand' } },
    supportPaidByHand: { by: 'support', refused: { code: 'not_manual', message: 'Only a payout waiting to be paid by hand can be recorded as paid by hand' } },
    supportReturnMoney: { by: 'support', refused: { code: 'not_open', message: 'Only an unfinished payout can return the money' } },
  },
  states: {
    checking: { on: { debited: 'sent', debitRefused: 'refused' }, waitsFor: 'system' },
    refused: { on: {}, waitsFor: null },
    // A callback may overtake the answer to the creation itself.
    sent: { on: { payoutCreated: 'in_progress', ...PROVIDER_ON, providerDown: 'needs_support', manualPayout: 'manual_payout' }, waitsFor: 'system' },
    // After a support retry the method may have lost its provider (the operator's configuration changed).
    in_progress: { on: { ...PROVIDER_ON, overdue: 'delayed', providerDown: 'needs_support', manualPayout: 'manual_payout' }, waitsFor: 'system', repeats: ['payoutCreated', 'supportRetry'] },
    // No provider pays it, so no provider callback is taken here; support pays it by hand or returns the money.
    manual_payout: { on: { supportPaidByHand: 'paid', supportReturnMoney: 'failed' }, waitsFor: 'support', repeats: ['manualPayout'] },
    delayed: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['overdue'] },
    needs_support: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['providerDown'] },
    // A confirmation delivered twice changes nothing; a late one after the money returned is refused.
    paid: { on: {}, waitsFor: null, repeats: ['providerConfirmed', 'supportMarkPaid', 'supportPaidByHand'] },
    failed: { on: {}, waitsFor: null, repeats: ['providerFailed', 'supportReturnMoney'] },
  },
};

export function statusLabel(s: WithdrawalState): WithdrawalStatusLabel {
  switch (s) {
    case 'checking': case 'sent': return 'request_sent';
    // Paid by hand is still a payment in progress to the seller and to API clients (the state says how).
    case 'in_progress': case 'manual_payout': return 'in_progress';
    case 'delayed': case 'needs_support': return 'delayed';
    case 'paid': return 'paid';
    case 'failed': case 'refused': return 'failed';
  }
}

/** The `ProcessSubState` search attribute: support filters `delayed`, `provider_down` and `manual_payout`. */
export const subStateOf = (s: WithdrawalState): string =>
  s === 'delayed' ? 'delayed' : s === 'needs_support' ? 'provider_down' : s === 'manual_payout' ? 'manual_payout' : 'none';
