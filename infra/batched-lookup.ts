/**
 * Many callers asking "is this id in the set?" at once share database reads: asks made while a read
 * is in flight wait and go together as the next read (group commit, as `publishEvent` appends). A
 * burst of N asks costs a few reads instead of N; a lone ask is read at once. Each read starts after
 * its asks arrived, so an answer is as fresh as a read of its own.
 *
 * A read that hangs (the database stopped answering) must not hold every later ask until the
 * driver's own deadline: once the read in flight is `patienceMs` old, the waiting asks go in a read
 * of their own. So a hanging database costs at most one more read per `patienceMs`, and asks made
 * after it answers again are answered in about `patienceMs` plus their read.
 */
export function batchedLookup(
  readMany: (ids: string[]) => Promise<Set<string>>,
  opts: { maxBatch?: number; patienceMs?: number } = {},
): (id: string) => Promise<boolean> {
  const maxBatch = opts.maxBatch ?? 500;
  const patienceMs = opts.patienceMs ?? 200;
  const waiting: { id: string; resolve(found: boolean): void; reject(err: unknown): void }[] = [];
  let inFlight = 0;
  let lastStart = 0;
  let timer: NodeJS.Timeout | null = null;

  const read = () => {
    const batch = waiting.splice(0, maxBatch);
    inFlight++;
    lastStart = Date.now();
    readMany([...new Set(batch.map((w) => w.id))]).then(
      (found) => { for (const w of batch) w.resolve(found.has(w.id)); },
      (err: unknown) => { for (const w of batch) w.reject(err); },
    ).finally(() => {
      inFlight--;
      schedule();
    });
  };
  const schedule = () => {
    if (!waiting.length) return;
    if (inFlight === 0) return read();
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (waiting.length && Date.now() - lastStart >= patienceMs) read();
      schedule();
    }, Math.max(1, lastStart + patienceMs - Date.now()));
    timer.unref();
  };
  return (id) => new Promise<boolean>((resolve, reject) => {
    waiting.push({ id, resolve, reject });
    schedule();
  });
}
