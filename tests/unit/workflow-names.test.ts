import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMFORT_BATCH } from '../../domain/comfort-batch.js';
import { COMFORT_RUN } from '../../domain/comfort-trade.js';
import { MARKET_SYNC_WORKFLOW, PLAYER_PURCHASE } from '../../domain/player-trade.js';
import { WITHDRAWAL } from '../../domain/withdrawal.js';
import { SWEEP_WORKFLOW } from '../../domain/sweeps.js';
import { WEBHOOK_DISPATCHER_WORKFLOW, WEBHOOK_DISPATCH_WORKFLOW, WEBHOOK_WORKFLOW } from '../../infra/webhooks/dispatch.js';

/**
 * Clients start workflows by the names domain/ and infra/ give; the worker registers what
 * workflows/index.ts exports. A name that drifts from its export starts a workflow no worker runs,
 * which no test of a single process notices until it hangs.
 */
describe('workflow names', () => {
  // Read as text: importing workflow modules outside a worker's sandbox is not allowed.
  const exported = [...readFileSync(new URL('../../workflows/index.ts', import.meta.url), 'utf8').matchAll(/export \{ (\w+) \}/g)].map((m) => m[1]);

  it('every workflow a client starts is one the worker registers', () => {
    const started = [PLAYER_PURCHASE.workflowType, COMFORT_RUN.workflowType, COMFORT_BATCH.workflowType, WITHDRAWAL.workflowType, MARKET_SYNC_WORKFLOW, WEBHOOK_WORKFLOW, WEBHOOK_DISPATCHER_WORKFLOW, SWEEP_WORKFLOW];
    // No longer started, still registered: runs started before their replacement go on.
    const kept = [WEBHOOK_DISPATCH_WORKFLOW];
    expect(exported.sort()).toEqual([...started, ...kept].sort());
  });
});
