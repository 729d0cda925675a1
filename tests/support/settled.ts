/**
 * Per-process test drivers (issue 29): `settled(id)` waits for the authoritative end of one process, the
 * workflow's result, and then its record at that end (the workflow writes its record before it returns, so
 * the record read after the result shows the final state, or the driver says which state it shows). Tests
 * assert only after it, never between an effect and a record written a moment later.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Db, Document } from 'mongodb';
import { comfortRunWorkflowId } from '../../domain/comfort-trade/contract.js';
import { playerPurchaseWorkflowId } from '../../domain/player-trade/contract.js';
import { webhookDeliveryWorkflowId } from '../../domain/webhooks.js';
import { withdrawalWorkflowId } from '../../domain/withdrawal/contract.js';
import { RUNS_COLLECTION } from '../../infra/comfort/runs.js';
import { PURCHASES_COLLECTION } from '../../infra/player-trade/purchases.js';
import { DELIVERIES_COLLECTION } from '../../infra/webhooks/deliveries.js';
import { WITHDRAWALS_COLLECTION } from '../../infra/withdrawals/records.js';
import { eventually } from './wait.js';

interface ProcessShape {
  workflowId: (id: string) => string;
  collection: string;
  /** The field of the record and of the workflow's result that names where the process ended. */
  field: string;
}

const PROCESSES = {
  comfortRun: { workflowId: comfortRunWorkflowId, collection: RUNS_COLLECTION, field: 'status' },
  withdrawal: { workflowId: withdrawalWorkflowId, collection: WITHDRAWALS_COLLECTION, field: 'state' },
  playerPurchase: { workflowId: playerPurchaseWorkflowId, collection: PURCHASES_COLLECTION, field: 'state' },
  webhookDelivery: { workflowId: webhookDeliveryWorkflowId, collection: DELIVERIES_COLLECTION, field: 'state' },
} satisfies Record<string, ProcessShape>;

export interface Settled<R> {
  /** What the workflow returned. */
  result: R;
  /** Its record, showing the same end. */
  record: Document;
}

export interface ProcessDriver {
  settled<R = Record<string, unknown>>(id: string, timeoutMs?: number): Promise<Settled<R>>;
}

function driver(shape: ProcessShape, client: Client, db: Db): ProcessDriver {
  return {
    async settled<R>(id: string, timeoutMs = 15_000) {
      // A process another one starts (a batch row's run) may not be started yet: wait for its workflow to exist.
      const ended = await eventually(async () => {
        try {
          return { of: (await client.workflow.getHandle(shape.workflowId(id)).result()) as R };
        } catch (err) {
          return err instanceof WorkflowNotFoundError ? null : { failed: err };
        }
      }, timeoutMs, `the workflow of ${id} to start`);
      if ('failed' in ended) throw ended.failed;
      const result = ended.of;
      const end = (result as Record<string, unknown> | null)?.[shape.field];
      // Written by the workflow before it returned; the read is retried only if the database is a replica behind.
      const record = await eventually(async () => {
        const doc = await db.collection(shape.collection).findOne({ _id: id as never });
        return doc && (end === undefined || doc[shape.field] === end) ? doc : null;
      }, timeoutMs, `the ${shape.collection} record of ${id} at ${shape.field} ${String(end)}`);
      return { result, record };
    },
  };
}

/**
 * A webhook delivery's first attempt is the dispatch's own: one answered at once is written `delivered` with no
 * workflow of its own, so its record is its end; a failed one is written `pending` and goes on in its delivery
 * workflow, whose result is the end. Waits until the record is final and no workflow runs, or for the workflow.
 */
function deliveryDriver(client: Client, db: Db): ProcessDriver {
  const shape = PROCESSES.webhookDelivery;
  const workflow = driver(shape, client, db);
  return {
    async settled<R>(id: string, timeoutMs = 15_000) {
      const exists = async () => {
        try {
          await client.workflow.getHandle(shape.workflowId(id)).describe();
          return true;
        } catch (err) {
          if (err instanceof WorkflowNotFoundError) return false;
          throw err;
        }
      };
      const end = await eventually(async () => {
        if (await exists()) return 'workflow' as const;
        const doc = await db.collection(shape.collection).findOne({ _id: id as never });
        // Pending without a workflow: the dispatch is between writing the delivery and starting its workflow.
        return doc && doc[shape.field] !== 'pending' ? { result: { state: doc[shape.field] } as R, record: doc } : null;
      }, timeoutMs, `the delivery ${id} written by its dispatch`);
      return end === 'workflow' ? workflow.settled<R>(id, timeoutMs) : end;
    },
  };
}

/** The four processes' drivers on one Temporal client and database. */
export function processDrivers(client: Client, db: Db) {
  return {
    comfortRuns: driver(PROCESSES.comfortRun, client, db),
    withdrawals: driver(PROCESSES.withdrawal, client, db),
    playerPurchases: driver(PROCESSES.playerPurchase, client, db),
    webhookDeliveries: deliveryDriver(client, db),
  };
}
