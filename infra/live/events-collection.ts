import type { Connection } from 'mongoose';
import type { Collection, Document, ObjectId } from 'mongodb';

export const EVENTS_COLLECTION = 'events';
/** Large enough for minutes of traffic; the read models, not this log, are the source of truth. */
const EVENTS_BYTES = 64 * 1024 * 1024;
const EVENTS_MAX = 200_000;

export interface EventDoc extends Document {
  _id: ObjectId;
  sellerId: string;
  type: string;
  subject: string;
  data: Record<string, unknown>;
  at: Date;
}

/** The capped `events` collection, created on first use by whichever process gets there first. */
export async function eventsCollection(conn: Connection): Promise<Collection<EventDoc>> {
  const db = conn.db!;
  const existing = await db.listCollections({ name: EVENTS_COLLECTION }).toArray();
  if (existing.length === 0) {
    try {
      await db.createCollection(EVENTS_COLLECTION, { capped: true, size: EVENTS_BYTES, max: EVENTS_MAX });
      // A tailable cursor needs at least one document to stand on.
      await db.collection(EVENTS_COLLECTION).insertOne({ sellerId: '', type: 'log:opened', subject: '', data: {}, at: new Date() });
    } catch (err) {
      if ((err as { code?: number }).code !== 48) throw err; // 48: another replica created it first
    }
  }
  const coll = db.collection<EventDoc>(EVENTS_COLLECTION);
  await coll.createIndex({ sellerId: 1, _id: 1 });
  return coll;
}
