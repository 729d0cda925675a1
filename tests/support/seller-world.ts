/**
 * A seller with real history on every page: player purchases (frozen, released, not bought), comfort
 * runs (under review, paid, waiting for new backup codes) and a paid withdrawal, all made through the
 * real API, workflows and simulator. Two API replicas share the database: `app` keeps income frozen for
 * an hour (so it stays on the balance page), `fast` releases it in a second (so there is money to
 * withdraw); the timings travel in each workflow's input, so one worker serves both.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserForTests, sellerPage } from './accounts-browser.js';
import type { ListedCard } from '../../domain/player-trade.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';
import { FAST_COMFORT, freshCodes, runWhere, steerTransfer, submission, submit } from './comfort.js';
import { FAST_TIMINGS, FAST_VERIFY, buyOnSimulator, syncFromSimulator } from './player-trade.js';
import { createProvenSeller } from './proven.js';
import { sellerFetch, type SignedInSeller } from './sellers.js';
import { testKeyRing } from './secrets.js';
import { eventually, testLogger, uniqueQueue } from './servers.js';
import { CALLBACK_SECRET, FAST_WITHDRAWAL_TIMINGS, savePayoutSettings, withdraw } from './withdrawals.js';

const HOUR = 3600_000;

/** `config` overrides the client configuration of both replicas (e.g. currency rates). */
export async function startSellerWorld(extra: { config?: TestAppOptions['config'] } = {}) {
  const sim = await createSimulator({
    size: 60, seed: 11, tickMs: 0, testControl: true, payoutCallbackSecret: CALLBACK_SECRET,
    transferTiming: { loginMs: 50, chunkMs: 50, chunkCoins: 50_000 },
  });
  const simUrl = await sim.listen(0);
  const taskQueue = uniqueQueue('world');
  const payouts = createPayoutGateway({ baseUrl: simUrl, timeoutMs: 2_000 });
  const options = (holdMs: number) => ({
    playerTrade: { taskQueue, timings: { ...FAST_TIMINGS, freezeMs: holdMs }, verify: FAST_VERIFY, marketPageUrl: simUrl, listMaxAgeMs: 0 },
    comfortTrade: { taskQueue, timings: { ...FAST_COMFORT, reviewMs: holdMs, sellerFixMs: HOUR } },
    withdrawals: { taskQueue, timings: FAST_WITHDRAWAL_TIMINGS, payouts, callbackSecret: CALLBACK_SECRET, payoneerConsentUrl: `${simUrl}/payoneer/consent` },
    accounts: { limits: { resendWaitSeconds: 0 } },
    config: extra.config,
  });
  const app = await startTestApp(undefined, options(HOUR));
  const fast = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, options(1_000));
  await syncFromSimulator(app.db, simUrl);
  const worker = await createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue, db: app.db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') },
    market: createMarketGateway({ baseUrl: simUrl, timeoutMs: 2_000 }),
    transfer: createTransferGateway({ baseUrl: simUrl, timeoutMs: 2_000 }),
    payouts: { gateway: payouts, callbackUrl: `${app.url}/api/payouts/callback` },
    secrets: testKeyRing(),
  });
  let cards: ListedCard[] = [];
  const nextCard = async (seller: SignedInSeller) => {
    if (!cards.length) cards = (await (await seller.fetch('/api/player-trade/cards?size=100')).json()).items as ListedCard[];
    const card = cards.shift();
    if (!card) throw new Error('the simulator market ran out of cards');
    return card;
  };

  /** One player purchase through `via` (its replica's freeze); `buy` false ends it with Not Bought. */
  async function purchase(seller: SignedInSeller, via: TestApp, buy: boolean) {
    const f = sellerFetch(via.url, seller.cookie, seller.csrf);
    const card = await nextCard(seller);
    const name = `Club${Math.random().toString(36).slice(2, 8)}`;
    const account = (await (await f('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name }) })).json()).account as { id: string };
    const picked = await f('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: account.id }) });
    if (picked.status !== 201) throw new Error(`pick: ${picked.status} ${await picked.text()}`);
    const purchaseId = ((await picked.json()).purchase as { purchaseId: string }).purchaseId;
    if (buy) await buyOnSimulator(simUrl, card.id, card.platform, name);
    const answered = await f(`/api/player-trade/purchases/${purchaseId}/${buy ? 'bought' : 'not-bought'}`, { method: 'POST' });
    if (!answered.ok) throw new Error(`answer: ${answered.status} ${await answered.text()}`);
    return { purchaseId, card };
  }

  const wallet = async (seller: SignedInSeller) => (await (await seller.fetch('/api/wallet')).json()) as { wallet: { total: number; available: number; frozen: number }; frozenItems: { kind: string; incomeCents: number }[] };

  /**
   * A proven seller with payout settings and rows on every record: purchases frozen, released and
   * not bought; runs under review, paid and waiting for new backup codes; one paid withdrawal.
   */
  async function sellerWithHistory() {
    const seller = await createProvenSeller(app);
    await savePayoutSettings(seller);
    const fastSeller = { ...seller, fetch: sellerFetch(fast.url, seller.cookie, seller.csrf) };
    const frozenBuy = await purchase(seller, app, true);
    const releasedBuy = await purchase(seller, fast, true);
    const unbought = await purchase(seller, app, false);
    const reviewed = await submit(seller, submission({ coinAmount: 150_000 }));
    const paid = await submit(fastSeller, submission({ coinAmount: 1_000_000 }));
    const wrong = submission({ coinAmount: 100_000, backupCodes: freshCodes() });
    await steerTransfer(simUrl, 'rules', { email: wrong.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const waiting = await submit(seller, wrong);
    await runWhere(seller, reviewed.runId, (r) => r.status === 'pending_payment', 'run under review');
    await runWhere(seller, paid.runId, (r) => r.status === 'paid', 'run paid');
    await runWhere(seller, waiting.runId, (r) => r.subState === 'wrong_backup_codes', 'run waiting for codes');
    await eventually(async () => ((await wallet(seller)).wallet.available >= releasedBuy.card.incomeCents + 2_000 ? true : null), 30_000, 'purchase and run released');
    const out = await withdraw(seller, 2_000);
    if (out.res.status !== 200 && out.res.status !== 201) throw new Error(`withdraw: ${out.res.status} ${JSON.stringify(out.body)}`);
    await eventually(async () => {
      const list = (await (await seller.fetch('/api/withdrawals')).json()) as { items: { state: string }[] };
      return list.items.some((w) => w.state === 'paid') ? true : null;
    }, 30_000, 'withdrawal paid');
    return { seller, frozenBuy, releasedBuy, unbought, reviewed, paid, waiting, withdrawalId: out.withdrawalId };
  }

  return {
    sim, simUrl, app, fast, worker, nextCard, purchase, wallet, sellerWithHistory,
    close: async () => {
      await worker.shutdown();
      await fast.close();
      await app.close();
      await sim.close();
    },
  };
}
export type SellerWorld = Awaited<ReturnType<typeof startSellerWorld>>;

/**
 * A browser file's world: one Chromium, the seller world and a seller with history, started before
 * its tests and closed after; `sellerPage` opens a signed-in page in English or Arabic.
 */
export function sellerWorldInBrowser() {
  const s = {} as { browser: Browser; world: SellerWorld; history: Awaited<ReturnType<SellerWorld['sellerWithHistory']>> };
  beforeAll(async () => {
    s.browser = await browserForTests();
    s.world = await startSellerWorld();
    s.history = await s.world.sellerWithHistory();
  }, 120_000);
  afterAll(async () => {
    await s.browser?.close();
    await s.world?.close();
  });
  return {
    get browser() { return s.browser; },
    get world() { return s.world; },
    get app() { return s.world.app; },
    get history() { return s.history; },
    sellerPage: (seller: SignedInSeller, width: number, lang: string) => sellerPage(s.browser, s.world.app, seller, width, lang === 'ar' ? 'ar' : 'en-US'),
  };
}
