/**
 * Player trade: the contracts shared by the API, the purchase workflow, the worker and the web app.
 * Pure: no I/O. The transition rules live here so the workflow and the UI agree on them. This
 * module gathers its parts in domain/player-trade/: the cards, the transition table and its rules,
 * the seller's inputs, the views and answers, and the contract (input, id, updates, query).
 */
export { type PurchaseReason, PURCHASE_REASONS, REASON_TEXT } from './purchase-reasons.js';
export * from './player-trade/cards.js';
export * from './player-trade/table.js';
export * from './player-trade/inputs.js';
export * from './player-trade/views.js';
export * from './player-trade/contract.js';
