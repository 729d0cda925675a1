/**
 * Web Push for the signed-in seller: the VAPID public key the browser subscribes with, saving or
 * removing this browser's subscription (checked by domain/web-push.ts, stored by
 * infra/web-push/subscriptions.ts), and the list of every browser allowed, each removable.
 * Pushes themselves are made by the notifier.
 */
import { DomainError } from '../../domain/errors.js';
import { PUSH_SUBSCRIPTION_NOT_FOUND, PUSH_UNAVAILABLE } from '../../domain/messages.js';
import { parsePushEndpoint, parsePushSubscription, type PushStatusView, type PushSubscriptionsView } from '../../domain/web-push.js';
import type { WebPushSettings } from '../../infra/web-push/config.js';
import type { PushSubscriptions } from '../../infra/web-push/subscriptions.js';

/** What infra/web-push/subscriptions.ts makes of an endpoint (32 hex digits); anything else names no subscription. */
const SUBSCRIPTION_ID = /^[0-9a-f]{32}$/;

export function createPushService(deps: { subscriptions: PushSubscriptions; settings: WebPushSettings | null }) {
  const status = async (sellerId: string): Promise<PushStatusView> => ({
    publicKey: deps.settings?.vapid.publicKey ?? null, subscriptions: await deps.subscriptions.count(sellerId),
  });
  const list = async (sellerId: string): Promise<PushSubscriptionsView> => ({ subscriptions: await deps.subscriptions.list(sellerId) });
  const configured = (): WebPushSettings => {
    if (!deps.settings) throw new DomainError('unavailable', 'PUSH_UNAVAILABLE', PUSH_UNAVAILABLE);
    return deps.settings;
  };
  return {
    status,
    async save(sellerId: string, body: unknown, userAgent: string): Promise<PushStatusView> {
      const settings = configured();
      await deps.subscriptions.save(sellerId, parsePushSubscription(body, { hosts: settings.hosts, localOrigin: settings.localOrigin }), Date.now(), userAgent);
      return status(sellerId);
    },
    list,
    /** One browser off the list by its id; another seller's id (or none) is 404, as if it did not exist. */
    async removeById(sellerId: string, id: string): Promise<PushSubscriptionsView> {
      if (!SUBSCRIPTION_ID.test(id) || !(await deps.subscriptions.removeById(sellerId, id))) throw new DomainError('not_found', 'PUSH_SUBSCRIPTION_NOT_FOUND', PUSH_SUBSCRIPTION_NOT_FOUND);
      return list(sellerId);
    },
    /** Removing works without push configured too: a seller can always take a browser off. */
    async remove(sellerId: string, body: unknown): Promise<PushStatusView> {
      await deps.subscriptions.remove(sellerId, parsePushEndpoint(body));
      return status(sellerId);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
