import type { Collection } from 'mongodb';
import { INTERNAL_EVENTS, type LiveEvent, type LiveEventInput, type LiveEventOf, type LiveEventType } from '../../domain/live-events.js';
import type { EventDoc } from './events-collection.js';

/**
 * The next position each log is believed to be at, per process: a hint (the unique _id decides),
 * trusted only while fresh, since after a quiet spell the capped log may have dropped that position.
 */
const nextHint = new WeakMap<Collection<EventDoc>, { position: number; at: number }>();
const HINT_FRESH_MS = 2000;

/**
 * Appends a state change to the live log; every API replica following it delivers it to the
 * seller's room. The event takes the next position by inserting it there: a position is only tried
 * after the one before it was seen taken, so positions commit in order and the log has no holes.
 */
export async function publishEvent<T extends LiveEventType>(events: Collection<EventDoc>, e: LiveEventInput<T>): Promise<LiveEventOf<T>> {
  const hint = nextHint.get(events);
  let position = hint && Date.now() - hint.at < HINT_FRESH_MS ? hint.position : (await lastPosition(events)) + 1;
  for (let attempt = 0; ; attempt++) {
    const doc: EventDoc = { _id: position, sellerId: e.sellerId, type: e.type, subject: e.subject, data: e.data as unknown as Record<string, unknown>, at: new Date() };
    try {
      await events.insertOne(doc);
      nextHint.set(events, { position: position + 1, at: Date.now() });
      return toLiveEvent(doc) as LiveEventOf<T>;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt > 1000) throw err;
      // Taken: far behind after a quiet spell, jump to the end; close behind, just step on.
      position = attempt === 0 ? Math.max(position + 1, (await lastPosition(events)) + 1) : position + 1;
    }
  }
}

/** The newest position in the log (insertion order; cheap on MongoDB and FerretDB alike). */
export async function lastPosition(events: Collection<EventDoc>): Promise<number> {
  const last = await events.find({}, { projection: { _id: 1 } }).sort({ $natural: -1 }).limit(1).next();
  return last?._id ?? 0;
}

/** A stored event as clients get it. The log holds only what `publishEvent` wrote, typed by its `type`. */
export const toLiveEvent = (d: EventDoc): LiveEvent => ({
  id: String(d._id),
  sellerId: d.sellerId,
  type: d.type,
  subject: d.subject,
  data: d.data,
  at: d.at.toISOString(),
}) as LiveEvent;

/**
 * The newest events of one seller after position `afterId` (at most `limit`, oldest first), for a
 * client that was offline; `truncated` when more were there. Notices between replicas (INTERNAL_EVENTS) are left out.
 */
export async function eventsSince(
  events: Collection<EventDoc>,
  sellerId: string,
  afterId: string | null,
  limit = 500,
): Promise<{ events: LiveEvent[]; truncated: boolean }> {
  const after = afterId !== null && /^\d+$/.test(afterId) ? Number(afterId) : -1;
  const docs = await events.find({ sellerId, _id: { $gt: after }, type: { $nin: [...INTERNAL_EVENTS] } }).sort({ _id: -1 }).limit(limit + 1).toArray();
  return { events: docs.slice(0, limit).reverse().map(toLiveEvent), truncated: docs.length > limit };
}
