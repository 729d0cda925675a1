/** The withdrawal's transition table: states, events, who sends them and the status each state shows. */
import type { ProcessTable } from '../process.js';
import type { WithdrawalStatusLabel } from './statuses.js';

export const WITHDRAWAL_KIND = 'withdrawal';

/**
 * checking (balance being moved to pending payout) -> sent (request sent) -> in_progress (payment
 * in progress at the provider) -> paid | failed. Not confirmed in time -> delayed (support is
 * told, the seller sees "delayed"); the provider unreachable after its retries -> needs_support.
 * checking -> refused when the available balance is not enough (nothing moved).
 */
export type WithdrawalState = 'checking' | 'refused' | 'sent' | 'in_progress' | 'delayed' | 'needs_support' | 'paid' | 'failed';
export type WithdrawalEvent =
  | 'debited' | 'debitRefused' | 'payoutCreated' | 'providerDown'
  | 'providerConfirmed' | 'providerFailed' | 'overdue'
  | 'supportRetry' | 'supportMarkPaid' | 'supportReturnMoney';

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
    providerConfirmed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    providerFailed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    overdue: { by: 'system' },
    supportRetry: { by: 'support', refused: { code: 'not_retryable', message: 'Only a delayed or stuck payout can be retried' } },
    supportMarkPaid: { by: 'support', refused: { code: 'not_open', message: 'Only an unfinished payout can be marked paid' } },
    supportReturnMoney: { by: 'support', refused: { code: 'not_open', message: 'Only an unfinished payout can return the money' } },
  },
  states: {
    checking: { on: { debited: 'sent', debitRefused: 'refused' }, waitsFor: 'system' },
    refused: { on: {}, waitsFor: null },
    // A callback may overtake the answer to the creation itself.
    sent: { on: { payoutCreated: 'in_progress', ...PROVIDER_ON, providerDown: 'needs_support' }, waitsFor: 'system' },
    in_progress: { on: { ...PROVIDER_ON, overdue: 'delayed', providerDown: 'needs_support' }, waitsFor: 'system', repeats: ['payoutCreated', 'supportRetry'] },
    delayed: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['overdue'] },
    needs_support: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['providerDown'] },
    // A confirmation delivered twice changes nothing; a late one after the money returned is refused.
    paid: { on: {}, waitsFor: null, repeats: ['providerConfirmed', 'supportMarkPaid'] },
    failed: { on: {}, waitsFor: null, repeats: ['providerFailed', 'supportReturnMoney'] },
  },
};

export function statusLabel(s: WithdrawalState): WithdrawalStatusLabel {
  switch (s) {
    case 'checking': case 'sent': return 'request_sent';
    case 'in_progress': return 'in_progress';
    case 'delayed': case 'needs_support': return 'delayed';
    case 'paid': return 'paid';
    case 'failed': case 'refused': return 'failed';
  }
}

/** The `ProcessSubState` search attribute: support filters `delayed` and `provider_down`. */
export const subStateOf = (s: WithdrawalState): string =>
  s === 'delayed' ? 'delayed' : s === 'needs_support' ? 'provider_down' : 'none';
