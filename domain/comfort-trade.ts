/**
 * Comfort trade: the seller hands over game web-app login details and the provider transfers the
 * coins out. Pure: no I/O; the workflow, the API and the web pages all read this module, which
 * gathers its parts in domain/comfort-trade/: the statuses and error sub-states with the
 * specification's guidance, the transition table, the submission rules (schema, one-click paste,
 * quote), the batch rules, the record's view and the contract (input, id, updates, query).
 */
export { COMFORT_BATCH_MAX, COMFORT_MIN_COINS } from './timing.js';
export { AUTH_SECRET_MESSAGE, DUPLICATE_ACCOUNT, MIN_COINS_MESSAGE } from './messages.js';
export { PLATFORMS, type Platform } from './pricing.js';
export * from './comfort-trade/statuses.js';
export * from './comfort-trade/table.js';
export * from './comfort-trade/submission.js';
export * from './comfort-trade/batch.js';
export * from './comfort-trade/views.js';
export * from './comfort-trade/contract.js';
export * from './comfort-trade/eta.js';
