import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

export const HISTORIES_DIR = join(import.meta.dirname, '..', 'replay', 'histories');

/**
 * With RECORD_HISTORIES=1, keeps the finished run's event history under tests/replay/histories so
 * that every later version of the workflow code is replayed against it (tests/integration/replay).
 * Record again only on purpose: a history is the contract that running workflows hold us to.
 */
export async function recordHistory(handle: WorkflowHandle, name: string): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  mkdirSync(HISTORIES_DIR, { recursive: true });
  // Temporal's own JSON form, the one `temporal workflow show --output json` writes and replay reads.
  writeFileSync(join(HISTORIES_DIR, `${name}.json`), historyToJSON(history));
}
