/**
 * The transfer-provider gateway: our only door to the provider that moves a game account's coins
 * (docs/provider-contract.md). Transient failures (network, timeouts, 5xx, 429) throw
 * `TransferUnavailableError` so the caller's retry policy applies; a refusal of the request itself
 * (4xx) throws `TransferContractError`, which retrying cannot fix. An answer out of contract is unavailable too.
 */
import { providerClient } from '../provider-http.js';
import { orderAnswer } from './answers.js';
import { TRANSFER_PREFIX, type OrderSnapshot, type SubmitOrderRequest, type TransferCredentials } from './contract.js';

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
  // Out of contract (infra/transfer/answers.ts), or another order than asked: unavailable, retried.
  const call = async (orderId: string, path: string, body?: unknown): Promise<OrderSnapshot> => {
    const { order } = (await send(path, { body, answer: orderAnswer }))!;
    if (order.orderId !== orderId) throw new TransferUnavailableError('transfer provider answered another order than asked (docs/provider-contract.md)');
    return order;
  };
  const id = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
  return {
    submit: (order) => call(order.orderId, '/orders', order),
    get: (orderId) => call(orderId, id(orderId)),
    resubmit: (orderId, credentials) => call(orderId, `${id(orderId)}/resubmit`, { credentials }),
    resume: (orderId) => call(orderId, `${id(orderId)}/resume`, {}),
    cancel: (orderId) => call(orderId, `${id(orderId)}/cancel`, {}),
  };
}
