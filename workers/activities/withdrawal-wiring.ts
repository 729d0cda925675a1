import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { Withdrawals } from '../../infra/withdrawals/records.js';
import type { Announce } from '../../infra/seller-feed/announce.js';
import { createWithdrawalActivities, unconfiguredPayouts, type PayoutDeps } from './withdrawal.js';

/** Every activity of a withdrawal, built from the worker's deps; without a provider, payouts wait for support. */
export async function createWithdrawalWiring(deps: { db: Connection; events: Collection<EventDoc>; payouts?: PayoutDeps; announce?: Announce }) {
  const db = deps.db.db!;
  const wallets = await Wallets.open(db);
  const [settlement, withdrawals] = await Promise.all([Settlement.open(db, wallets.ledger), Withdrawals.open(db)]);
  return createWithdrawalActivities({
    wallets, settlement, withdrawals, events: deps.events, announce: deps.announce,
    payouts: deps.payouts ?? { gateway: unconfiguredPayouts(), callbackUrl: null },
  });
}
