/**
 * One replica of the "many processes append to one seller's feed" check: connects as the worker does
 * and appends its own changes and the shared ones (the same changes every replica appends, as
 * retried activities would), all at once. argv: uri dbName sellerId name own shared.
 * Prints a JSON line with every answer: { key, position, fresh }.
 */
// As every test process: the migration once per database it opens (MONGODB_MIGRATE_AT_CONNECT, inherited).
import './migrate-at-connect.js';
import { connectDatabase } from '../../infra/db.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { feedChange } from './feed-changes.js';

const [uri, dbName, sellerId, name, own, shared] = process.argv.slice(2) as [string, string, string, string, string, string];
const conn = await connectDatabase(uri, dbName);
const feed = await SellerFeed.open(conn.db!);
const changes = [
  ...Array.from({ length: Number(own) }, (_, i) => feedChange(sellerId, `${name}-${i}`)),
  ...Array.from({ length: Number(shared) }, (_, i) => feedChange(sellerId, `shared-${i}`)),
];
const answers = await Promise.all(changes.map(async (c) => {
  const { event, fresh } = await feed.append(c);
  return { subject: c.subject, position: event.position, fresh };
}));
console.log(JSON.stringify(answers));
await conn.close();
