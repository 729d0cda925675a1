/**
 * Tells the seller of each webhook endpoint removed because the API key that registered it changed:
 * its URL and why (the key revoked or rotated, or API access turned off). Once per endpoint (the
 * endpoint's id is the action's), so finishing an interrupted removal tells only what was not told.
 */
import type { AccountAction } from '../../domain/notifications.js';
import type { TellAccount } from '../notifications/account-notices.js';
import type { EndpointDoc, KeyEndpointRemoval } from './endpoints.js';

const ACTION_OF: Record<KeyEndpointRemoval, AccountAction> = {
  key_revoked: 'webhook_removed_key_revoked', key_rotated: 'webhook_removed_key_rotated', access_disabled: 'webhook_removed_access_off',
};

/** A removed endpoint as the notice names it. */
export type RemovedEndpoint = Pick<EndpointDoc, '_id' | 'url' | 'removedAt'>;

export async function tellKeyEndpointsRemoved(
  tell: TellAccount, sellerId: string, removed: readonly RemovedEndpoint[], reason: KeyEndpointRemoval, key?: { name: string; prefix: string },
): Promise<void> {
  for (const e of removed) {
    await tell(sellerId, ACTION_OF[reason], `${e._id}:removed`, { url: e.url, ...(key ? { name: key.name, prefix: key.prefix } : {}) }, e.removedAt?.getTime() ?? Date.now());
  }
}
