/**
 * Seller wallets as an append-only ledger chain. Every money operation appends ONE document
 * `{ _id: "<sellerId>:<seq>", opId, delta, after }` whose `after` holds the seller's balances
 * (available, frozen, pending payout, integer cents) right after it; the wallet is the newest entry.
 *
 * Why a chain and not `$inc` on one wallet document: FerretDB 1.x applies concurrent updates of
 * one document without isolation (measured here: 50 concurrent `$inc` of 100 cents left 500, and two
 * conditional updates can both match). An insert with a unique `_id` is exclusive on FerretDB and
 * MongoDB alike, so the next sequence number is the lock: of two writers computing entry n+1, one
 * inserts and the other gets a duplicate-key error, re-reads and tries again. The operation id makes
 * it idempotent: a writer that sees its op id at or below the head it read stops (applied already).
 * A negative delta is checked against the head it extends, so a balance can never go below zero.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { DomainError } from '../../domain/errors.js';
import { LEDGER_KINDS, type LedgerKind } from './ledger-kinds.js';

export const LEDGER_COLLECTION = 'wallet_ledger';

// The shapes every side reads live in domain/wallet.ts; re-exported for the server code that imports them from here.
import type { Balances, Bucket, WalletView } from '../../domain/wallet.js';
export type { Balances, Bucket, WalletView };
export type Delta = Partial<Record<Bucket, number>>;

export interface LedgerEntry {
  /** `<sellerId>:<seq>`: unique, so two writers cannot both append entry `seq`. */
  _id: string;
  sellerId: string;
  seq: number;
  opId: string;
  kind: string;
  delta: Delta;
  /** Balances right after this operation: the wallet, when this is the newest entry. */
  after: Balances;
  /** What it is about (purchase id, withdrawal id). */
  ref: string;
  /** Support staff who did it by hand, and why (manual operations only). */
  by?: string;
  reason?: string;
  at: Date;
}

export interface Operation {
  sellerId: string;
  opId: string;
  kind: LedgerKind;
  delta: Delta;
  ref: string;
  by?: string;
  reason?: string;
}

export interface OpResult {
  applied: boolean;
  wallet: WalletView;
}

const ZERO: Balances = { available: 0, frozen: 0, pendingPayout: 0 };
const view = (sellerId: string, b: Balances): WalletView => ({ sellerId, ...b, total: b.available + b.frozen });
const MAX_TRIES = 200;
/** Sellers whose head a process remembers; the least recently used is forgotten beyond this. */
const KNOWN_SELLERS = 10_000;

export class Wallets {
  /** The newest entry seen per seller (entries never change once written), most recently used last. */
  private readonly known = new Map<string, LedgerEntry>();

  private constructor(readonly ledger: Collection<LedgerEntry>) {}

  static async open(db: Db): Promise<Wallets> {
    const ledger = db.collection<LedgerEntry>(LEDGER_COLLECTION);
    return new Wallets(ledger);
  }

  private entry(sellerId: string, seq: number): Promise<LedgerEntry | null> {
    return this.ledger.findOne({ _id: `${sellerId}:${seq}` });
  }

  /**
   * The newest entry, by `_id` lookups only, so the cost does not grow with the ledger: forward from
   * the last entry this process saw (one lookup when nothing changed), else a doubling search. Both
   * rely on the chain having no gaps: entry n+1 is only ever written after entry n exists.
   */
  private async head(sellerId: string): Promise<LedgerEntry | null> {
    let head = this.known.get(sellerId) ?? (await this.search(sellerId));
    for (let next = await this.entry(sellerId, (head?.seq ?? 0) + 1); next; next = await this.entry(sellerId, next.seq + 1)) head = next;
    if (head) this.remember(head);
    return head;
  }

  /** Doubling, then bisection over sequence numbers: about 2·log2(n) lookups for a ledger of n entries. */
  private async search(sellerId: string): Promise<LedgerEntry | null> {
    let found: LedgerEntry | null = null;
    let absent = 1;
    for (let e = await this.entry(sellerId, absent); e; e = await this.entry(sellerId, absent)) {
      found = e;
      absent *= 2;
    }
    while (absent - (found?.seq ?? 0) > 1) {
      const mid = Math.floor(((found?.seq ?? 0) + absent) / 2);
      const e = await this.entry(sellerId, mid);
      if (e) found = e;
      else absent = mid;
    }
    return found;
  }

  private remember(entry: LedgerEntry) {
    const current = this.known.get(entry.sellerId);
    if (current && current.seq > entry.seq) return;
    this.known.delete(entry.sellerId);
    this.known.set(entry.sellerId, entry);
    if (this.known.size > KNOWN_SELLERS) this.known.delete(this.known.keys().next().value!);
  }

  async get(sellerId: string): Promise<WalletView> {
    const h = await this.head(sellerId);
    return view(sellerId, h?.after ?? ZERO);
  }

  /** Applies an operation at most once; a bucket that would go below zero refuses it and nothing changes. */
  async apply(op: Operation): Promise<OpResult> {
    for (const v of Object.values(op.delta)) {
      if (!Number.isSafeInteger(v)) throw new DomainError('invalid', 'invalid_amount', 'Amounts are whole cents');
    }
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const head = await this.head(op.sellerId);
      // Read after the head: an entry with this op id is at or below it, or will collide with ours.
      if (await this.ledger.findOne({ opId: op.opId, sellerId: op.sellerId }, { projection: { _id: 1 } })) {
        return { applied: false, wallet: view(op.sellerId, head?.after ?? ZERO) };
      }
      const before = head?.after ?? ZERO;
      const after: Balances = {
        available: before.available + (op.delta.available ?? 0),
        frozen: before.frozen + (op.delta.frozen ?? 0),
        pendingPayout: before.pendingPayout + (op.delta.pendingPayout ?? 0),
      };
      if (after.available < 0 || after.frozen < 0 || after.pendingPayout < 0) {
        throw new DomainError('conflict', 'insufficient_balance', 'The balance is not enough for this operation');
      }
      const seq = (head?.seq ?? 0) + 1;
      try {
        const entry: LedgerEntry = {
          _id: `${op.sellerId}:${seq}`, sellerId: op.sellerId, seq, opId: op.opId, kind: op.kind, delta: op.delta, after,
          ref: op.ref, ...(op.by ? { by: op.by } : {}), ...(op.reason ? { reason: op.reason } : {}), at: new Date(),
        };
        await this.ledger.insertOne(entry);
        this.remember(entry);
        return { applied: true, wallet: view(op.sellerId, after) };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Another operation took this sequence number: read the new head and try again.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * (attempt + 1))));
      }
    }
    throw new DomainError('unavailable', 'wallet_busy', 'The wallet is busy, please try again');
  }

  /** Credits a purchase's income as frozen. */
  creditFrozen(sellerId: string, opId: string, cents: number, ref: string, extra: { by?: string; reason?: string } = {}) {
    return this.apply({ sellerId, opId, kind: LEDGER_KINDS.purchaseCredited, delta: { frozen: cents }, ref, ...extra });
  }

  /** Moves a purchase's frozen income to available when its freeze ends. */
  releaseFrozen(sellerId: string, opId: string, cents: number, ref: string) {
    return this.apply({ sellerId, opId, kind: LEDGER_KINDS.purchaseReleased, delta: { frozen: -cents, available: cents }, ref });
  }

  /** The seller's money history, newest first. */
  async history(sellerId: string, limit = 50): Promise<LedgerEntry[]> {
    return this.ledger.find({ sellerId }).sort({ seq: -1 }).limit(limit).toArray();
  }
}
