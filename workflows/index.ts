/** Every workflow the worker runs; the worker bundles this file. */
export { playerPurchaseWorkflow } from './player-purchase.js';
export { marketSyncWorkflow } from './market-sync.js';
export { withdrawalWorkflow } from './withdrawal.js';
export { comfortRunWorkflow } from './comfort-run.js';
export { comfortBatchWorkflow } from './comfort-batch.js';
export { webhookDeliveryWorkflow } from './webhook-delivery.js';
export { webhookDispatcherWorkflow } from './webhook-dispatcher.js';
// Runs the per-entry dispatches started before the per-seller dispatcher existed.
export { webhookDispatchWorkflow } from './webhook-dispatch.js';
export { sweepWorkflow } from './sweep.js';
