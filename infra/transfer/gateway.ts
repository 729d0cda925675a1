/**
 * The transfer-provider gateway: our only door to the provider that moves a game account's coins
 * (docs/provider-contract.md). Transient failures (network, timeouts, 5xx, 429) throw
 * `TransferUnavailableError` so the caller's retry policy applies; a refusal of the request itself
 * (4xx) throws `TransferContractError`, which retrying cannot fix.
 */
import { providerClient } from '../provider-http.js';
import { TRANSFER_PREFIX, type OrderResponse, type OrderSnapshot, type SubmitOrderRequest, type TransferCredentials } from './contract.js';

export class TransferUnavailableError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'TransferUnavailableError';
  }
}

export class TransferContractError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'TransferContractError';
  }
}

export interface TransferGateway {
  submit(order: SubmitOrderRequest): Promise<OrderSnapshot>;
  get(orderId: string): Promise<OrderSnapshot>;
  resubmit(orderId: string, credentials: TransferCredentials): Promise<OrderSnapshot>;
  /** Try again after a plain error or after support fixed a sub-state (customer online, captcha...). */
  resume(orderId: string): Promise<OrderSnapshot>;
  cancel(orderId: string): Promise<OrderSnapshot>;
}

export function createTransferGateway(opts: { baseUrl: string; apiKey?: string; timeoutMs?: number }): TransferGateway {
  const base = opts.baseUrl.replace(/\/+$/, '') + TRANSFER_PREFIX;
  const send = providerClient({ name: 'transfer', base, apiKey: opts.apiKey, timeoutMs: opts.timeoutMs, errors: { unavailable: TransferUnavailableError, contract: TransferContractError } });
  const call = async (path: string, body?: unknown): Promise<OrderSnapshot> => {
    const r = await send<OrderResponse>(path, { body });
    if (typeof r?.order?.seq !== 'number') throw new TransferUnavailableError('transfer provider answered an unreadable order');
    return r.order;
  };
  const id = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
  return {
    submit: (order) => call('/orders', order),
    get: (orderId) => call(id(orderId)),
    resubmit: (orderId, credentials) => call(`${id(orderId)}/resubmit`, { credentials }),
    resume: (orderId) => call(`${id(orderId)}/resume`, {}),
    cancel: (orderId) => call(`${id(orderId)}/cancel`, {}),
  };
}
