import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes every business workflow carries, so support staff find a run in the
 * Temporal UI by seller, kind of process and business status (e.g. `SellerId="s-42"`).
 */
export const SEARCH_ATTRIBUTES = {
  sellerId: { name: 'SellerId', type: 'Keyword' },
  kind: { name: 'ProcessKind', type: 'Keyword' },
  status: { name: 'ProcessStatus', type: 'Keyword' },
  /** The error sub-state or reason within a status (comfort `wrong_backup_codes`, payout `delayed`), or `none`. */
  subState: { name: 'ProcessSubState', type: 'Keyword' },
  /** Who the run waits for now: `seller`, `support`, `system`, or `nobody` once final (support filters `WaitingFor="support"`). */
  waitingFor: { name: 'WaitingFor', type: 'Keyword' },
} as const;

/** `--search-attribute` values for `temporal server start-dev` and `temporal operator search-attribute create`. */
export const searchAttributeArgs = (): string[] =>
  Object.values(SEARCH_ATTRIBUTES).map((a) => `${a.name}=${a.type}`);

/** Typed keys for the same attributes (the Temporal common package is pure and runs anywhere). */
export const SA = {
  sellerId: defineSearchAttributeKey(SEARCH_ATTRIBUTES.sellerId.name, SearchAttributeType.KEYWORD),
  kind: defineSearchAttributeKey(SEARCH_ATTRIBUTES.kind.name, SearchAttributeType.KEYWORD),
  status: defineSearchAttributeKey(SEARCH_ATTRIBUTES.status.name, SearchAttributeType.KEYWORD),
  subState: defineSearchAttributeKey(SEARCH_ATTRIBUTES.subState.name, SearchAttributeType.KEYWORD),
  waitingFor: defineSearchAttributeKey(SEARCH_ATTRIBUTES.waitingFor.name, SearchAttributeType.KEYWORD),
};
