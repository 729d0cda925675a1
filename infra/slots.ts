/**
 * Caps on things that stay open (status sockets, redeliveries), shared by every replica: a group
 * has `max` numbered slots `<group>#<n>`, each taken by a unique insert, so however many replicas
 * race, at most `max` holders exist. A slot carries an expiry that its holder pushes on while it
 * lives: a replica that dies without releasing leaves slots that free themselves.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './db.js';
import { findByIds } from './find-by-ids.js';

export const SLOTS_COLLECTION = 'open_slots';

interface SlotDoc { _id: string; holder: string; until: Date }

export class Slots {
  private constructor(private readonly docs: Collection<SlotDoc>) {}

  static async open(db: Db): Promise<Slots> {
    const docs = db.collection<SlotDoc>(SLOTS_COLLECTION);
    return new Slots(docs);
  }

  /**
   * Takes a free slot of `group` for `holder` until `ttlMs` from now; null when all `max` are held.
   * One read of the group's slots, then an insert per free slot tried (usually one).
   */
  async claim(group: string, max: number, holder: string, ttlMs: number, now = Date.now()): Promise<string | null> {
    const ids = Array.from({ length: max }, (_, i) => `${group}#${i + 1}`);
    const held = await findByIds(this.docs, ids);
    const expired = held.filter((d) => d.until.getTime() <= now).map((d) => d._id);
    // An expired slot is removed by a delete that names its expiry, then taken like a free one.
    if (expired.length) await this.docs.deleteMany({ _id: { $in: expired }, until: { $lte: new Date(now) } });
    const taken = new Set(held.filter((d) => d.until.getTime() > now).map((d) => d._id));
    for (const id of ids) {
      if (taken.has(id)) continue;
      try {
        await this.docs.insertOne({ _id: id, holder, until: new Date(now + ttlMs) });
        return id;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return null;
  }

  /**
   * Pushes on the expiry of every slot these holders hold (a replica's open sockets, once a minute:
   * two queries per thousand holders, not one per slot) and answers how many slots each still holds.
   */
  async keepAll(holders: string[], ttlMs: number, now = Date.now()): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    for (let i = 0; i < holders.length; i += 1000) {
      const chunk = holders.slice(i, i + 1000);
      await this.docs.updateMany({ holder: { $in: chunk } }, { $set: { until: new Date(now + ttlMs) } });
      for (const d of await this.docs.find({ holder: { $in: chunk } }, { projection: { holder: 1 } }).toArray()) held.set(d.holder, (held.get(d.holder) ?? 0) + 1);
    }
    return held;
  }

  /** Frees the slot if `holder` still holds it. */
  async release(slot: string, holder: string): Promise<void> {
    await this.docs.deleteOne({ _id: slot, holder });
  }

  /** Frees every slot `holder` holds, in any group. */
  async releaseAll(holder: string): Promise<void> {
    await this.docs.deleteMany({ holder });
  }

  /** Frees every slot of `group` held by `holder` (when the holder does not know its slot's number). */
  async releaseHolder(group: string, max: number, holder: string): Promise<void> {
    await this.docs.deleteMany({ _id: { $in: Array.from({ length: max }, (_, i) => `${group}#${i + 1}`) }, holder });
  }
}
