/**
 * Each sweep's standing, one document per schedule: its period, since when it is scheduled, and
 * when it last succeeded. Cluster-wide (every replica reads the same), so the metric an alert reads
 * survives a worker restart and does not depend on which replica ran the last round.
 */
import type { Collection, Db } from 'mongodb';

export const SWEEP_LOG_COLLECTION = 'sweep_log';

export interface SweepLogDoc {
  /** The schedule's id (domain/sweeps.ts sweepScheduleId). */
  _id: string;
  name: string;
  taskQueue: string;
  everyMs: number;
  /** When the schedule was first made: a sweep that never succeeded counts as late from here. */
  since: Date;
  lastSuccessAt?: Date;
  lastFailureAt?: Date;
}

export class SweepLog {
  private constructor(readonly docs: Collection<SweepLogDoc>) {}

  static async open(db: Db): Promise<SweepLog> {
    return new SweepLog(db.collection<SweepLogDoc>(SWEEP_LOG_COLLECTION));
  }

  /** The schedule exists with this period (a changed period replaces the old one). */
  async scheduled(id: string, name: string, taskQueue: string, everyMs: number, now = new Date()): Promise<void> {
    await this.docs.updateOne({ _id: id }, { $set: { name, taskQueue, everyMs }, $setOnInsert: { since: now } }, { upsert: true });
  }

  async succeeded(id: string, now = new Date()): Promise<void> {
    await this.docs.updateOne({ _id: id }, { $set: { lastSuccessAt: now } });
  }

  async failed(id: string, now = new Date()): Promise<void> {
    await this.docs.updateOne({ _id: id }, { $set: { lastFailureAt: now } });
  }

  async all(): Promise<SweepLogDoc[]> {
    return this.docs.find({}).toArray();
  }

  async forget(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.docs.deleteMany({ _id: { $in: [...ids] } });
  }
}
