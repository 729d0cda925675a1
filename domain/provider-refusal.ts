/**
 * A provider's refusal of a request (a 4xx: bad data, an expired quote): final, retrying the same
 * request cannot help. Every provider's refusal leaves its activity the same way
 * (workers/activities/provider-refusal.ts) and is read the same way by the workflow (workflows/kernel.ts).
 * Each process's contract names its provider's refusal type. Pure: no I/O.
 */

/**
 * The failure type of each provider's refusal. These names are in running workflows' histories and
 * in the activity retry policies (workflows/policies.ts): keep them.
 */
export const PROVIDER_REFUSAL_TYPES = {
  market: 'MarketContractError',
  payout: 'PayoutContractError',
  transfer: 'transfer_refused',
} as const;
export type RefusingProvider = keyof typeof PROVIDER_REFUSAL_TYPES;

/** A refusal as the workflow reads it: which provider, and the provider's own code when it gave one. */
export interface ProviderRefusal {
  provider: RefusingProvider;
  type: string;
  code: string | null;
  message: string;
}

export const isProviderRefusal = (r: { provider: RefusingProvider; type: string; code: unknown }): r is ProviderRefusal =>
  r.type === PROVIDER_REFUSAL_TYPES[r.provider] && (r.code === null || typeof r.code === 'string');
