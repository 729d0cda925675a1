import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../../infra/simulator/server.js';
import { TRANSFER_PREFIX } from '../../infra/transfer/contract.js';
import { freePort, spawnApp, untilReady } from '../support/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the provider simulator keeps its state across its restarts (SIMULATOR_STATE_FILE)', () => {
  it('restores orders, payouts and purchases; a moving transfer and a payout due to end go on', async () => {
    const opts = { size: 5, seed: 3, tickMs: 0, transferTiming: { loginMs: 20, chunkMs: 20, chunkCoins: 50_000 }, stateFile: join(dir, 'simulator.json') };
    const first = await createSimulator(opts);
    const backupCodes = ['11111111', '22222222', '33333333', '44444444', '55555555', '66666666'];
    first.transfers.submit({ orderId: 'o1', platform: 'ps', coins: 10_000_000, transferTime: '24h', credentials: { email: 'Club@example.com', password: 'pw', backupCodes, authSecret: null } });
    first.payouts.steering = { ...first.payouts.steering, confirmDelayMs: 1_500 };
    first.payouts.create({ key: 'k1', method: 'paypal', address: 'a@example.com', trueName: 'A', amountCents: 1_000, currency: 'EUR', quoteId: null, callbackUrl: null });
    const card = [...first.market.cards.values()][0]!;
    expect(first.market.buy(card.id, card.platform, 'My-Club').ok).toBe(true);
    // The waits are generous for a loaded machine (a 5 s one failed at load 10); the simulator moves every 20 ms.
    await expect.poll(() => first.transfers.get('o1')!.coinsTransferred, { timeout: 20_000 }).toBeGreaterThan(0);
    await first.close();
    const movedBefore = first.transfers.get('o1')!.coinsTransferred;
    expect(first.payouts.payouts.get('k1')!.state).toBe('pending');
    // It holds the login details the provider was given: for its owner only.
    expect(statSync(opts.stateFile).mode & 0o777).toBe(0o600);

    const second = await createSimulator(opts);
    try {
      expect(second.transfers.get('o1')).toMatchObject({ state: 'transferring' });
      expect(second.transfers.get('o1')!.coinsTransferred).toBeGreaterThanOrEqual(movedBefore);
      expect(second.transfers.saved().usedCodes).toEqual([['club@example.com', ['11111111']]]);
      expect(second.market.verify(card.id, card.platform, 'my-club')).toMatchObject({ bought: true, price: card.buyNowPrice });
      expect(second.market.cards.has(card.id)).toBe(false);
      await expect.poll(() => second.payouts.payouts.get('k1')?.state, { timeout: 20_000 }).toBe('paid');
      await expect.poll(() => second.transfers.get('o1')!.state, { timeout: 30_000 }).toBe('completed');
      expect(second.transfers.get('o1')!.coinsTransferred).toBe(10_000_000);
    } finally {
      await second.close();
    }
  });

  it('an order it answered is known after a kill right after the answer (written before answering)', async () => {
    const stateFile = join(dir, 'killed.json');
    const port = await freePort();
    const env = { SIMULATOR_STATE_FILE: stateFile, SIMULATOR_PORT: String(port), SIMULATOR_TICK_MS: '0', PROVIDER_API_KEY: '', NODE_ENV: 'test' };
    const base = `http://127.0.0.1:${port}`;
    const start = async () => {
      const p = spawnApp('simulator', 'infra/simulator/main.ts', env);
      await untilReady(`${base}/test/transfer/stats`, p, 30_000);
      return p;
    };
    const order = (n: number) => ({
      orderId: `kill-${n}`, platform: 'ps', coins: 100_000, transferTime: '24h',
      credentials: { email: `club${n}@example.com`, password: 'pw', backupCodes: null, authSecret: 'JBSWY3DPEHPK3PXP' },
    });
    const first = await start();
    // Three orders, then SIGKILL at once: before the fix a timer wrote the file every 200 ms, and all three were forgotten.
    for (const n of [1, 2, 3]) {
      const res = await fetch(`${base}${TRANSFER_PREFIX}/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order(n)) });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    await first.kill('SIGKILL');
    const second = await start();
    try {
      for (const n of [1, 2, 3]) expect((await fetch(`${base}${TRANSFER_PREFIX}/orders/kill-${n}`)).status, `order ${n}`).toBe(200);
    } finally {
      await second.kill('SIGTERM');
    }
  });
});

