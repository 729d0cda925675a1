import { ApplicationFailure } from '@temporalio/common';
import { PROVIDER_REFUSAL_TYPES, type RefusingProvider } from '../../domain/provider-refusal.js';

/**
 * The one way a provider's refusal leaves an activity: a non-retryable failure of the provider's
 * refusal type (domain/provider-refusal.ts), its code (when the provider gave one) in the details,
 * so the workflow reads it with `providerRefusalOf` and the seller can be told why (an expired rate).
 */
export const providerRefusal = (provider: RefusingProvider, err: { message: string; code?: string | null }): ApplicationFailure =>
  ApplicationFailure.create({ type: PROVIDER_REFUSAL_TYPES[provider], message: err.message, nonRetryable: true, details: [{ code: err.code ?? null }] });
