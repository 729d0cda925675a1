/**
 * Reads documents by a list of `_id`s. On MongoDB that is one `$in` on the `_id` index. FerretDB
 * 1.x (the local stand-in) serves only an `_id` EQUALITY from its index: an `$in` or `$or` of ids
 * makes it fetch the whole collection and filter in Go. Measured over 20,000 documents on a quiet
 * machine: one `_id` 14 ms, an `_id: {$in: [3 ids]}` 1,291 ms, and it grows with the collection
 * (sessions, sellers, used backup codes never stop growing). There, each id is its own lookup, a
 * few at once.
 */
import type { Collection, Document, Filter, FindOptions, MongoClient, WithId } from 'mongodb';

/** Lookups in flight per call on FerretDB (each holds up to two of its PostgreSQL connections). */
const AT_ONCE = 8;

const ferret = new WeakMap<MongoClient, Promise<boolean>>();

/** Whether the server is FerretDB (its buildInfo names its own version), asked once per client. */
export function isFerretDb(client: MongoClient): Promise<boolean> {
  let answer = ferret.get(client);
  if (!answer) {
    answer = client.db('admin').command({ buildInfo: 1 }).then(
      (info) => typeof info.ferretdbVersion === 'string',
      () => { ferret.delete(client); return false; },
    );
    ferret.set(client, answer);
  }
  return answer;
}

/** The documents among `ids` (each once, in no particular order; ids with no document are absent), optionally narrowed by `also`. */
export async function findByIds<T extends Document>(
  coll: Collection<T>,
  ids: readonly unknown[],
  options: FindOptions & { also?: Filter<T> } = {},
): Promise<WithId<T>[]> {
  const { also, ...find } = options;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length > 1 && !(await isFerretDb(coll.db.client))) {
    return coll.find({ ...also, _id: { $in: unique } } as Filter<T>, find).toArray();
  }
  const found: WithId<T>[] = [];
  let next = 0;
  const lane = async () => {
    while (next < unique.length) {
      const d = await coll.findOne({ ...also, _id: unique[next++] } as Filter<T>, find);
      if (d) found.push(d);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, unique.length) }, lane));
  return found;
}
