/**
 * Account notices (API access enabled, a secret issued, payout details changed) made where the
 * action happens: the API's routes and the support tool. Each goes through the one notifier, so the
 * seller gets one in-app entry and one mail in their stored language per action (keyed by the
 * action's own id). The API stores the mail in the outbox and sends it at once without holding up
 * the answer; the support tool has no mailer and leaves the sending to the workers' outbox sweep.
 */
import type { Collection, Db } from 'mongodb';
import { accountNotification, type AccountAction } from '../../domain/notifications.js';
import type { NotificationParams } from '../../domain/notifications.js';
import type { EventDoc } from '../live/events-collection.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/mailer.js';
import { createNotifier, type NotifierOptions } from './notifier.js';
import type { OutboxOptions } from './claimed-outbox.js';

export type TellAccount = (sellerId: string, action: AccountAction, actionId: string, params?: NotificationParams, at?: number) => Promise<void>;

export async function createAccountNotices(
  deps: { db: Db; events: Collection<EventDoc>; logger: Pick<Logger, 'warn' | 'error'> },
  mail: { mailer: Mailer | null; publicUrl: string | (() => string); outbox?: Partial<OutboxOptions> } | null,
  push?: NotifierOptions['push'],
): Promise<TellAccount> {
  const notifier = await createNotifier(deps, { ...(mail ? { mail } : {}), ...(push ? { push } : {}) });
  return async (sellerId, action, actionId, params = {}, at = Date.now()) => {
    try {
      await notifier.deliver(sellerId, accountNotification(action, actionId, { ...params, changedAt: at }), at);
    } catch (err) {
      // The action itself is done; a notice that could not be stored is logged, never a failed answer (a retry would not tell again).
      deps.logger.error({ err, sellerId, action }, 'account notice not stored');
    }
  };
}
