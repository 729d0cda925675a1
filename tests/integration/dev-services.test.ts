import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { provideMongo } from '../../infra/dev-services/index.js';
import { connectDatabase } from '../../infra/db.js';

describe('dev-services MongoDB', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinmarket-mongo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data written through mongoose across a restart of the MongoDB process', async () => {
    const first = await provideMongo({ dataDir, ignoreEnv: true, log: () => {} });
    expect(['mongodb-memory-server', 'ferretdb']).toContain(first.kind);
    const conn = await connectDatabase(first.uri, 'persist');
    const Note = conn.model('Note', new (await import('mongoose')).Schema({ text: String }));
    await Note.create({ text: 'kept across restarts' });
    await conn.close();
    await first.stop();

    const second = await provideMongo({ dataDir, ignoreEnv: true, log: () => {} });
    try {
      const again = await connectDatabase(second.uri, 'persist');
      const Note2 = again.model('Note', new (await import('mongoose')).Schema({ text: String }));
      const docs = await Note2.find().lean();
      expect(docs.map((d) => d.text)).toEqual(['kept across restarts']);
      await again.close();
    } finally {
      await second.stop();
    }
  });

  it('says which strategy it chose and why the earlier ones were skipped', async () => {
    const lines: string[] = [];
    const svc = await provideMongo({ dataDir: join(dataDir, 'choice'), ignoreEnv: true, log: (l) => lines.push(l) });
    try {
      expect(svc.choice.chosen).toMatch(/FerretDB|mongodb-memory-server/);
      expect(svc.choice.skipped[0]).toEqual({ strategy: 'MONGODB_URI', reason: 'not used by this caller' });
      if (svc.kind === 'ferretdb') expect(svc.choice.skipped.map((s) => s.strategy)).toContain('mongodb-memory-server');
    } finally {
      await svc.stop();
    }
  });
});
