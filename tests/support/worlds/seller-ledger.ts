/**
 * A seller world of many ledger entries written through the real wallet (infra/wallet), the way the
 * workflows write them: player and comfort credits frozen then released (a few left frozen),
 * withdrawals requested and paid, one returned (the payout failed). The operation ids are derived from
 * the seller and the entry's place, so seeding twice adds nothing. Used by the overview and ledger tests.
 */
import type { Db } from 'mongodb';
import { Wallets } from '../../../infra/wallet/wallet.js';
import { LEDGER_KINDS as K } from '../../../infra/wallet/ledger-kinds.js';

export interface LedgerWorld {
  /** Entries in the seller's ledger after seeding. */
  entries: number;
  /** What the wallet holds at the end, in cents. */
  available: number;
  frozen: number;
  pendingPayout: number;
}

/** Writes at least `entries` ledger entries (default 200) for `sellerId`; idempotent. */
export async function seedLedgerWorld(db: Db, sellerId: string, { entries = 200 }: { entries?: number } = {}): Promise<LedgerWorld> {
  const wallets = await Wallets.open(db);
  const op = (name: string) => `ledger-world:${sellerId}:${name}`;
  let written = 0;
  for (let i = 0; written < entries; i++) {
    const comfort = i % 3 !== 0;
    const cents = comfort ? 1_000 + i : 500 + i;
    const ref = comfort ? `run-${i}` : `buy-${i}`;
    await wallets.apply({ sellerId, opId: op(`c${i}`), kind: comfort ? K.comfortCredited : K.purchaseCredited, delta: { frozen: cents }, ref });
    written++;
    // Every fifth credit stays frozen (still under review or in its freeze).
    if (i % 5 !== 4) {
      await wallets.apply({ sellerId, opId: op(`r${i}`), kind: comfort ? K.comfortReleased : K.purchaseReleased, delta: { frozen: -cents, available: cents }, ref });
      written++;
    }
    // Every 20th step a withdrawal of 50 euros: paid, except the second, whose payout fails and returns.
    if (i % 20 === 19) {
      const w = `w${(i + 1) / 20}`;
      await wallets.apply({ sellerId, opId: op(`${w}q`), kind: K.withdrawalRequested, delta: { available: -5_000, pendingPayout: 5_000 }, ref: `withdrawal:${w}` });
      const returned = w === 'w2';
      await wallets.apply(returned
        ? { sellerId, opId: op(`${w}x`), kind: K.withdrawalReturned, delta: { pendingPayout: -5_000, available: 5_000 }, ref: `withdrawal:${w}` }
        : { sellerId, opId: op(`${w}p`), kind: K.withdrawalPaid, delta: { pendingPayout: -5_000 }, ref: `withdrawal:${w}` });
      written += 2;
    }
  }
  const wallet = await wallets.get(sellerId);
  const count = await wallets.ledger.countDocuments({ sellerId });
  return { entries: count, available: wallet.available, frozen: wallet.frozen, pendingPayout: wallet.pendingPayout };
}
