import type { Connection } from 'mongoose';
import type { Collection } from 'mongodb';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { StatusChange } from './types.js';

export const PROCESS_STATUS_COLLECTION = 'process_status';

interface StatusDoc {
  _id: string;
  sellerId: string;
  kind: string;
  status: StatusChange['status'];
  version: number;
  updatedAt: Date;
}

/** Activities that write read models in MongoDB and publish live events. */
export function createStoreActivities(deps: { db: Connection; events: Collection<EventDoc> }) {
  const statuses = deps.db.db!.collection<StatusDoc>(PROCESS_STATUS_COLLECTION);
  return {
    /**
     * Records a process's new status and tells the seller. Safe under retry: the write only applies
     * over an older version (an upsert that meets a same-or-newer version fails on the unique _id),
     * and a retry of the same version publishes again rather than lose the event; clients drop
     * repeats by subject and version.
     */
    async recordStatus(change: StatusChange): Promise<{ applied: boolean }> {
      const set = { sellerId: change.sellerId, kind: change.kind, status: change.status, version: change.version, updatedAt: new Date() };
      let applied: boolean;
      try {
        await statuses.updateOne({ _id: change.subject, version: { $lt: change.version } }, { $set: set }, { upsert: true });
        applied = true;
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        const current = await statuses.findOne({ _id: change.subject }, { projection: { version: 1 } });
        applied = current?.version === change.version;
        if (!applied) return { applied: false };
      }
      await publishEvent(deps.events, {
        sellerId: change.sellerId, type: change.type, subject: change.subject, data: { ...change.status, version: change.version },
      });
      return { applied };
    },
  };
}

export type StoreActivities = ReturnType<typeof createStoreActivities>;
