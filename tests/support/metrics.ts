/** Reads a Prometheus text scrape, as Prometheus would, into samples a test can look up. */
export interface Sample { name: string; labels: Record<string, string>; value: number }

export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_a, c: string) => (c === 'n' ? '\n' : c));
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** GETs a metrics URL and answers `value(name, labels)`: the sum of the samples with that name whose labels include `labels` (0 when none). */
export async function scrape(url: string): Promise<{ text: string; value(name: string, labels?: Record<string, string>): number; has(name: string): boolean }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`scrape of ${url} answered ${res.status}`);
  const text = await res.text();
  const samples = parseMetrics(text);
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    text,
    value: (name, labels = {}) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name) => samples.some((s) => s.name === name),
  };
}
