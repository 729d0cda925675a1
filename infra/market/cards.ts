/**
 * Our copy of the provider's market (`market_cards`): what the player list shows, and where a pick
 * reserves a card. Every change is one conditional single-document update, so two sellers picking
 * the same card cannot both get it.
 */
import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import type { PlayerCard } from '../../domain/player-trade.js';
import type { ProviderCard } from './contract.js';

export const CARDS_COLLECTION = 'market_cards';

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
  await coll.createIndex({ state: 1, buyNowPrice: 1 });
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
  const ops: AnyBulkWriteOperation<CardDoc>[] = [];
  const now = new Date();
  const seen = new Set<string>();
  for (const c of cards) {
    seen.add(c.id);
    const known = existing.get(c.id);
    if (known && known.rev >= c.rev) continue;
    const { id, rev, ...fields } = c;
    if (known) {
      result.changed.push(id);
      ops.push({ updateOne: { filter: { _id: id, rev: { $lt: rev } }, update: { $set: { ...fields, rev, updatedAt: now } } } });
    } else {
      result.added.push(id);
      // A card we once marked gone may come back: it is listed again only if nobody holds it.
      ops.push({
        updateOne: {
          filter: { _id: id },
          update: { $set: { ...fields, rev, updatedAt: now }, $setOnInsert: { state: 'listed', purchaseId: '', reservedBy: '' } },
          upsert: true,
        },
      });
    }
  }
  for (const [id, k] of existing) {
    if (!seen.has(id) && k.state === 'listed') {
      result.removed.push(id);
      ops.push({ updateOne: { filter: { _id: id, state: 'listed' }, update: { $set: { state: 'gone', updatedAt: now } } } });
    }
  }
  // Small batches: FerretDB handles many small writes better than one huge one.
  for (let i = 0; i < ops.length; i += 500) await coll.bulkWrite(ops.slice(i, i + 500), { ordered: false });
  return result;
}

/** Reserves a listed card for one purchase; repeating it for the same purchase succeeds again. */
export async function reserveCard(coll: Collection<CardDoc>, cardId: string, purchaseId: string, sellerId: string, now: number): Promise<CardDoc | null> {
  const won = await coll.findOneAndUpdate(
    { _id: cardId, state: 'listed', auctionEndsAt: { $gt: now } },
    { $set: { state: 'reserved', purchaseId, reservedBy: sellerId, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (won) return won;
  const again = await coll.findOne({ _id: cardId, purchaseId, state: 'reserved' });
  return again;
}

/** Puts a card reserved by this purchase back on sale (Not Bought, deadline, not verified). */
export async function releaseCard(coll: Collection<CardDoc>, cardId: string, purchaseId: string): Promise<boolean> {
  const r = await coll.updateOne(
    { _id: cardId, purchaseId, state: { $in: ['reserved', 'sold'] } },
    { $set: { state: 'listed', purchaseId: '', reservedBy: '', updatedAt: new Date() } },
  );
  return r.modifiedCount === 1;
}

/** The seller says they bought the card: it leaves the list for good. */
export async function markCardSold(coll: Collection<CardDoc>, cardId: string, purchaseId: string): Promise<void> {
  await coll.updateOne({ _id: cardId, purchaseId, state: 'reserved' }, { $set: { state: 'sold', updatedAt: new Date() } });
}
