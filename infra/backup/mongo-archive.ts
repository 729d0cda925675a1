/**
 * A MongoDB backup through the driver, for machines without MongoDB's database tools (`mongodump` is not
 * served by the Go module proxy this project builds from, so it cannot be built here). The archive is a
 * directory in a documented, tool-readable layout, the same split `mongodump` makes:
 *
 * - `manifest.json`: the database name, when the dump started, and per collection its file, document count
 *   and options (capped size and max);
 * - `<collection>.metadata.json`: its indexes as `listIndexes` answers them (key, unique, sparse, partial
 *   filter, TTL), as mongodump writes them;
 * - `<collection>.ejson`: one document a line in canonical Extended JSON v2 (the format `mongoexport
 *   --jsonFormat=canonical` writes and `mongoimport` reads), so dates, binaries and 64-bit integers keep
 *   their types.
 *
 * Restore refuses a database that holds any collection: it never mixes a backup with live data.
 */
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { BSON, type Db, type Document } from 'mongodb';

const { EJSON } = BSON;

export const ARCHIVE_FORMAT = 'coinmarket-mongo-archive/1';

interface CollectionEntry { name: string; file: string; documents: number; options: { capped?: boolean; size?: number; max?: number } }
export interface MongoManifest { format: typeof ARCHIVE_FORMAT; database: string; startedAt: string; collections: CollectionEntry[] }

/** Writes every collection of `db` (system collections and views aside) with its indexes into `dir`. */
export async function dumpDatabase(db: Db, dir: string): Promise<MongoManifest> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const startedAt = new Date().toISOString();
  const infos = (await db.listCollections({}, { nameOnly: false }).toArray())
    .filter((c) => c.type !== 'view' && !c.name.startsWith('system.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const collections: CollectionEntry[] = [];
  for (const info of infos) {
    const coll = db.collection(info.name);
    const file = `${info.name}.ejson`;
    const out = createWriteStream(join(dir, file), { mode: 0o600 });
    let documents = 0;
    // The server's own order (a capped collection's is the order it was written), restored as it came.
    for await (const doc of coll.find({})) {
      if (!out.write(`${EJSON.stringify(doc, { relaxed: false })}\n`)) await once(out, 'drain');
      documents++;
    }
    out.end();
    await once(out, 'finish');
    const indexes = (await coll.listIndexes().toArray()).filter((i) => i.name !== '_id_');
    writeFileSync(join(dir, `${info.name}.metadata.json`), JSON.stringify({ collection: info.name, indexes }, null, 2), { mode: 0o600 });
    const o = (info as { options?: Document }).options ?? {};
    collections.push({ name: info.name, file, documents, options: o.capped ? { capped: true, size: o.size, ...(o.max ? { max: o.max } : {}) } : {} });
  }
  const manifest: MongoManifest = { format: ARCHIVE_FORMAT, database: db.databaseName, startedAt, collections };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  return manifest;
}

/** Reads an archive's manifest, refusing anything that is not one. */
export function readManifest(dir: string): MongoManifest {
  let manifest: MongoManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as MongoManifest;
  } catch (err) {
    throw new Error(`${dir} holds no MongoDB backup (manifest.json: ${(err as Error).message})`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`${dir}: unknown backup format ${String(manifest.format)} (this tool reads ${ARCHIVE_FORMAT})`);
  return manifest;
}

const BATCH = 500;

/**
 * Restores an archive into `db`, which must hold no collection. Collections are created with their
 * options, documents inserted in their order, then the indexes built (faster than on every insert), and
 * the count of each checked against the manifest.
 */
export async function restoreDatabase(db: Db, dir: string): Promise<{ collections: number; documents: number }> {
  const manifest = readManifest(dir);
  const present = (await db.listCollections({}, { nameOnly: true }).toArray()).filter((c) => !c.name.startsWith('system.'));
  if (present.length) throw new Error(`database ${db.databaseName} is not empty (${present.length} collections, e.g. ${present[0]!.name}): restore only into an empty database`);
  let documents = 0;
  for (const entry of manifest.collections) {
    const coll = await db.createCollection(entry.name, entry.options.capped ? { capped: true, size: entry.options.size!, ...(entry.options.max ? { max: entry.options.max } : {}) } : {});
    let batch: Document[] = [];
    let written = 0;
    const lines = createInterface({ input: createReadStream(join(dir, entry.file)), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      batch.push(EJSON.parse(line, { relaxed: false }) as Document);
      if (batch.length >= BATCH) {
        written += (await coll.insertMany(batch, { ordered: true })).insertedCount;
        batch = [];
      }
    }
    if (batch.length) written += (await coll.insertMany(batch, { ordered: true })).insertedCount;
    if (written !== entry.documents) throw new Error(`${entry.name}: restored ${written} documents, the backup holds ${entry.documents}`);
    documents += written;
    const { indexes } = JSON.parse(readFileSync(join(dir, `${entry.name}.metadata.json`), 'utf8')) as { indexes: Document[] };
    for (const { key, v: _v, ns: _ns, ...options } of indexes) await coll.createIndex(key as Document, options);
  }
  return { collections: manifest.collections.length, documents };
}
