/** Percentile of a sample (nearest-rank), in the sample's unit. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarize(samples: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99), max: s[s.length - 1] };
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Runs `total` calls of `fn` on `clients` concurrent loops; the latencies' summary and requests per second. */
export async function runLoad(clients: number, total: number, fn: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < total) {
      const i = next++;
      const s = performance.now();
      await fn(i);
      latencies.push(performance.now() - s);
    }
  }));
  return { ...summarize(latencies), rps: total / ((performance.now() - t0) / 1000) };
}
