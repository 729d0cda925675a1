/**
 * The transfer-provider gateway: our only door to the provider that moves a game account's coins
 * (docs/provider-contract.md). Transient failures (network, timeouts, 5xx, 429) throw
 * `TransferUnavailableError` so the caller's retry policy applies; a refusal of the request itself
 * (4xx) throws `TransferContractError`, which retrying cannot fix.
 */
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
  const call = async (path: string, body?: unknown): Promise<OrderSnapshot> => {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new TransferUnavailableError(`transfer provider unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      throw new TransferUnavailableError(`transfer provider answered ${res.status}`, res.status);
    }
    // Never include the request body in errors: it may hold credentials.
    if (!res.ok) throw new TransferContractError(`transfer provider refused ${path.split('/').slice(0, 2).join('/')}: ${res.status} ${(await res.text().catch(() => '')).slice(0, 120)}`, res.status);
    const r = (await res.json()) as OrderResponse;
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
