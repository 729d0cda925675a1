/**
 * `npx tsx tests/bench/db-queries.ts`: what the local MongoDB stand-in costs per query, over 10,000
 * ledger entries with an index on `sellerId` (one seller with 5,000 entries, 50 with 100): a find by
 * `sellerId`, the old wallet head query (sort by `seq`, limit 1), the wallet head by `_id` lookups
 * (cold: a process that never saw the seller; warm: one that did), the op-id look-up the wallet makes
 * before each append, and 1,000 single inserts with 20 in flight. `COINMARKET_NO_POSTGRES=1` measures
 * FerretDB on SQLite instead of PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { provideMongo } from '../../infra/dev-services/index.js';
import { LEDGER_COLLECTION, Wallets, type LedgerEntry } from '../../infra/wallet/wallet.js';
import { fmt, runLoad, summarize } from './stats.js';
import { findByIds } from '../../infra/find-by-ids.js';

const BIG = 5000;
const SMALL_SELLERS = 50;
const SMALL = 100;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-db-queries-'));
const mongo = await provideMongo({ dataDir, ignoreEnv: true, log: () => undefined });
const client = await MongoClient.connect(mongo.uri);
try {
  console.log(`backend: ${mongo.choice.chosen}`);
  const db = client.db('bench_db_queries');
  await db.dropDatabase();
  await Wallets.open(db);
  const ledger = db.collection<LedgerEntry>(LEDGER_COLLECTION);
  const entry = (sellerId: string, seq: number): LedgerEntry => ({
    _id: `${sellerId}:${seq}`, sellerId, seq, opId: `${sellerId}-op${seq}`, kind: 'player_credit_frozen', delta: { frozen: 100 },
    after: { available: 0, frozen: 100 * seq, pendingPayout: 0 }, ref: `p${seq}`, at: new Date(),
  });
  const docs = [
    ...Array.from({ length: BIG }, (_, i) => entry('big', i + 1)),
    ...Array.from({ length: SMALL_SELLERS * SMALL }, (_, i) => entry(`s${i % SMALL_SELLERS}`, Math.floor(i / SMALL_SELLERS) + 1)),
  ];
  for (let i = 0; i < docs.length; i += 500) await ledger.insertMany(docs.slice(i, i + 500));

  const time = async (label: string, runs: number, fn: (i: number) => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn(i);
      samples.push(performance.now() - t0);
    }
    const s = summarize(samples);
    console.log(`${label.padEnd(58)} p50 ${fmt(s.p50)}  max ${fmt(s.max)}  (${runs} runs)`);
  };
  await time('find({sellerId}) -> 100 of 10,000', 10, (i) => ledger.find({ sellerId: `s${i}` }).toArray());
  await time('find({sellerId}).sort({seq:-1}).limit(1), 5,000 entries', 10, () => ledger.find({ sellerId: 'big' }).sort({ seq: -1 }).limit(1).next());
  await time('wallet head by _id, cold (new process), 5,000 entries', 10, async () => (await Wallets.open(db)).get('big'));
  const warm = await Wallets.open(db);
  await warm.get('big');
  await time('wallet head by _id, warm, 5,000 entries', 10, () => warm.get('big'));
  await time('findOne({opId, sellerId}) (op already applied?)', 10, (i) => ledger.findOne({ opId: `big-op${i + 1}`, sellerId: 'big' }));
  // Reads by a list of ids (socket handshakes' sessions, used backup codes, sellers' standing).
  const three = ['s1:1', 's2:2', 'big:3'];
  await time('find({_id: {$in: [3 ids]}})', 10, () => ledger.find({ _id: { $in: three } }).toArray());
  await time('findByIds([3 ids]) (infra/find-by-ids.ts)', 10, () => findByIds(ledger, three));
  await time('findByIds([100 ids])', 5, () => findByIds(ledger, Array.from({ length: 100 }, (_, i) => `big:${i + 1}`)));
  // The feed's lookup of a change already recorded: by an equality on a top-level field, or an $in.
  await time('find({sellerId, opId: {$in: [1 id]}})', 10, (i) => ledger.find({ sellerId: 'big', opId: { $in: [`big-op${i + 1}`] } }).toArray());
  await time('findOne({sellerId, opId}) (equality)', 10, (i) => ledger.findOne({ sellerId: 'big', opId: `big-op${i + 1}` }));
  const inserts = await runLoad(20, 1000, async (i) => { await db.collection('inserts').insertOne({ _id: i as never, n: i }); });
  console.log(`1,000 single inserts, 20 in flight: ${(1000 / inserts.rps * 1000).toFixed(0)} ms (${inserts.rps.toFixed(0)}/s, p99 ${fmt(inserts.p99)})`);
} finally {
  await client.close();
  await mongo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
