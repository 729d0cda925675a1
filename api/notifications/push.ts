/**
 * Web Push for the signed-in seller: the VAPID public key the browser subscribes with, and saving or
 * removing this browser's subscription (checked by domain/web-push.ts, stored by
 * infra/web-push/subscriptions.ts). Pushes themselves are made by the notifier.
 */
import { DomainError } from '../../domain/errors.js';
import { PUSH_UNAVAILABLE } from '../../domain/messages.js';
import { parsePushEndpoint, parsePushSubscription, type PushStatusView } from '../../domain/web-push.js';
import type { WebPushSettings } from '../../infra/web-push/config.js';
import type { PushSubscriptions } from '../../infra/web-push/subscriptions.js';

export function createPushService(deps: { subscriptions: PushSubscriptions; settings: WebPushSettings | null }) {
  const status = async (sellerId: string): Promise<PushStatusView> => ({
    publicKey: deps.settings?.vapid.publicKey ?? null, subscriptions: await deps.subscriptions.count(sellerId),
  });
  const configured = (): WebPushSettings => {
    if (!deps.settings) throw new DomainError('unavailable', 'PUSH_UNAVAILABLE', PUSH_UNAVAILABLE);
    return deps.settings;
  };
  return {
    status,
    async save(sellerId: string, body: unknown): Promise<PushStatusView> {
      const settings = configured();
      await deps.subscriptions.save(sellerId, parsePushSubscription(body, { hosts: settings.hosts, localOrigin: settings.localOrigin }));
      return status(sellerId);
    },
    /** Removing works without push configured too: a seller can always take a browser off. */
    async remove(sellerId: string, body: unknown): Promise<PushStatusView> {
      await deps.subscriptions.remove(sellerId, parsePushEndpoint(body));
      return status(sellerId);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
