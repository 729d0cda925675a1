/**
 * Comfort runs in MongoDB: the read model `comfort_runs` (one document per run, the record page's
 * row; never a secret, only the vault reference), its change log `comfort_run_events` (the record's
 * CSV download) and `comfort_account_locks` (one open run per game account: a unique insert).
 */
import type { Collection, Db, Filter } from 'mongodb';
import { findPage, insertOnce, isDuplicateKey } from '../db.js';
import { withoutVaultRefs, type ComfortFilter, type ComfortRunView } from '../../domain/comfort-trade.js';

export const RUNS_COLLECTION = 'comfort_runs';
export const RUN_EVENTS_COLLECTION = 'comfort_run_events';
export const LOCKS_COLLECTION = 'comfort_account_locks';

export interface ComfortRunDoc extends ComfortRunView {
  _id: string;
  /** Vault reference of the login details (not a secret itself; never leaves the server). */
  credentialsRef: string;
  /** Batch upload id when the run came from a file. */
  batchId: string | null;
  /** The file's line of that run (absent: no file, or written before lines were kept); its notifications name it. */
  batchLine?: number | null;
}

/** One change of a run, as the CSV download lists it. */
export interface RunEventDoc {
  /** `<runId>:<version>`: a retried write of the same change inserts nothing. */
  _id: string;
  runId: string;
  sellerId: string;
  version: number;
  at: Date;
  state: string;
  status: string;
  subState: string;
  coinsTransferred: number;
  successCount: number;
  totalCount: number;
  note: string;
}

interface LockDoc {
  _id: string;
  runId: string;
  sellerId: string;
  at: Date;
}

/** The lock key of a game account: platform and web-app email. */
export const accountKey = (platform: string, email: string) => `${platform}:${email.toLowerCase()}`;

export class ComfortRuns {
  private constructor(readonly runs: Collection<ComfortRunDoc>, readonly events: Collection<RunEventDoc>, readonly locks: Collection<LockDoc>) {}

  static async open(db: Db): Promise<ComfortRuns> {
    const runs = db.collection<ComfortRunDoc>(RUNS_COLLECTION);
    const events = db.collection<RunEventDoc>(RUN_EVENTS_COLLECTION);
    const locks = db.collection<LockDoc>(LOCKS_COLLECTION);
    return new ComfortRuns(runs, events, locks);
  }

  /**
   * Takes the game account for a run; false when another open run holds it (also under one of
   * `alsoHeldAs`, the same claim written under an older key).
   */
  async lockAccount(key: string, runId: string, sellerId: string, alsoHeldAs: readonly string[] = []): Promise<boolean> {
    if (alsoHeldAs.length && (await this.locks.findOne({ _id: { $in: [...alsoHeldAs] }, runId: { $ne: runId } }))) return false;
    try {
      await this.locks.insertOne({ _id: key, runId, sellerId, at: new Date() });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const held = await this.locks.findOne({ _id: key });
      return held?.runId === runId;
    }
  }

  /** Frees the game account, only if this run holds it. */
  async unlockAccount(key: string, runId: string): Promise<void> {
    await this.locks.deleteOne({ _id: key, runId });
  }

  /** Whether this run holds the key already. */
  async holds(key: string, runId: string): Promise<boolean> {
    return (await this.locks.countDocuments({ _id: key, runId }, { limit: 1 })) > 0;
  }

  /** Frees every key a run holds, except `keep` (its claims by seller and by login, whatever format they were taken in). */
  async unlockRun(runId: string, keep: readonly string[] = []): Promise<void> {
    await this.locks.deleteMany(keep.length ? { runId, _id: { $nin: [...keep] } } : { runId });
  }

  /** The first record of a run, written before its workflow starts (nothing submitted is lost); false when it existed. */
  create(doc: ComfortRunDoc): Promise<boolean> {
    return insertOnce(this.runs, doc);
  }

  /**
   * Writes a newer version of a run (an older or equal one changes nothing) and logs the change.
   * Read by _id then write by _id: one workflow's activities run one at a time.
   */
  async record(view: ComfortRunView, note: string): Promise<{ applied: boolean }> {
    const current = await this.runs.findOne({ _id: view.runId }, { projection: { version: 1 } });
    if (current && current.version >= view.version) return { applied: current.version === view.version };
    const { runId, ...rest } = view;
    await this.runs.updateOne({ _id: runId }, { $set: { ...rest, runId } });
    await insertOnce(this.events, {
      _id: `${runId}:${view.version}`, runId, sellerId: view.sellerId, version: view.version, at: new Date(),
      state: view.state, status: view.status, subState: view.subState, coinsTransferred: view.coinsTransferred,
      successCount: view.successCount, totalCount: view.totalCount, note,
    });
    return { applied: true };
  }

  get(sellerId: string, runId: string): Promise<ComfortRunDoc | null> {
    return this.runs.findOne({ _id: runId, sellerId });
  }

  /** A page of the record, newest first; `settledIds` are the seller's paid-out refs, needed for the `settled` and `paid` filters. */
  async list(sellerId: string, filter: ComfortFilter, page: number, size: number, settledIds: readonly string[] = []): Promise<{ items: ComfortRunDoc[]; total: number }> {
    return findPage(this.runs, recordFilter(sellerId, filter, settledIds), { createdAt: -1, _id: 1 }, page, size);
  }

  /** The seller's runs whose income is frozen now (credited, under review), soonest release first. */
  frozen(sellerId: string): Promise<ComfortRunDoc[]> {
    return this.runs.find({ sellerId, status: 'pending_payment' }).sort({ releaseAt: 1 }).limit(500).toArray();
  }

  /** The runs a batch upload has started so far. */
  ofBatch(sellerId: string, batchId: string): Promise<ComfortRunDoc[]> {
    return this.runs.find({ sellerId, batchId }).toArray();
  }

  /** The run's changes in order; `limit` bounds what a page view reads (the CSV reads them all). */
  eventsOf(runId: string, limit = 0): Promise<RunEventDoc[]> {
    return this.events.find({ runId }).sort({ version: 1 }).limit(limit).toArray();
  }
}

/**
 * The query of a record filter: `settled` is a Paid run among the seller's paid-out refs (the ledger
 * ref of a run's income is its run id), and `paid` a Paid run not among them, so no run is in both.
 */
export function recordFilter(sellerId: string, filter: ComfortFilter, settledIds: readonly string[] = []): Filter<ComfortRunDoc> {
  if (filter === 'all') return { sellerId };
  if (filter === 'settled') return { sellerId, status: 'paid', _id: { $in: [...settledIds] } };
  if (filter === 'paid') return settledIds.length ? { sellerId, status: 'paid', _id: { $nin: [...settledIds] } } : { sellerId, status: 'paid' };
  return { sellerId, status: filter };
}

/** A run as the seller's answers show it: the vault reference and batch id stay inside. */
export function toRunView(doc: ComfortRunDoc): ComfortRunView {
  const { _id, credentialsRef, batchId, batchLine, ...view } = doc;
  void _id; void credentialsRef; void batchId; void batchLine;
  return withoutVaultRefs(view);
}
