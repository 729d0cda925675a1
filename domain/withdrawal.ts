/**
 * Withdrawals: the transition table, fees, limits, address checks, failure reasons and the read
 * model shared by the workflow, the API and the pages. Pure: no I/O. Money is integer euro cents.
 * This module gathers its parts in domain/withdrawal/: the texts a seller reads (statuses, failure
 * reasons, refusals; no imports, so the web's dictionaries read them alone), the transition table,
 * the fees, the request checks, the read model and the contract (input, id, updates, query).
 */
export * from './withdrawal/statuses.js';
export * from './withdrawal/table.js';
export * from './withdrawal/fees.js';
export * from './withdrawal/submission.js';
export * from './withdrawal/views.js';
export * from './withdrawal/contract.js';
