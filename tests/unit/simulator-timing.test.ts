import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSFER_TIMING, scaleTiming } from '../../infra/simulator/transfer.js';
import { createSimulator } from '../../infra/simulator/server.js';

const HOUR = 3_600_000;
/** How long the simulator takes to move `coins` with `t`: the login, then one wait per chunk after the first. */
const transferMs = (t: typeof DEFAULT_TRANSFER_TIMING, coins: number) => t.loginMs + (Math.ceil(coins / t.chunkCoins) - 1) * t.chunkMs;

describe('simulated transfer timing', () => {
  it('is real-world by default: about 2 days for 1M coins, about 12 hours for 250K (specification section 9)', () => {
    expect(transferMs(DEFAULT_TRANSFER_TIMING, 1_000_000) / HOUR).toBeGreaterThan(40);
    expect(transferMs(DEFAULT_TRANSFER_TIMING, 1_000_000) / HOUR).toBeLessThan(56);
    expect(transferMs(DEFAULT_TRANSFER_TIMING, 250_000) / HOUR).toBeGreaterThan(9);
    expect(transferMs(DEFAULT_TRANSFER_TIMING, 250_000) / HOUR).toBeLessThan(15);
  });

  it('one scale shortens it (npm start: 1000 times faster); a bad scale is refused', async () => {
    expect(scaleTiming(DEFAULT_TRANSFER_TIMING, 1000)).toEqual({ loginMs: 600, chunkMs: 8_640, chunkCoins: 50_000 });
    expect(scaleTiming(DEFAULT_TRANSFER_TIMING, 1)).toEqual(DEFAULT_TRANSFER_TIMING);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => scaleTiming(DEFAULT_TRANSFER_TIMING, bad)).toThrow(/positive number/);
    const sim = await createSimulator({ tickMs: 0, timeScale: 1000 });
    const given = await createSimulator({ tickMs: 0, transferTiming: { loginMs: 100, chunkMs: 100 } });
    try {
      expect(sim.transfers.timing).toEqual({ loginMs: 600, chunkMs: 8_640, chunkCoins: 50_000 });
      // Tests' own durations are kept as given (scale 1).
      expect(given.transfers.timing).toEqual({ loginMs: 100, chunkMs: 100, chunkCoins: 50_000 });
    } finally {
      await sim.close();
      await given.close();
    }
  });
});
