/**
 * One push request to a browser's push service: the `web-push` library encrypts the payload for the
 * subscription (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself goes out
 * with fetch, so the one code path serves https push services and the configured local test origin
 * (web-push's own sender speaks https only). The endpoint is checked again before every request.
 */
import webPush from 'web-push';
import { pushEndpointAllowed, type PushPayload, type PushSubscriptionInput } from '../../domain/web-push.js';
import type { WebPushSettings } from './config.js';

export type PushResult =
  | { outcome: 'sent'; status: number }
  /** 404/410: the browser dropped the subscription; it is removed and never tried again. */
  | { outcome: 'gone'; status: number }
  /** 429, 5xx, a timeout or a network failure: tried again later. */
  | { outcome: 'retry'; status: number | null; error: string }
  /** Any other refusal (a payload too large, VAPID refused): trying again would not help. */
  | { outcome: 'refused'; status: number; error: string };

export interface PushSender {
  readonly publicKey: string;
  send(sub: PushSubscriptionInput, payload: PushPayload, o?: { ttlSeconds?: number; urgency?: 'normal' | 'high' }): Promise<PushResult>;
}

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 3600;

export function createPushSender(settings: WebPushSettings, o: { timeoutMs?: number } = {}): PushSender {
  const timeoutMs = o.timeoutMs ?? 10_000;
  return {
    publicKey: settings.vapid.publicKey,
    async send(sub, payload, opts = {}) {
      if (!pushEndpointAllowed(sub.endpoint, { hosts: settings.hosts, localOrigin: settings.localOrigin })) {
        return { outcome: 'refused', status: 0, error: 'endpoint not allowed' };
      }
      const details = webPush.generateRequestDetails(sub, JSON.stringify(payload), {
        vapidDetails: settings.vapid, TTL: opts.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS, urgency: opts.urgency ?? 'normal', contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      delete headers['Content-Length'];
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'manual', signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        return { outcome: 'retry', status: null, error: (err as Error).message };
      }
      if (res.status >= 200 && res.status < 300) return { outcome: 'sent', status: res.status };
      if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
      if (res.status === 429 || res.status >= 500) return { outcome: 'retry', status: res.status, error: `push service answered ${res.status}` };
      return { outcome: 'refused', status: res.status, error: `push service answered ${res.status}` };
    },
  };
}
