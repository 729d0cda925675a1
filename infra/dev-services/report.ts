/** What dev-services tried and chose, printed so a developer knows which real server runs and why. */
export interface Choice {
  service: 'MongoDB' | 'Temporal';
  chosen: string;
  skipped: { strategy: string; reason: string }[];
}

export function describeChoice(choice: Choice): string {
  const lines = [`[dev-services] ${choice.service}: ${choice.chosen}`];
  for (const s of choice.skipped) lines.push(`[dev-services]   skipped ${s.strategy}: ${s.reason}`);
  return lines.join('\n');
}

/** Runs `fn` but gives up after `ms`, so a strategy that cannot work fails in seconds, not minutes. */
export async function withDeadline<T>(what: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} gave no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([fn(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export const reasonOf = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim().slice(0, 300);
