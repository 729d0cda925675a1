/**
 * One process of the "many processes, many conditional updates" check: connects as the app does
 * (connectDatabase: its pool size and deadline) and runs its share of updates all at once.
 * argv: uri dbName firstId count. Prints a JSON line with what it did, exits 0 when every update answered.
 */
// As every test process: the migration once per database it opens (MONGODB_MIGRATE_AT_CONNECT, inherited).
import './migrate-at-connect.js';
import { connectDatabase } from '../../infra/db.js';

const [uri, dbName, first, count] = process.argv.slice(2);
const conn = await connectDatabase(uri, dbName);
const cards = conn.db!.collection<{ _id: string; state: string }>('market_cards');
// Open as many connections as the pool allows first (the driver opens only two at a time), so the
// updates below are really in flight together, as under a day's load.
for (let round = 0; round < 30; round++) await Promise.all(Array.from({ length: Number(count) }, () => conn.db!.command({ ping: 1 })));
const ids = Array.from({ length: Number(count) }, (_, i) => `card-${Number(first) + i}`);
const t0 = Date.now();
const results = await Promise.allSettled(ids.map((_id) => cards.updateOne({ _id, state: 'listed' }, { $set: { state: 'gone' } })));
const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
console.log(JSON.stringify({ updated: results.length - failed.length, failed: failed.slice(0, 3), ms: Date.now() - t0 }));
await conn.close();
process.exit(failed.length ? 1 : 0);
