/** The signed-in seller's notifications (api/notifications/service.ts): the list, marking read, preferences. */
import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { parsePage } from '../../domain/player-trade.js';
import { NOTIFICATION_PAGE_SIZE } from '../../domain/notifications.js';
import { NotificationInbox } from '../../infra/notifications/inbox.js';
import { NotificationPreferencesStore } from '../../infra/notifications/preferences.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { createNotificationService, type NotificationService } from '../notifications/service.js';

export async function registerNotificationRoutes(app: FastifyInstance, deps: { db: Db }): Promise<NotificationService> {
  const service = createNotificationService({ inbox: await NotificationInbox.open(deps.db), preferences: await NotificationPreferencesStore.open(deps.db) });
  const auth = { preHandler: requireSeller };

  app.get('/api/notifications', auth, async (req) => service.page(sellerOf(req).id, parsePage(req.query as Record<string, unknown>, NOTIFICATION_PAGE_SIZE).page));
  app.post('/api/notifications/read', auth, async (req) => service.markRead(sellerOf(req).id, req.body));
  app.get('/api/notifications/preferences', auth, async (req) => service.preferences(sellerOf(req).id));
  app.put('/api/notifications/preferences', auth, async (req) => service.setPreferences(sellerOf(req).id, req.body));
  return service;
}
