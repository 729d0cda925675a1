import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { EncryptionCodec } from '../../infra/temporal/payload-codec.js';
import type { KeyRing } from '../../infra/secrets/key-ring.js';

export const HISTORIES_DIR = join(import.meta.dirname, '..', 'replay', 'histories');

/**
 * With RECORD_HISTORIES=1, keeps the finished run's event history under tests/replay/histories so
 * that every later version of the workflow code is replayed against it (tests/integration/replay).
 * Waits for the run to end first, so the history holds its completion event. Record again only on
 * purpose: a history is the contract that running workflows hold us to.
 */
export async function recordHistory(handle: WorkflowHandle, name: string): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  await handle.result().catch(() => undefined);
  const history = await handle.fetchHistory();
  mkdirSync(HISTORIES_DIR, { recursive: true });
  // Temporal's own JSON form, the one `temporal workflow show --output json` writes and replay reads.
  writeFileSync(join(HISTORIES_DIR, `${name}.json`), historyToJSON(history));
}

interface JsonPayload { metadata?: Record<string, string>; data?: string }
const isPayload = (v: unknown): v is JsonPayload =>
  !!v && typeof v === 'object' && 'metadata' in v && typeof (v as JsonPayload).metadata?.encoding === 'string';
const bytes = (b64 = '') => new Uint8Array(Buffer.from(b64, 'base64'));

/**
 * A workflow's history as the Temporal server stores it, with every payload (inputs, results,
 * updates, activity arguments and answers, failure details) opened with the key ring and replaced by
 * its decoded text: what someone holding the history and the key would read.
 */
export async function decodedHistoryText(handle: WorkflowHandle, keys: KeyRing): Promise<string> {
  const codec = new EncryptionCodec(keys);
  const decodeAll = async (node: unknown): Promise<unknown> => {
    if (Array.isArray(node)) return Promise.all(node.map(decodeAll));
    if (isPayload(node)) {
      const meta = Object.fromEntries(Object.entries(node.metadata!).map(([k, v]) => [k, bytes(v)]));
      const [plain] = await codec.decode([{ metadata: meta, data: bytes(node.data) } as Payload]);
      return { encoding: Buffer.from(plain!.metadata?.encoding ?? new Uint8Array()).toString('utf8'), text: Buffer.from(plain!.data ?? new Uint8Array()).toString('utf8') };
    }
    if (node && typeof node === 'object') {
      return Object.fromEntries(await Promise.all(Object.entries(node).map(async ([k, v]) => [k, await decodeAll(v)] as const)));
    }
    return node;
  };
  return JSON.stringify(await decodeAll(JSON.parse(historyToJSON(await handle.fetchHistory()))));
}
