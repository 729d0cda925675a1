import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from 'mongodb';
import { insertEachOnce } from '../../infra/db.js';
import { testDatabase } from '../support/servers.js';

/** One command for many unique inserts (a run's backup codes): repeats insert nothing and stop nothing. */
describe('insertEachOnce', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let docs: Collection<{ _id: string; by: string }>;

  beforeAll(async () => {
    t = await testDatabase('each_once');
    docs = t.db.db!.collection('docs');
  });
  afterAll(() => t?.drop());

  it('writes the new ones, keeps the first writer of a repeat, and answers how many it wrote', async () => {
    expect(await insertEachOnce(docs, [{ _id: 'a', by: 'first' }, { _id: 'b', by: 'first' }])).toBe(2);
    // A retried activity: every one a repeat, and a repeat in the middle of new ones.
    expect(await insertEachOnce(docs, [{ _id: 'a', by: 'retry' }, { _id: 'b', by: 'retry' }])).toBe(0);
    expect(await insertEachOnce(docs, [{ _id: 'c', by: 'second' }, { _id: 'a', by: 'second' }, { _id: 'd', by: 'second' }])).toBe(2);
    expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', by: 'first' }, { _id: 'b', by: 'first' }, { _id: 'c', by: 'second' }, { _id: 'd', by: 'second' },
    ]);
    expect(await insertEachOnce(docs, [])).toBe(0);
  });

  it('throws what is not a repeat', async () => {
    await expect(insertEachOnce(docs, [{ _id: 'e', by: 'x' }, { _id: 'f', by: 'y'.repeat(17 * 1024 * 1024) }])).rejects.toThrow();
  });
});
