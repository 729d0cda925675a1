/** The signed-in seller's notifications (api/notifications/service.ts): the list, marking read, preferences; Web Push subscriptions (api/notifications/push.ts). */
import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { parsePage } from '../../domain/player-trade.js';
import { NOTIFICATION_PAGE_SIZE } from '../../domain/notifications.js';
import { NotificationInbox } from '../../infra/notifications/inbox.js';
import { NotificationPreferencesStore } from '../../infra/notifications/preferences.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { requireFreshAuth } from '../auth/reauth.js';
import { createNotificationService, type NotificationService } from '../notifications/service.js';
import { createPushService } from '../notifications/push.js';
import { PushSubscriptions } from '../../infra/web-push/subscriptions.js';
import type { WebPushSettings } from '../../infra/web-push/config.js';

export async function registerNotificationRoutes(app: FastifyInstance, deps: { db: Db; webPush?: WebPushSettings | null }): Promise<NotificationService> {
  const service = createNotificationService({ inbox: await NotificationInbox.open(deps.db), preferences: await NotificationPreferencesStore.open(deps.db) });
  const auth = { preHandler: requireSeller };

  app.get('/api/notifications', auth, async (req) => service.page(sellerOf(req).id, parsePage(req.query as Record<string, unknown>, NOTIFICATION_PAGE_SIZE).page));
  app.post('/api/notifications/read', auth, async (req) => service.markRead(sellerOf(req).id, req.body));
  app.get('/api/notifications/preferences', auth, async (req) => service.preferences(sellerOf(req).id));
  app.put('/api/notifications/preferences', auth, async (req) => service.setPreferences(sellerOf(req).id, req.body));
  // Web Push: the VAPID public key, this browser's subscription, and every browser allowed (api/notifications/push.ts).
  const push = createPushService({ subscriptions: await PushSubscriptions.open(deps.db), settings: deps.webPush ?? null });
  app.get('/api/notifications/push', auth, async (req) => push.status(sellerOf(req).id));
  // A browser added here gets every security notice: a stolen session alone may not add one (as for webhooks).
  app.put('/api/notifications/push/subscription', { preHandler: [requireSeller, requireFreshAuth] }, async (req) =>
    push.save(sellerOf(req).id, req.body, String(req.headers['user-agent'] ?? '')));
  app.delete('/api/notifications/push/subscription', auth, async (req) => push.remove(sellerOf(req).id, req.body));
  app.get('/api/notifications/push/subscriptions', auth, async (req) => push.list(sellerOf(req).id));
  app.delete<{ Params: { id: string } }>('/api/notifications/push/subscriptions/:id', auth, async (req) => push.removeById(sellerOf(req).id, req.params.id));
  return service;
}
