/**
 * GET /api/member/overview with a seller world of 200+ ledger entries written through the real wallet
 * (infra/wallet): comfort and player credits, releases, a paid withdrawal and one under way. The
 * figures equal the one model's and the wallet's buckets; the chart's credits per kind add up to what
 * was credited; a visitor gets 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { LEDGER_KINDS as K } from '../../infra/wallet/ledger-kinds.js';
import { saleMoney } from '../../domain/sale-money.js';
import type { OverviewAnswer } from '../../domain/member-overview.js';

describe('the seller overview API', () => {
  let app: TestApp;
  let seller: SignedInSeller;
  let wallets: Wallets;
  const credited = { player: 0, comfort: 0 };

  beforeAll(async () => {
    app = await startTestApp();
    seller = await createSignedInSeller(app);
    wallets = await Wallets.open(app.db.db!);
    const id = seller.sellerId;
    for (let i = 0; i < 70; i++) {
      const cents = 1000 + i;
      await wallets.apply({ sellerId: id, opId: `c${i}`, kind: K.comfortCredited, delta: { frozen: cents }, ref: `run-${i}` });
      credited.comfort += cents;
      if (i < 60) await wallets.apply({ sellerId: id, opId: `cr${i}`, kind: K.comfortReleased, delta: { frozen: -cents, available: cents }, ref: `run-${i}` });
    }
    for (let i = 0; i < 40; i++) {
      const cents = 500 + i;
      await wallets.creditFrozen(id, `p${i}`, cents, `buy-${i}`);
      credited.player += cents;
      if (i < 30) await wallets.releaseFrozen(id, `pr${i}`, cents, `buy-${i}`);
    }
    await wallets.apply({ sellerId: id, opId: 'w1r', kind: K.withdrawalRequested, delta: { available: -20_000, pendingPayout: 20_000 }, ref: 'withdrawal:w1' });
    await wallets.apply({ sellerId: id, opId: 'w1p', kind: K.withdrawalPaid, delta: { pendingPayout: -20_000 }, ref: 'withdrawal:w1' });
    await wallets.apply({ sellerId: id, opId: 'w2r', kind: K.withdrawalRequested, delta: { available: -5_000, pendingPayout: 5_000 }, ref: 'withdrawal:w2' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers the model\'s figures over 200+ entries, each frozen part, the pending payout and the chart', async () => {
    const entries = await wallets.ledger.find({ sellerId: seller.sellerId }).toArray();
    expect(entries.length).toBeGreaterThanOrEqual(200);
    const res = await seller.fetch('/api/member/overview');
    expect(res.status).toBe(200);
    const o = (await res.json()) as OverviewAnswer;
    const wallet = await wallets.get(seller.sellerId);
    const model = [...saleMoney(entries).values()];
    expect({ a: o.availableCents, f: o.frozenCents, p: o.pendingCents }).toEqual({ a: wallet.available, f: wallet.frozen, p: wallet.pendingPayout });
    expect(o.availableCents).toBe(model.reduce((n, c) => n + c.availableCents, 0));
    expect(o.frozen.map((f) => [f.ref, f.kind, f.cents]).sort()).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [`run-${60 + i}`, 'comfort', 1060 + i]),
      ...Array.from({ length: 10 }, (_, i) => [`buy-${30 + i}`, 'player', 530 + i]),
    ].sort());
    expect(o.pending).toEqual([{ withdrawalId: 'w2', cents: 5_000, requestedAt: expect.any(Number) }]);
    expect(o.recent).toHaveLength(10);
    expect(o.recent[0]).toMatchObject({ kind: K.withdrawalRequested, ref: 'w2', available: -5_000, pendingPayout: 5_000 });
    for (const period of ['day', 'week', 'month'] as const) {
      const sum = (k: 'player' | 'comfort') => o.earnings[period].reduce((n, b) => n + b[k], 0);
      expect({ player: sum('player'), comfort: sum('comfort') }).toEqual(credited);
    }
  });

  it('refuses a visitor', async () => {
    expect((await fetch(`${app.url}/api/member/overview`)).status).toBe(401);
  });
});
