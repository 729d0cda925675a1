import type { Collection } from 'mongodb';
import { SELLER_EVENT_APPENDED } from '../../domain/live-events.js';
import type { SellerEvent, SellerEventInput } from '../../domain/seller-events.js';
import type { EventDoc } from '../live/events-collection.js';
import { publishEvent } from '../live/publish.js';
import type { SellerFeed } from './feed.js';

/** Tells about a change: appended to the seller's feed, then to status sockets (through the live log), webhooks and the seller's notifications. */
export type Announce = (e: SellerEventInput) => Promise<SellerEvent>;

/**
 * The feed entry is written first: it is the record. A retry of the same change finds the entry and
 * tells the sockets and webhooks again (sockets drop positions they sent; a delivery starts once).
 */
export function createAnnouncer(deps: {
  feed: SellerFeed;
  events: Collection<EventDoc>;
  webhooks?: (sellerId: string, e: SellerEvent) => Promise<void>;
  /** The seller's notifications (infra/notifications/notifier.ts): each made once, so a retried change tells nothing twice. */
  notify?: (sellerId: string, e: SellerEvent) => Promise<void>;
}): Announce {
  return async (input) => {
    const { event } = await deps.feed.append(input);
    await publishEvent(deps.events, { sellerId: input.sellerId, type: SELLER_EVENT_APPENDED, subject: input.subject, data: event });
    await deps.webhooks?.(input.sellerId, event);
    await deps.notify?.(input.sellerId, event);
    return event;
  };
}
