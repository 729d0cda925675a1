import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServices, type DevServices } from '../../infra/dev-services/index.js';

// What `npm start` leaves on the machine, as another local user sees it: the data directory, the
// databases' ports and the servers' command lines (`ps`). The servers are this file's own: the shared
// ones of the test run are not made by this code.
const TOKEN = 'f'.repeat(64);
const PASSWORD = 'a1b2'.repeat(12);
const mode = (path: string) => statSync(path).mode & 0o777;

/** Every command line on the machine that mentions `text` (each /proc/<pid>/cmdline, as `ps` shows it to anyone). */
function commandLinesWith(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (line.includes(text)) found.push(line);
    } catch { /* ended meanwhile */ }
  }
  return found;
}

/** A connection without the URI's user and password, as anyone on the machine can open to the port. */
async function anonymousFind(uri: string): Promise<unknown> {
  const bare = `mongodb://${/(127\.0\.0\.1:\d+)/.exec(uri)![1]}/?directConnection=true`;
  const client = await MongoClient.connect(bare, { serverSelectionTimeoutMS: 10_000 });
  try {
    return await client.db('coinmarket').collection('sellers').find().toArray();
  } finally {
    await client.close();
  }
}

describe('npm start\'s data directory and servers, seen by another local user', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'coinmarket-private-')), 'data');
  const saved = { MONGODB_URI: process.env.MONGODB_URI, TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS, NO_MEM: process.env.COINMARKET_NO_MEMORY_SERVER };
  let services: DevServices | null = null;
  const start = async () => {
    services = await startDevServices({
      dataDir, scratch: true, log: () => {}, databasePassword: PASSWORD,
      uiCodecEndpoint: `http://127.0.0.1:3000/codec/${TOKEN}`,
    });
    return services;
  };

  beforeAll(() => {
    delete process.env.MONGODB_URI;
    delete process.env.TEMPORAL_ADDRESS;
    // FerretDB on PostgreSQL, what `npm start` runs on a machine without a cached mongod.
    process.env.COINMARKET_NO_MEMORY_SERVER = '1';
  });
  afterAll(async () => {
    await services?.stop();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
    for (const [k, v] of Object.entries({ MONGODB_URI: saved.MONGODB_URI, TEMPORAL_ADDRESS: saved.TEMPORAL_ADDRESS, COINMARKET_NO_MEMORY_SERVER: saved.NO_MEM })) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('keeps the data private, asks for the database password and keeps the codec token off every command line', async () => {
    const svc = await start();
    expect(svc.mongo.kind).toBe('ferretdb');
    expect(svc.temporal.kind).not.toBe('env');
    const client = await MongoClient.connect(svc.mongo.uri);
    await client.db('coinmarket').collection('sellers').insertOne({ email: 'seller@example.com' });
    await client.close();

    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'temporal'))).toBe(0o700);
    expect(mode(join(dataDir, 'temporal', 'temporal.db'))).toBe(0o600);
    expect(mode(join(dataDir, 'mongo'))).toBe(0o700);
    expect(mode(join(dataDir, 'mongo', 'postgres'))).toBe(0o700);

    await expect(anonymousFind(svc.mongo.uri)).rejects.toThrow();
    // The Temporal server runs (its store is on its command line), but neither secret is on any.
    expect(commandLinesWith(join(dataDir, 'temporal', 'temporal.db'))).toHaveLength(1);
    expect(commandLinesWith(TOKEN)).toEqual([]);
    expect(commandLinesWith(PASSWORD)).toEqual([]);
    // The dev UI still has it (through the owner-only settings file), so payloads still decode there.
    const settings = await (await fetch(`${svc.temporal.uiUrl}/api/v1/settings`)).json() as { Codec: { Endpoint: string } };
    expect(settings.Codec.Endpoint).toBe(`http://127.0.0.1:3000/codec/${TOKEN}`);
    expect(mode(join(dataDir, 'temporal', 'temporal-cli.yaml'))).toBe(0o600);
  });

  it('brings yesterday\'s data directory (open modes, no database password) up to date at the next start', async () => {
    await services!.stop();
    services = null;
    // As the code before this change left it: readable by all, PostgreSQL trusting every local connection.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'temporal'), 0o755);
    chmodSync(join(dataDir, 'temporal', 'temporal.db'), 0o644);
    writeFileSync(join(dataDir, 'mongo', 'postgres', 'pg_hba.conf'), 'host all all 127.0.0.1/32 trust\n');

    const svc = await start();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'temporal'))).toBe(0o700);
    expect(mode(join(dataDir, 'temporal', 'temporal.db'))).toBe(0o600);
    await expect(anonymousFind(svc.mongo.uri)).rejects.toThrow();
    const client = await MongoClient.connect(svc.mongo.uri);
    try {
      expect(await client.db('coinmarket').collection('sellers').countDocuments({ email: 'seller@example.com' })).toBe(1);
    } finally {
      await client.close();
    }
  });
});
