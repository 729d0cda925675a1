/** The signed-in seller's notifications (api/notifications/service.ts): the list, marking read, preferences; Web Push subscriptions (api/notifications/push.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { parsePage } from '../../domain/player-trade.js';
import { NOTIFICATION_PAGE_SIZE } from '../../domain/notifications.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { requireFreshAuth } from '../auth/reauth.js';
import type { NotificationService } from '../notifications/service.js';
import type { PushService } from '../notifications/push.js';

/** The notifications slice: an encapsulated plugin over the inbox and push services app.ts built. */
export const notificationRoutes: FastifyPluginAsync<{ service: NotificationService; push: PushService }> = async (app, { service, push }) => {
  const auth = { preHandler: requireSeller };

  app.get('/api/notifications', auth, async (req) => service.page(sellerOf(req).id, parsePage(req.query as Record<string, unknown>, NOTIFICATION_PAGE_SIZE).page));
  app.post('/api/notifications/read', auth, async (req) => service.markRead(sellerOf(req).id, req.body));
  app.get('/api/notifications/preferences', auth, async (req) => service.preferences(sellerOf(req).id));
  app.put('/api/notifications/preferences', auth, async (req) => service.setPreferences(sellerOf(req).id, req.body));
  // Web Push: the VAPID public key, this browser's subscription, and every browser allowed (api/notifications/push.ts).
  app.get('/api/notifications/push', auth, async (req) => push.status(sellerOf(req).id));
  // A browser added here gets every security notice: a stolen session alone may not add one (as for webhooks).
  app.put('/api/notifications/push/subscription', { preHandler: [requireSeller, requireFreshAuth] }, async (req) =>
    push.save(sellerOf(req).id, req.body, String(req.headers['user-agent'] ?? '')));
  app.delete('/api/notifications/push/subscription', auth, async (req) => push.remove(sellerOf(req).id, req.body));
  app.get('/api/notifications/push/subscriptions', auth, async (req) => push.list(sellerOf(req).id));
  app.delete<{ Params: { id: string } }>('/api/notifications/push/subscriptions/:id', auth, async (req) => push.removeById(sellerOf(req).id, req.params.id));
};
