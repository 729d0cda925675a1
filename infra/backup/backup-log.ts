/**
 * The last backup that finished, kept in the database it backed up: the worker's metrics read it
 * (`coinmarket_backup_last_success_timestamp_seconds`), so an operator is told when backups stop
 * (the `BackupTooOld` alert) instead of finding out at the restore. Written after the dump, so a
 * backup holds the record of the one before it.
 */
import type { Db } from 'mongodb';

export const BACKUP_LOG_COLLECTION = 'backup_log';
const LAST = 'last';

export interface BackupRecord {
  startedAt: Date;
  finishedAt: Date;
  collections: number;
  documents: number;
  /** Where Temporal's store was copied from (`sqlite`, `postgres`), or `none`. */
  temporal: string;
}

export async function recordBackup(db: Db, backup: BackupRecord): Promise<void> {
  await db.collection<BackupRecord & { _id: string }>(BACKUP_LOG_COLLECTION).replaceOne({ _id: LAST }, backup, { upsert: true });
}

/** When the last backup finished, or null when none ever did. */
export async function lastBackupAt(db: Db): Promise<Date | null> {
  const last = await db.collection<BackupRecord & { _id: string }>(BACKUP_LOG_COLLECTION).findOne({ _id: LAST }, { projection: { finishedAt: 1 } });
  return last?.finishedAt ?? null;
}
