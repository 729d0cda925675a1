import type { Collection } from 'mongodb';
import { ObjectId } from 'mongodb';
import type { LiveEvent } from '../../domain/live-events.js';
import type { EventDoc } from './events-collection.js';

/** Appends a state change to the live log; every API replica tailing it delivers it to the seller's room. */
export async function publishEvent(
  events: Collection<EventDoc>,
  e: { sellerId: string; type: string; subject: string; data: Record<string, unknown> },
): Promise<LiveEvent> {
  const doc: EventDoc = { _id: new ObjectId(), sellerId: e.sellerId, type: e.type, subject: e.subject, data: e.data, at: new Date() };
  await events.insertOne(doc);
  return toLiveEvent(doc);
}

export const toLiveEvent = (d: EventDoc): LiveEvent => ({
  id: d._id.toHexString(),
  sellerId: d.sellerId,
  type: d.type,
  subject: d.subject,
  data: d.data,
  at: d.at.toISOString(),
});

/** Events of one seller after `afterId`, for a client that was offline. */
export async function eventsSince(events: Collection<EventDoc>, sellerId: string, afterId: string | null, limit = 500): Promise<LiveEvent[]> {
  const filter: Record<string, unknown> = { sellerId };
  if (afterId && ObjectId.isValid(afterId)) filter._id = { $gt: new ObjectId(afterId) };
  const docs = await events.find(filter).sort({ _id: 1 }).limit(limit).toArray();
  return docs.map(toLiveEvent);
}
