/**
 * Makes FerretDB 1.x's lookups index reads. FerretDB (PostgreSQL backend) pushes an equality down as
 * `_jsonb->'field' @> '"value"'`, but the indexes it creates are btree indexes on `_jsonb->'field'`,
 * which cannot serve `@>`: every `_id` lookup, every equality, was a sequential scan of the whole
 * table (in the soak: 47,806 scans of a 9,547-row live log, PostgreSQL the busiest process at load 8).
 * So each of its btree indexes over such expressions gets a GIN twin on the same expressions, which
 * serves `@>`; and PostgreSQL plans every statement with its values (`plan_cache_mode =
 * force_custom_plan`, postgres.ts), since FerretDB passes the field name as a parameter too and a
 * generic plan cannot match an expression index. Over 20,000 documents under load: an `_id` lookup
 * 44 ms before, 3.8 ms after; an equality on an indexed field 29 ms, 4.7 ms.
 *
 * FerretDB never sees the twins: it lists its own indexes from its metadata, and a dropped table or
 * database takes its twins with it. Only the process that started PostgreSQL runs this.
 */
import pg from 'pg';

/** New tables (tests make a database per file) are twinned within this. */
const EVERY_MS = 2_000;
/** A twin never waits long for a table's lock, nor holds writers up long while it is built. */
const LOCK_TIMEOUT = '2s';
const SUFFIX = '_ferret_gin';

/**
 * FerretDB's expression indexes that have no twin yet, leaving out those already found untwinnable
 * ($1). Read from the catalogs, with `pg_get_indexdef` only for what is left: the `pg_indexes` view
 * renders every index's definition, and its self-join made each round cost seconds once a run's test
 * databases held a few thousand indexes (2.4 s at 4,086), back to back every 2 s: one PostgreSQL
 * backend busy all run long.
 */
const MISSING = `
  SELECT n.nspname AS schemaname, t.relname AS tablename, c.relname AS indexname, c.oid::text AS oid, pg_get_indexdef(c.oid) AS indexdef
  FROM pg_index x
  JOIN pg_class c ON c.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE x.indexprs IS NOT NULL
    AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    AND c.relname NOT LIKE '%${SUFFIX}'
    AND NOT (c.oid = ANY($1::oid[]))
    AND NOT EXISTS (SELECT 1 FROM pg_class g WHERE g.relnamespace = c.relnamespace AND g.relname = left(c.relname, 63 - ${SUFFIX.length}) || '${SUFFIX}')`;

/** The expressions of a btree index over `_jsonb` fields only (`(_jsonb -> 'a'::text)`, `(_jsonb #> '{a,b}'::text[])`), or null. */
export function twinnableColumns(indexdef: string): string | null {
  const m = / USING btree \((.*)\)$/.exec(indexdef);
  if (!m) return null;
  const columns = m[1]!.split(/, (?=\(\(_jsonb)/);
  const ok = columns.every((c) => /^\(\(_jsonb (->|#>) '[^']*'::text(\[\])?\)\)( DESC)?$/.test(c));
  return ok ? columns.map((c) => c.replace(/ DESC$/, '')).join(', ') : null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Twins every index that lacks one; how many were made. A table dropped meanwhile is skipped.
 * `untwinnable` holds the oids of indexes found not to be over `_jsonb` fields alone, kept across
 * rounds so each is rendered once.
 */
export async function twinIndexes(client: pg.Client, untwinnable: Set<string> = new Set()): Promise<number> {
  let made = 0;
  const missing = await client.query<{ schemaname: string; tablename: string; indexname: string; oid: string; indexdef: string }>(MISSING, [[...untwinnable]]);
  for (const r of missing.rows) {
    const columns = twinnableColumns(r.indexdef);
    if (!columns) {
      untwinnable.add(r.oid);
      continue;
    }
    const twin = r.indexname.slice(0, 63 - SUFFIX.length) + SUFFIX;
    try {
      await client.query(`CREATE INDEX IF NOT EXISTS ${quote(twin)} ON ${quote(r.schemaname)}.${quote(r.tablename)} USING gin (${columns})`);
      made++;
    } catch (err) {
      // Gone (a test dropped its database) or busy past the lock timeout: the next round sees.
      const code = (err as { code?: string }).code;
      if (code !== '42P01' && code !== '3F000' && code !== '55P03' && code !== '40P01') throw err;
    }
  }
  return made;
}

/** Twins indexes every EVERY_MS until stopped; a round that fails (PostgreSQL restarting) is tried again at the next. */
export function keepIndexTwins(url: string, log: (line: string) => void): () => Promise<void> {
  let client: pg.Client | null = null;
  const untwinnable = new Set<string>();
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url, application_name: 'coinmarket-index-twins' });
        c.on('error', () => { if (client === c) client = null; });
        await c.connect();
        await c.query(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
        client = c;
      }
      await twinIndexes(client, untwinnable);
    } catch (err) {
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      if (!stopped) log(`index twins: ${err instanceof Error ? err.message : String(err)} (trying again)`);
    }
  };
  // A round still running when the next is due makes the next one skip: queued behind a slow round,
  // rounds would run back to back for good.
  let running = false;
  const next = () => {
    if (running) return;
    running = true;
    busy = busy.then(round).finally(() => { running = false; });
  };
  // Not a sweep: a development server's helper, one process, no Temporal.
  const timer = setInterval(next, EVERY_MS);
  timer.unref();
  next();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await busy;
    await client?.end().catch(() => undefined);
  };
}
