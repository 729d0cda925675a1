/**
 * Ends what a stolen session may have minted before it was ended: every API key of the seller is
 * revoked (refused at once, sockets included) and every webhook endpoint removed. Offered by
 * logout everywhere and password reset, since those end sessions only. The seller is told of each
 * key revoked (once per key, as when revoking one in Settings).
 */
import { DomainError } from '../../domain/errors.js';
import type { ApiKeys } from '../../infra/api-keys/keys.js';
import type { WebhookService } from '../webhooks/service.js';
import type { ApiAccessRevoked } from './accounts.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import { tellKeyRevoked } from '../routes/api-keys.js';

export async function revokeApiAccess(sellerId: string, keys: ApiKeys, webhooks: WebhookService, tell: TellAccount): Promise<ApiAccessRevoked> {
  const keysRevoked = await keys.revokeAllKeys(sellerId, (key) => tellKeyRevoked(tell, sellerId, key));
  let webhooksRemoved = 0;
  try {
    for (const e of await webhooks.list(sellerId)) {
      await webhooks.remove(sellerId, e.id);
      webhooksRemoved++;
    }
  } catch (err) {
    // Without SECRETS_KEY there are no webhooks to remove.
    if (!(err instanceof DomainError && err.code === 'webhooks_unavailable')) throw err;
  }
  return { keysRevoked, webhooksRemoved };
}
