import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { provideMongo, type MongoService } from '../../infra/dev-services/index.js';
import { connectDatabase } from '../../infra/db.js';
import { freePort } from '../../infra/dev-services/process.js';
import { twinIndexes } from '../../infra/dev-services/index-twins.js';

/** Runs `fn` with environment variables set, restoring them after (each test file runs in its own process). */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function writeNote(svc: MongoService, text: string) {
  const conn = await connectDatabase(svc.uri, 'persist');
  const Note = conn.model('Note', new (await import('mongoose')).Schema({ text: String }));
  await Note.create({ text });
  await conn.close();
}

async function readNotes(svc: MongoService): Promise<string[]> {
  const conn = await connectDatabase(svc.uri, 'persist');
  const Note = conn.model('Note', new (await import('mongoose')).Schema({ text: String }));
  const docs = await Note.find().lean();
  await conn.close();
  return docs.map((d) => d.text!);
}

describe('dev-services MongoDB', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinmarket-mongo-'));
  const started: MongoService[] = [];
  const provide = async (dir: string, log: (l: string) => void = () => {}) => {
    // The memory server would win where a mongod is cached: these tests are about FerretDB's backends.
    const svc = await withEnv({ COINMARKET_NO_MEMORY_SERVER: '1' }, () => provideMongo({ dataDir: dir, ignoreEnv: true, log }));
    started.push(svc);
    return svc;
  };
  afterEach(async () => { await Promise.all(started.splice(0).map((s) => s.stop())); });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs FerretDB on PostgreSQL and keeps data across a restart of both servers', async () => {
    const dir = join(dataDir, 'persist');
    const first = await provide(dir);
    expect(first.kind).toBe('ferretdb');
    expect(first.choice.chosen).toMatch(/FerretDB 1\.x on PostgreSQL \d+/);
    expect(existsSync(join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    await writeNote(first, 'kept across restarts');
    await first.stop();
    // A clean shutdown removes the server's lock file: nothing is left running.
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await provide(dir);
    expect(second.kind).toBe('ferretdb');
    expect(await readNotes(second)).toEqual(['kept across restarts']);
  });

  it('says which strategy it chose and why the earlier ones were skipped', async () => {
    const svc = await provide(join(dataDir, 'choice'));
    expect(svc.choice.skipped).toEqual([
      { strategy: 'MONGODB_URI', reason: 'not used by this caller' },
      { strategy: 'mongodb-memory-server', reason: 'COINMARKET_NO_MEMORY_SERVER=1' },
    ]);
  });

  it('falls back to FerretDB on SQLite when told PostgreSQL is not wanted, says why, and keeps its data', async () => {
    const dir = join(dataDir, 'sqlite');
    const lines: string[] = [];
    const first = await withEnv({ COINMARKET_NO_POSTGRES: '1' }, () => provide(dir, (l) => lines.push(l)));
    expect(first.kind).toBe('ferretdb-sqlite');
    expect(first.choice.skipped).toContainEqual({ strategy: 'FerretDB on PostgreSQL', reason: 'COINMARKET_NO_POSTGRES=1' });
    expect(lines.join('\n')).toMatch(/PostgreSQL could not start, so FerretDB runs on SQLite.*COINMARKET_NO_POSTGRES=1/);
    await writeNote(first, 'on sqlite');
    await first.stop();

    const second = await withEnv({ COINMARKET_NO_POSTGRES: '1' }, () => provide(dir));
    expect(await readNotes(second)).toEqual(['on sqlite']);
  });

  it('falls back to SQLite when PostgreSQL cannot start, naming the cause', async () => {
    // A cluster made by another major version cannot be opened by these binaries.
    const dir = join(dataDir, 'old-cluster');
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    writeFileSync(join(dir, 'postgres', 'PG_VERSION'), '9\n');
    const svc = await provide(dir);
    expect(svc.kind).toBe('ferretdb-sqlite');
    const reason = svc.choice.skipped.find((s) => s.strategy === 'FerretDB on PostgreSQL')?.reason;
    expect(reason).toMatch(/made by PostgreSQL 9, the binaries are \d+/);
  });

  // FerretDB pushes an equality down as `_jsonb->'f' @> value`, which its own btree indexes cannot
  // serve: without the GIN twins (index-twins.ts) every lookup, `_id` included, scans the table.
  it('on PostgreSQL, an _id lookup and an equality on an indexed field are index reads, not table scans', async () => {
    const postgresPort = await freePort();
    const password = 'twins-password';
    const svc = await withEnv({ COINMARKET_NO_MEMORY_SERVER: '1' }, () => provideMongo({ dataDir: join(dataDir, 'twins'), ignoreEnv: true, log: () => {}, postgresPort, password }));
    started.push(svc);
    expect(svc.kind).toBe('ferretdb');
    const client = await MongoClient.connect(svc.uri);
    const sql = new pg.Client({ host: '127.0.0.1', port: postgresPort, user: 'coinmarket', password, database: 'postgres' });
    await sql.connect();
    try {
      const docs = client.db('twins').collection<{ _id: string; sellerId: string; n: number }>('docs');
      await docs.createIndex({ sellerId: 1 });
      await docs.insertMany(Array.from({ length: 2_000 }, (_, n) => ({ _id: `d${n}`, sellerId: `s${n % 50}`, n })));
      const scans = async () => Object.fromEntries((await sql.query<{ indexrelname: string; idx_scan: string }>(
        "SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE schemaname = 'twins' AND indexrelname LIKE '%_ferret_gin'",
      )).rows.map((r) => [r.indexrelname.includes('_id_') ? 'id' : 'sellerId', Number(r.idx_scan)]));
      await expect.poll(async () => Object.keys(await scans()).sort(), { timeout: 15_000 }).toEqual(['id', 'sellerId']);
      await expect.poll(async () => {
        expect((await docs.findOne({ _id: 'd1234' }))?.n).toBe(1234);
        expect(await docs.countDocuments({ sellerId: 's7' })).toBe(40);
        const s = await scans();
        return s.id! > 0 && s.sellerId! > 0;
      }, { timeout: 15_000 }).toBe(true);
      // An index over anything but `_jsonb` fields is rendered once, remembered, and never twinned.
      await sql.query('CREATE TABLE twins.plain (_jsonb jsonb, n int)');
      await sql.query('CREATE INDEX plain_n ON twins.plain ((n + 1))');
      await sql.query("CREATE INDEX plain_a ON twins.plain ((_jsonb -> 'a'))");
      const untwinnable = new Set<string>();
      await twinIndexes(sql, untwinnable);
      const oidOf = async (name: string) => (await sql.query<{ oid: string }>('SELECT oid::text FROM pg_class WHERE relname = $1', [name])).rows[0]?.oid;
      expect([...untwinnable]).toEqual([await oidOf('plain_n')]);
      expect(await oidOf('plain_a_ferret_gin')).toBeDefined();
      expect(await oidOf('plain_n_ferret_gin')).toBeUndefined();
    } finally {
      await sql.end();
      await client.close();
    }
  });

  // FerretDB on PostgreSQL still applies concurrent updates of one document without isolation
  // (measured: 50 concurrent $inc of 100 kept 700 of 5,000), so every exclusivity in this code base
  // is a unique insert. This is the property they rely on.
  it('on PostgreSQL, of many concurrent inserts of one _id exactly one succeeds', async () => {
    const svc = await provide(join(dataDir, 'unique'));
    expect(svc.kind).toBe('ferretdb');
    const client = await MongoClient.connect(svc.uri, { maxPoolSize: 50 });
    try {
      const locks = client.db('unique').collection<{ _id: string; by: number }>('locks');
      const results = await Promise.allSettled(Array.from({ length: 50 }, (_, by) => locks.insertOne({ _id: 'seller-1:7', by })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected.every((r) => (r.reason as { code?: number }).code === 11000)).toBe(true);
      expect(await locks.countDocuments()).toBe(1);
    } finally {
      await client.close();
    }
  });
});
