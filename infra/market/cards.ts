/**
 * Our copy of the provider's market (`market_cards`): what the player list shows. A pick reserves a
 * card by inserting its hold (`card_holds`, `_id` = card id): an insert with a unique `_id` is
 * exclusive on FerretDB 1.x and MongoDB alike (concurrent conditional updates of one document are
 * not isolated on FerretDB 1.x), so of any number of sellers picking one card exactly one wins. The
 * card's `state` is then a projection for the list, written by the hold's owner.
 */
import type { Collection, Db, Filter, UpdateFilter } from 'mongodb';
import type { PlayerCard } from '../../domain/player-trade.js';
import type { ProviderCard } from './contract.js';
import { isDuplicateKey } from '../db.js';

export const CARDS_COLLECTION = 'market_cards';
export const CARD_HOLDS_COLLECTION = 'card_holds';

/** Who holds a card: the purchase that reserved it (and, once bought, keeps it). */
export interface CardHoldDoc {
  _id: string;
  purchaseId: string;
  sellerId: string;
  at: Date;
}

const holdsOf = (coll: Collection<CardDoc>) => coll.db.collection<CardHoldDoc>(CARD_HOLDS_COLLECTION);

/** listed: on sale; reserved: picked by a seller; sold: bought by that seller; gone: left the market. */
export type CardState = 'listed' | 'reserved' | 'sold' | 'gone';

export interface CardDoc extends Omit<PlayerCard, 'id'> {
  _id: string;
  rev: number;
  state: CardState;
  purchaseId: string;
  reservedBy: string;
  updatedAt: Date;
}

export const toPlayerCard = (d: CardDoc): PlayerCard => ({
  id: d._id, platform: d.platform, playerName: d.playerName, versionName: d.versionName, chemistryStyle: d.chemistryStyle,
  startPrice: d.startPrice, buyNowPrice: d.buyNowPrice, marketPrice: d.marketPrice, owner: d.owner,
  contracts: d.contracts, auctionEndsAt: d.auctionEndsAt,
});

export async function cardsCollection(db: Db): Promise<Collection<CardDoc>> {
  const coll = db.collection<CardDoc>(CARDS_COLLECTION);
  return coll;
}

export interface SyncResult {
  added: string[];
  changed: string[];
  removed: string[];
}

/**
 * Brings our copy in line with the provider's list: new cards are listed, changed ones updated
 * (their reservation untouched), listed cards the provider no longer offers are gone. Only cards
 * whose revision moved are written.
 */
export async function syncCards(coll: Collection<CardDoc>, cards: ProviderCard[]): Promise<SyncResult> {
  const existing = new Map<string, { rev: number; state: CardState }>();
  for await (const d of coll.find({ state: { $in: ['listed', 'reserved', 'sold'] } }, { projection: { rev: 1, state: 1 } })) {
    existing.set(d._id, { rev: d.rev, state: d.state });
  }
  const result: SyncResult = { added: [], changed: [], removed: [] };
  const ops: CardWrite[] = [];
  const now = new Date();
  const seen = new Set<string>();
  for (const c of cards) {
    seen.add(c.id);
    const known = existing.get(c.id);
    if (known && known.rev >= c.rev) continue;
    const { id, rev, ...fields } = c;
    if (known) {
      result.changed.push(id);
      ops.push({ filter: { _id: id, rev: { $lt: rev } }, update: { $set: { ...fields, rev, updatedAt: now } } });
    } else {
      result.added.push(id);
      // A card we once marked gone may come back: it is listed again only if nobody holds it.
      ops.push({
        filter: { _id: id },
        update: { $set: { ...fields, rev, updatedAt: now }, $setOnInsert: { state: 'listed', purchaseId: '', reservedBy: '' } },
        upsert: true,
      });
    }
  }
  for (const [id, k] of existing) {
    if (!seen.has(id) && k.state === 'listed') {
      result.removed.push(id);
      ops.push({ filter: { _id: id, state: 'listed' }, update: { $set: { state: 'gone', updatedAt: now } } });
    }
  }
  // One update per command, a few at a time, never a bulk: FerretDB 1.x keeps every update of one
  // command holding a PostgreSQL connection until the whole command ends, so a bulk of 50 updates
  // deadlocks its pool for good (docs/platform.md, "FerretDB's pool").
  let next = 0;
  const lane = async () => {
    while (next < ops.length) {
      const op = ops[next++];
      await coll.updateOne(op.filter, op.update, { upsert: op.upsert ?? false });
    }
  };
  await Promise.all(Array.from({ length: SYNC_WRITES_AT_ONCE }, lane));
  return result;
}

/** Card writes of one sync in flight at once: enough to overlap round trips, a small share of the process's pool. */
const SYNC_WRITES_AT_ONCE = 4;

interface CardWrite {
  filter: Filter<CardDoc>;
  update: UpdateFilter<CardDoc>;
  upsert?: boolean;
}

/**
 * Reserves a listed card for one purchase by inserting its hold; repeating it for the same purchase
 * succeeds again. Answers the card, or null when it is gone, ended or held by another purchase.
 */
export async function reserveCard(coll: Collection<CardDoc>, cardId: string, purchaseId: string, sellerId: string, now: number): Promise<CardDoc | null> {
  const card = await coll.findOne({ _id: cardId });
  if (!card || card.state === 'gone' || card.auctionEndsAt <= now) return null;
  try {
    await holdsOf(coll).insertOne({ _id: cardId, purchaseId, sellerId, at: new Date() });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const hold = await holdsOf(coll).findOne({ _id: cardId });
    if (hold?.purchaseId !== purchaseId) return null;
  }
  await coll.updateOne({ _id: cardId }, { $set: { state: 'reserved', purchaseId, reservedBy: sellerId, updatedAt: new Date() } });
  return { ...card, state: 'reserved', purchaseId, reservedBy: sellerId };
}

/** Puts a card held by this purchase back on sale (Not Bought, deadline, not verified). */
export async function releaseCard(coll: Collection<CardDoc>, cardId: string, purchaseId: string): Promise<boolean> {
  const card = await coll.findOne({ _id: cardId });
  if (card?.purchaseId === purchaseId) {
    await coll.updateOne({ _id: cardId, purchaseId }, { $set: { state: 'listed', purchaseId: '', reservedBy: '', updatedAt: new Date() } });
  }
  // The hold goes last: until then nobody else can take the card, so nobody else writes its state.
  const r = await holdsOf(coll).deleteOne({ _id: cardId, purchaseId });
  return r.deletedCount === 1;
}

/** The seller says they bought the card: it leaves the list for good (the hold stays). */
export async function markCardSold(coll: Collection<CardDoc>, cardId: string, purchaseId: string): Promise<void> {
  await coll.updateOne({ _id: cardId, purchaseId }, { $set: { state: 'sold', updatedAt: new Date() } });
}
