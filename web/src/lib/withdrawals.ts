/**
 * Withdrawals in the browser: the server's configuration (minimum, fee table, waits), the seller's
 * payout details, typed amounts and the provider's rate. Messages go through lib/messages (by code).
 */
import type { PaymentMethod } from '../../../domain/account-schemas';
import type { FeeTable, Quote } from '../../../domain/withdrawal';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { resolveLocation } from '../location';
import { api } from './api';

/** What the server configures for withdrawals (GET /api/withdrawals/config). */
export interface WithdrawalConfig {
  minimumCents: number;
  fees: FeeTable;
  payoutTime: string;
  processingTime: string;
  resendWaitSeconds: number;
  codeTtlSeconds: number;
}

/** The seller's payout details as saved in settings. */
export interface PayoutSettings {
  paymentMethod: PaymentMethod;
  paymentAddress: string;
  currency: string;
  trueName: string;
}

export const loadWithdrawalConfig = () => api<WithdrawalConfig>('/api/withdrawals/config');
export const loadPayoutSettings = async (): Promise<PayoutSettings | null> =>
  (await api<{ settings: PayoutSettings | null }>('/api/member/settings')).settings;

export { METHOD_LABELS } from '../../../domain/payment-method-labels';

/** The provider's rate as a formula, the same in every language: "1 EUR = 1.0790 USDT". */
export const rateText = (q: Quote): string => `1 EUR = ${q.rate} ${q.currency}`;

/** Euro text typed by the seller ("30", "30.5", "30,50") in cents; null when it is not such an amount. */
export function centsOf(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Runs `onShown` each time the app shows `path` again: pages stay mounted (keep-alive), so payout
 * details changed in settings meanwhile are read again when the seller comes back.
 */
export function useOnShown(path: string, onShown: () => void): void {
  const [location] = useLocation();
  const shown = resolveLocation(location).path === path;
  const cb = useRef(onShown);
  cb.current = onShown;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (shown) cb.current();
  }, [shown]);
}
