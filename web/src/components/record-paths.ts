/**
 * Which sell record the header's "Sell record" opens; apart from the switch component, so the header
 * (in every visitor's first view) does not bring the component and its link along.
 */
/** The two sell records (player trade, comfort trade) as one place: the header's "Sell record" opens it, RecordSwitch switches. */
export const RECORD_PATHS = ['/member/player-record', '/member/sold-record'] as const;

const LAST_RECORD_KEY = 'coinmarket.lastRecord';

/** The record the seller looked at last (kept across reloads), else the player record. */
export function lastRecordSeen(): string {
  try {
    const seen = localStorage.getItem(LAST_RECORD_KEY);
    return seen && (RECORD_PATHS as readonly string[]).includes(seen) ? seen : RECORD_PATHS[0];
  } catch {
    return RECORD_PATHS[0];
  }
}

export function rememberRecord(path: string): void {
  try {
    localStorage.setItem(LAST_RECORD_KEY, path);
  } catch {
    // Private mode without storage: the header opens the player record.
  }
}
