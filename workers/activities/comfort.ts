/**
 * Activities of the comfort run: the only code that opens the login details (vault) and hands them
 * to the transfer provider; the read model and live events; the seller's money. Workflow history
 * sees vault references and provider snapshots, never a credential.
 */
import { Context } from '@temporalio/activity';
import type { Collection, Db } from 'mongodb';
import { withoutVaultRefs, type ComfortCredentials, type ComfortRunInput, type ComfortRunView, type TransferTime } from '../../domain/comfort-trade.js';
import { firstRunView } from '../../domain/comfort-batch.js';
import { DomainError } from '../../domain/errors.js';
import { WALLET_UPDATED } from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';
import { accountKey, ComfortRuns } from '../../infra/comfort/runs.js';
import { UsedBackupCodes } from '../../infra/comfort/used-codes.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { KeyRing } from '../../infra/secrets/key-ring.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import type { OrderSnapshot } from '../../infra/transfer/contract.js';
import { TransferContractError, TransferUnavailableError, type TransferGateway } from '../../infra/transfer/gateway.js';
import type { Wallets, WalletView } from '../../infra/wallet/wallet.js';
import { comfortRunEvent } from '../../domain/seller-events.js';
import type { Announce } from '../../infra/seller-feed/announce.js';

export const COMFORT_RUN_UPDATED = 'comfort-run:updated';

/** A provider that is not configured: every call is "unavailable" (the run retries, then waits for support). */
const unconfigured = (): TransferGateway => {
  const no = async (): Promise<never> => { throw new TransferUnavailableError('no transfer provider configured (PROVIDER_URL)'); };
  return { submit: no, get: no, resubmit: no, resume: no, cancel: no };
};

// A 4xx from the provider is final: retrying the same request cannot help.
async function provider<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof TransferContractError) throw new DomainError('conflict', 'transfer_refused', err.message);
    throw err;
  }
}

export async function createComfortActivities(deps: { db: Db; events: Collection<EventDoc>; wallets: Wallets; secrets?: KeyRing; transfer?: TransferGateway; announce?: Announce }) {
  const runs = await ComfortRuns.open(deps.db);
  const vault = deps.secrets ? await SecretVault.open(deps.db, deps.secrets) : null;
  const usedCodes = deps.secrets ? UsedBackupCodes.open(deps.db, deps.secrets) : null;
  const gateway = deps.transfer ?? unconfigured();
  const openVault = () => {
    if (!vault) throw new TransferUnavailableError('no secrets key configured (SECRETS_KEY)');
    return vault;
  };
  const tellWallet = (w: WalletView, ref: string) =>
    publishEvent(deps.events, { sellerId: w.sellerId, type: WALLET_UPDATED, subject: `wallet:${w.sellerId}`, data: { ...w, ref } });

  return {
    /**
     * Hands the order and its login details to the provider (idempotent on the run id); its backup
     * codes are recorded as used for the game account first. An order the
     * provider already has is answered as it is, without the login details: after a reset from the
     * Temporal UI they may already be destroyed (the transfer phase ended), and they are not needed.
     */
    async submitTransfer(q: { runId: string; credentialsRef: string; platform: Platform; coins: number; transferTime: TransferTime }): Promise<OrderSnapshot> {
      const existing = await gateway.get(q.runId).catch((err: unknown) => {
        if (err instanceof TransferContractError && err.status === 404) return null;
        throw err;
      });
      if (existing) return existing;
      const credentials = await openVault().get<ComfortCredentials>(q.credentialsRef);
      if (credentials.backupCodes) await usedCodes!.record(accountKey(q.platform, credentials.email), credentials.backupCodes, q.runId);
      return provider(() => gateway.submit({ orderId: q.runId, platform: q.platform, coins: q.coins, transferTime: q.transferTime, credentials }));
    },

    /**
     * Watches the order until the provider reports a change past `afterSeq`, or `watchMs` passes
     * (then answers the current snapshot). Heartbeats, so a killed worker's watch is taken over.
     */
    async watchTransfer(q: { runId: string; afterSeq: number; pollMs: number; watchMs: number }): Promise<OrderSnapshot> {
      const ctx = Context.current();
      const until = Date.now() + q.watchMs;
      for (;;) {
        const snap = await provider(() => gateway.get(q.runId));
        if (snap.seq > q.afterSeq || Date.now() >= until) return snap;
        ctx.heartbeat(snap.seq);
        await ctx.sleep(Math.min(q.pollMs, Math.max(0, until - Date.now())));
      }
    },

    /**
     * The seller's new login details: merged into the run's secret (an empty password keeps the old
     * one), the one-off upload reference destroyed, the backup codes recorded as used, then handed
     * to the provider.
     */
    async resubmitTransfer(q: { runId: string; credentialsRef: string; newRef: string }): Promise<OrderSnapshot> {
      const v = openVault();
      let merged: ComfortCredentials;
      try {
        const fresh = await v.get<Partial<ComfortCredentials> & { password: string | null }>(q.newRef);
        const old = await v.get<ComfortCredentials>(q.credentialsRef);
        merged = { email: old.email, password: fresh.password || old.password, backupCodes: fresh.backupCodes ?? null, authSecret: fresh.authSecret ?? null };
        await v.replace(q.credentialsRef, merged);
        await v.destroy(q.newRef);
      } catch (err) {
        // A retry after the merge: the run's secret already holds the new details.
        if (!(err instanceof DomainError && err.code === 'secret_not_found')) throw err;
        merged = await v.get<ComfortCredentials>(q.credentialsRef);
      }
      if (merged.backupCodes) {
        const run = await runs.runs.findOne({ _id: q.runId }, { projection: { platform: 1 } });
        if (!run) throw new Error(`comfort run ${q.runId} has no record`);
        await usedCodes!.record(accountKey(run.platform, merged.email), merged.backupCodes, q.runId);
      }
      return provider(() => gateway.resubmit(q.runId, merged));
    },

    async resumeTransfer(q: { runId: string }): Promise<OrderSnapshot> {
      return provider(() => gateway.resume(q.runId));
    },

    async cancelTransfer(q: { runId: string }): Promise<OrderSnapshot> {
      return provider(() => gateway.cancel(q.runId));
    },

    /**
     * Once the transfer phase is over the login details are destroyed and the game account is free
     * again: every lock key the run holds (`accountKey` is the key of runs locked before the keys
     * were scoped by seller and login; it has the run id too).
     */
    async endTransferPhase(q: { runId: string; credentialsRef: string; accountKey: string }): Promise<void> {
      if (vault) await vault.destroy(q.credentialsRef);
      await runs.unlockRun(q.runId);
    },

    /**
     * The first record of a batch row, written just before its run starts (a repeat writes nothing);
     * the seller's record shows the row as it starts.
     */
    async openComfortRun(q: { input: ComfortRunInput; batchId: string }): Promise<{ created: boolean }> {
      const view = firstRunView(q.input);
      const created = await runs.create({ _id: view.runId, ...view, credentialsRef: q.input.credentialsRef, batchId: q.batchId });
      if (created) {
        await publishEvent(deps.events, { sellerId: view.sellerId, type: COMFORT_RUN_UPDATED, subject: view.runId, data: { ...view } });
        // A batch row's first status reaches API sellers' sockets and webhooks like every later one.
        await deps.announce?.(comfortRunEvent(view));
      }
      return { created };
    },

    /** Writes the run's read model (newer versions only) and tells the seller live. */
    async recordComfortRun(q: { view: ComfortRunView; note: string }): Promise<{ applied: boolean }> {
      const view = withoutVaultRefs(q.view);
      const r = await runs.record(view, q.note);
      if (r.applied) {
        await publishEvent(deps.events, { sellerId: view.sellerId, type: COMFORT_RUN_UPDATED, subject: view.runId, data: { ...view } });
        await deps.announce?.(comfortRunEvent(view));
      }
      return r;
    },

    /** Whether the seller's payment settings can receive a payout (method and address present). */
    async paymentSettingsOk(q: { sellerId: string }): Promise<boolean> {
      const seller = await deps.db.collection<{ _id: string; settings?: { paymentMethod?: string; paymentAddress?: string } | null }>('sellers')
        .findOne({ _id: q.sellerId }, { projection: { settings: 1 } });
      return !!seller?.settings?.paymentMethod && !!seller.settings.paymentAddress?.trim();
    },

    /** Credits the income of the coins transferred as frozen (under review), once per op id. */
    async creditComfort(q: { sellerId: string; opId: string; cents: number; runId: string }): Promise<{ applied: boolean }> {
      const r = await deps.wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: 'comfort_credit_frozen', delta: { frozen: q.cents }, ref: q.runId });
      await tellWallet(r.wallet, q.runId);
      return { applied: r.applied };
    },

    /** Moves the reviewed income to the available balance, once per op id. */
    async releaseComfort(q: { sellerId: string; opId: string; cents: number; runId: string }): Promise<{ applied: boolean }> {
      const r = await deps.wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: 'comfort_review_released', delta: { frozen: -q.cents, available: q.cents }, ref: q.runId });
      await tellWallet(r.wallet, q.runId);
      return { applied: r.applied };
    },
  };
}

export type ComfortActivities = Awaited<ReturnType<typeof createComfortActivities>>;
