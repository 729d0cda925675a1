import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes';

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

/**
 * Typed keys for the same attributes: the `{ name, type }` pair `defineSearchAttributeKey` returns,
 * written out so the web bundle, which reads the process tables through domain/contracts.ts, does not
 * pull in the Temporal common package (about 20 KB of gzip on every page's first view).
 */
const keyword = (name: string): SearchAttributeKey<'KEYWORD'> => ({ name, type: 'KEYWORD' });
export const SA = {
  sellerId: keyword(SEARCH_ATTRIBUTES.sellerId.name),
  kind: keyword(SEARCH_ATTRIBUTES.kind.name),
  status: keyword(SEARCH_ATTRIBUTES.status.name),
  subState: keyword(SEARCH_ATTRIBUTES.subState.name),
  waitingFor: keyword(SEARCH_ATTRIBUTES.waitingFor.name),
};
