/**
 * Every activity of the money queue, by the outside system it touches: the game market, the
 * transfer provider, the payout provider, the wallets' ledger, our own records. Each system gets
 * its stores opened once here; a provider that is not configured answers "unavailable", so its
 * process retries and then waits for support (a payout method without a provider is paid by hand). (Webhook deliveries are built by the worker: they
 * poll their own queue too.)
 */
import type { Collection, Db } from 'mongodb';
import { ComfortRuns } from '../../infra/comfort/runs.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { cardsCollection } from '../../infra/market/cards.js';
import type { MarketGateway } from '../../infra/market/gateway.js';
import { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { Purchases } from '../../infra/player-trade/purchases.js';
import type { SecretVault } from '../../infra/secrets/vault.js';
import type { KeyRing } from '../../infra/secrets/key-ring.js';
import type { Announce } from '../../infra/seller-feed/announce.js';
import type { TransferGateway } from '../../infra/transfer/gateway.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { Withdrawals } from '../../infra/withdrawals/records.js';
import { createMarketActivities, unconfiguredMarket } from './market.js';
import { createPayoutActivities, type PayoutDeps } from './payout.js';
import type { PayoutGateway } from '../../infra/payout/gateway.js';
import { createRecordActivities } from './records.js';
import { createStepActivities } from './steps.js';
import { createTransferActivities, unconfiguredTransfer } from './transfer.js';
import { createWalletActivities } from './wallet.js';
import type { BusinessCounters } from '../../infra/metrics/counters.js';

export interface ActivityDeps {
  db: Db;
  events: Collection<EventDoc>;
  /** The worker's vault (login details of comfort runs); null without a secrets key. */
  vault: SecretVault | null;
  secrets?: KeyRing;
  market?: MarketGateway;
  payouts?: PayoutDeps;
  /** The PayPal Payouts adapter (PAYPAL_CLIENT_ID/SECRET): pays the `paypal` method. */
  paypal?: PayoutGateway;
  transfer?: TransferGateway;
  /** The API sellers' feed (status sockets, webhooks). */
  announce?: Announce;
  /** Counters of what happened (purchases credited, withdrawals paid…); none counted without. */
  counters?: BusinessCounters;
}

export async function createActivities(deps: ActivityDeps) {
  const { db, events } = deps;
  const [cards, wallets, accounts, purchases, withdrawals, runs] = await Promise.all([
    cardsCollection(db), Wallets.open(db), GameAccounts.open(db), Purchases.open(db), Withdrawals.open(db), ComfortRuns.open(db),
  ]);
  const settlement = await Settlement.open(db, wallets.ledger);
  const market = createMarketActivities({ market: deps.market ?? unconfiguredMarket(), cards, accounts, purchases, events });
  const wallet = createWalletActivities({ wallets, settlement, events, counters: deps.counters });
  const records = createRecordActivities({ db, purchases, withdrawals, runs, events, announce: deps.announce });
  return {
    ...market,
    ...createTransferActivities({ db, runs, vault: deps.vault, secrets: deps.secrets, transfer: deps.transfer ?? unconfiguredTransfer() }),
    ...createPayoutActivities({ payouts: deps.payouts, paypal: deps.paypal }),
    ...wallet,
    ...records,
    ...createStepActivities({ market, wallet, records }),
  };
}

export type Activities = Awaited<ReturnType<typeof createActivities>>;
