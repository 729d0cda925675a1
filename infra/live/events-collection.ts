import type { Connection } from 'mongoose';
import type { Collection, Db, Document } from 'mongodb';
import { settingAtLoad } from '../config/load.js';
import { isDuplicateKey } from '../db.js';

export const EVENTS_COLLECTION = 'events';
/** Bounded: the read models are the source of truth; this log only bridges short disconnects. */
const EVENTS_BYTES = 32 * 1024 * 1024;
const EVENTS_MAX = settingAtLoad('EVENTS_MAX');

/**
 * One live event. `_id` is its position in the log: a gapless sequence claimed by unique insert
 * (see publish.ts), so any replica can follow the log by `_id` and a client can resync after one.
 */
export interface EventDoc extends Document {
  _id: number;
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
    } catch (err) {
      if ((err as { code?: number }).code !== 48) throw err; // 48: another replica created it first
    }
  }
  const coll = db.collection<EventDoc>(EVENTS_COLLECTION);
  // Position 0 anchors the sequence (and gives a tailable cursor a document to stand on).
  await coll.insertOne({ _id: 0, sellerId: '', type: 'log:opened', subject: '', data: {}, at: new Date() }).catch((err) => {
    if (!isDuplicateKey(err)) throw err;
  });
  await coll.createIndex({ sellerId: 1, _id: 1 });
  return coll;
}

/** FerretDB speaks the wire protocol but answers most queries by scanning; a few paths adapt to it. */
export async function isFerretDB(db: Db): Promise<boolean> {
  const info = await db.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info;
}
