import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from 'mongodb';
import { findByIds } from '../../infra/find-by-ids.js';
import { testDatabase } from '../support/servers.js';

/** Reads by a list of ids answer what an `$in` would, on whichever database the run uses (FerretDB: one lookup per id). */
describe('findByIds', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let docs: Collection<{ _id: string; n: number; flag: boolean }>;

  beforeAll(async () => {
    t = await testDatabase('byids');
    docs = t.db.db!.collection('docs');
    await docs.insertMany(Array.from({ length: 30 }, (_, n) => ({ _id: `d${n}`, n, flag: n % 3 === 0 })));
  });
  afterAll(() => t?.drop());

  it('answers each present id once, leaves out missing ones, keeps the extra filter and the projection', async () => {
    const ids = ['d1', 'd2', 'd2', 'missing', 'd3', 'd29'];
    const found = await findByIds(docs, ids);
    expect(found.map((d) => d._id).sort()).toEqual(['d1', 'd2', 'd29', 'd3']);
    expect(found.map((d) => d._id).sort()).toEqual((await docs.find({ _id: { $in: ids } }).toArray()).map((d) => d._id).sort());
    const flagged = await findByIds(docs, ids, { also: { flag: true }, projection: { _id: 1 } });
    expect(flagged).toEqual([{ _id: 'd3' }]);
    expect(await findByIds(docs, [])).toEqual([]);
    expect(await findByIds(docs, ['missing'])).toEqual([]);
    const all = await findByIds(docs, Array.from({ length: 40 }, (_, n) => `d${n}`));
    expect(all).toHaveLength(30);
  });
});
