/**
 * The balance page's frozen list adds up to the frozen balance: player purchases in their freeze and
 * comfort runs under review, each with when it becomes available.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceAnswer } from '../../domain/player-trade.js';
import { runWhere, submission, submit } from '../support/comfort.js';
import { createProvenSeller } from '../support/proven.js';
import { eventually } from '../support/servers.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { savePayoutSettings } from '../support/withdrawals.js';

describe('frozen amounts on the balance', () => {
  let world: SellerWorld;
  beforeAll(async () => { world = await startSellerWorld(); });
  afterAll(async () => { await world?.close(); });

  it('lists every frozen amount, comfort income included, and they add up to the frozen balance', async () => {
    const seller = await createProvenSeller(world.app);
    await savePayoutSettings(seller);
    const bought = await world.purchase(seller, world.app, true);
    const run = await submit(seller, submission({ coinAmount: 300_000 }));
    const reviewed = await runWhere(seller, run.runId, (r) => r.status === 'pending_payment', 'run under review');
    const balance = await eventually(async () => {
      const b = (await (await seller.fetch('/api/wallet')).json()) as BalanceAnswer;
      return b.wallet.frozen === bought.card.incomeCents + reviewed.creditedCents! ? b : null;
    }, 30_000, 'both frozen');
    expect(balance.frozenItems.reduce((sum, f) => sum + f.incomeCents, 0)).toBe(balance.wallet.frozen);
    expect(balance.frozenItems).toEqual(expect.arrayContaining([
      { kind: 'player', purchaseId: bought.purchaseId, playerName: bought.card.playerName, incomeCents: bought.card.incomeCents, releaseAt: expect.any(Number) },
      { kind: 'comfort', runId: run.runId, originEmail: run.originEmail, coinsTransferred: 300_000, incomeCents: 750, releaseAt: reviewed.releaseAt },
    ]));
    // Each becomes available about an hour (this world's freeze and review) from now.
    for (const f of balance.frozenItems) expect(f.releaseAt! - Date.now()).toBeGreaterThan(50 * 60_000);
  });
});
