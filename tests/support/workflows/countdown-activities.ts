/**
 * The countdown's one activity (a test-only scaffold, see countdown.ts): a process status written
 * to its read model and published live. The live-path tests and the latency bench call it directly.
 */
import type { Connection } from 'mongoose';
import type { Collection } from 'mongodb';
import type { EventDoc } from '../../../infra/live/events-collection.js';
import { publishEvent } from '../../../infra/live/publish.js';
import type { LiveEventInput, LiveEventType } from '../../../domain/live-events.js';

export const PROCESS_STATUS_COLLECTION = 'process_status';

/** A status change of one business process, written to its read model and published live. */
export interface StatusChange {
  /** Business id of the process (e.g. the workflow id). */
  subject: string;
  sellerId: string;
  /** `domain:pastTense` event type, e.g. `countdown:updated`. */
  type: Extract<LiveEventType, 'countdown:updated' | 'probe:sent'>;
  kind: string;
  status: Record<string, unknown> & { state: string };
  /** Orders changes of one subject: a retried or late write of an older version changes nothing. */
  version: number;
}

interface StatusDoc {
  _id: string;
  sellerId: string;
  kind: string;
  status: StatusChange['status'];
  version: number;
  updatedAt: Date;
}

/** The countdown's activities: its read model in MongoDB and its live events. */
export function createStoreActivities(deps: { db: Connection; events: Collection<EventDoc> }) {
  const statuses = deps.db.db!.collection<StatusDoc>(PROCESS_STATUS_COLLECTION);

  /**
   * Records a process's new status and tells the seller. Safe under retry: an older version never
   * overwrites a newer one, and a retry of the same version publishes again rather than lose the
   * event (clients drop repeats by subject and version).
   *
   * Read by _id, then write by _id: Temporal runs one workflow's activities one at a time, so the
   * only other writer of a subject is an older attempt that timed out, and an `_id`-only filter is
   * the one query FerretDB answers without scanning the collection inside its write transaction.
   */
  async function recordStatus(change: StatusChange): Promise<{ applied: boolean }> {
    const set = { sellerId: change.sellerId, kind: change.kind, status: change.status, version: change.version, updatedAt: new Date() };
    const current = await statuses.findOne({ _id: change.subject }, { projection: { version: 1 } });
    if (current && current.version > change.version) return { applied: false };
    if (!current) {
      try {
        await statuses.insertOne({ _id: change.subject, ...set });
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        return recordStatus(change); // another attempt created it meanwhile: decide again
      }
    } else if (current.version < change.version) {
      await statuses.updateOne({ _id: change.subject }, { $set: set });
    }
    // The status is the process's own view; its type names which one (LiveEventMap), checked where the workflow builds it.
    await publishEvent(deps.events, {
      sellerId: change.sellerId, type: change.type, subject: change.subject, data: { ...change.status, version: change.version },
    } as LiveEventInput);
    return { applied: true };
  }

  return { recordStatus };
}

export type StoreActivities = ReturnType<typeof createStoreActivities>;
