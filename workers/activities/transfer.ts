/**
 * Activities on the transfer provider (comfort trade): the only code that opens the login details
 * (vault) and hands them to the provider. Workflow history sees vault references and provider
 * snapshots, never a credential. Stopping a transfer (cancelTransfer) sits next to starting it, and
 * the end of the transfer phase gives back what the run holds (login details, the account lock).
 */
import { Context } from '@temporalio/activity';
import type { Db } from 'mongodb';
import type { ComfortCredentials, TransferTime } from '../../domain/comfort-trade.js';
import { DomainError } from '../../domain/errors.js';
import type { Platform } from '../../domain/pricing.js';
import { accountKey, type ComfortRuns } from '../../infra/comfort/runs.js';
import { UsedBackupCodes } from '../../infra/comfort/used-codes.js';
import type { KeyRing } from '../../infra/secrets/key-ring.js';
import type { SecretVault } from '../../infra/secrets/vault.js';
import type { OrderSnapshot } from '../../infra/transfer/contract.js';
import { TransferContractError, TransferUnavailableError, type TransferGateway } from '../../infra/transfer/gateway.js';
import { providerRefusal } from './provider-refusal.js';

/** A provider that is not configured: every call is "unavailable" (the run retries, then waits for support). */
export const unconfiguredTransfer = (): TransferGateway => {
  const no = async (): Promise<never> => { throw new TransferUnavailableError('no transfer provider configured (PROVIDER_URL)'); };
  return { submit: no, get: no, resubmit: no, resume: no, cancel: no };
};

// A 4xx from the provider is final: retrying the same request cannot help.
async function provider<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof TransferContractError) throw providerRefusal('transfer', err);
    throw err;
  }
}

export function createTransferActivities(deps: { db: Db; runs: ComfortRuns; vault: SecretVault | null; secrets?: KeyRing; transfer: TransferGateway }) {
  const { runs, vault, transfer: gateway } = deps;
  const usedCodes = deps.secrets ? UsedBackupCodes.open(deps.db, deps.secrets) : null;
  const openVault = () => {
    if (!vault) throw new TransferUnavailableError('no secrets key configured (SECRETS_KEY)');
    return vault;
  };

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

    /** Stops the transfer at the provider (the run was cancelled or expired); its answer counts the coins moved so far. */
    async cancelTransfer(q: { runId: string }): Promise<OrderSnapshot> {
      return provider(() => gateway.cancel(q.runId));
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
     * one, no email keeps the old one, no second factor keeps the sealed one: after Wrong
     * Account/Password the game refused the login before any code was used), the one-off upload reference destroyed, the backup codes recorded as used, then handed
     * to the provider.
     */
    async resubmitTransfer(q: { runId: string; credentialsRef: string; newRef: string }): Promise<OrderSnapshot> {
      const v = openVault();
      let merged: ComfortCredentials;
      try {
        const fresh = await v.get<Partial<Omit<ComfortCredentials, 'email' | 'password'>> & { email?: string | null; password: string | null }>(q.newRef);
        const old = await v.get<ComfortCredentials>(q.credentialsRef);
        const keepsFactor = fresh.backupCodes == null && fresh.authSecret == null;
        merged = {
          email: fresh.email || old.email, password: fresh.password || old.password,
          backupCodes: keepsFactor ? old.backupCodes : fresh.backupCodes ?? null, authSecret: keepsFactor ? old.authSecret : fresh.authSecret ?? null,
        };
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

    /** Asks the provider to go on with a stopped transfer (a retry after an error). */
    async resumeTransfer(q: { runId: string }): Promise<OrderSnapshot> {
      return provider(() => gateway.resume(q.runId));
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
  };
}

export type TransferActivities = ReturnType<typeof createTransferActivities>;
