/**
 * The one way our gateways talk to a provider over HTTP (docs/provider-contract.md): JSON, a bearer
 * key, a time limit per call, and two kinds of failure. Network errors, timeouts, 5xx and 429 throw
 * the gateway's "unavailable" error, so the caller's retry policy applies; any other refusal throws
 * its "contract" error, which retrying cannot fix. Each gateway keeps its own error classes: their
 * names are what workflows list as non-retryable and what recorded histories hold. Every answer is
 * checked against its contract schema (infra/provider-answers.ts): one out of contract is an
 * "unavailable" error too (retried, never acted on), whose message names what was wrong.
 */
import { answerProblems, type AnswerCheck } from './provider-answers.js';

export interface ProviderErrors {
  unavailable: new (message: string, status?: number) => Error;
  /** `code`: the provider's own error code (`{"error": "<code>"}`), when its answer names one. */
  contract: new (message: string, status: number, code?: string) => Error;
}

export interface ProviderCall<T> {
  /** The answer's contract: anything else throws the gateway's "unavailable" error. */
  answer: AnswerCheck<T>;
  method?: 'GET' | 'POST';
  /** Sent as JSON. Never quoted in errors: it may hold credentials. */
  body?: unknown;
  timeoutMs?: number;
  /** A 404 answers null instead of throwing (a lookup of something that may not exist). */
  allow404?: boolean;
}

export function providerClient(o: { name: string; base: string; apiKey?: string; timeoutMs?: number; errors: ProviderErrors }) {
  return async function call<T>(path: string, c: ProviderCall<T>): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(o.base + path, {
        method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
        headers: {
          accept: 'application/json',
          ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
        },
        ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
        signal: AbortSignal.timeout(c.timeoutMs ?? o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new o.errors.unavailable(`${o.name} provider unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      throw new o.errors.unavailable(`${o.name} provider answered ${res.status}`, res.status);
    }
    if (c.allow404 && res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    // The resource's kind only (no ids).
    const what = path.split('?')[0]!.split('/').slice(0, 2).join('/');
    if (!res.ok) {
      // With the start of the provider's answer.
      const text = await res.text().catch(() => '');
      throw new o.errors.contract(`${o.name} provider refused ${what}: ${res.status} ${text.slice(0, 160)}`, res.status, errorCodeOf(text));
    }
    let answer: unknown;
    try {
      answer = await res.json();
    } catch {
      throw new o.errors.unavailable(`${o.name} provider answered ${what} with a body that is not JSON (docs/provider-contract.md)`);
    }
    if (!c.answer(answer)) throw new o.errors.unavailable(`${o.name} provider answered ${what} out of contract (docs/provider-contract.md): ${answerProblems(c.answer)}`);
    return answer;
  };
}

/** The provider's error code from an answer like `{"error":"quote_expired"}`; undefined for anything else. */
function errorCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: unknown })?.error;
    return typeof code === 'string' && /^[a-z0-9_]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
