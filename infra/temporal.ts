import { Client, Connection } from '@temporalio/client';
import type { KeyRing } from './secrets/key-ring.js';
import { dataConverter } from './temporal/data-converter.js';

export const DEFAULT_TASK_QUEUE = 'coin-market';

/** A Temporal client (starts and signals workflows); its payloads are encrypted with the key ring. */
export async function connectTemporal(address: string, keys: KeyRing, namespace = process.env.TEMPORAL_NAMESPACE ?? 'default'): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({ address, connectTimeout: 10_000 });
  return { client: new Client({ connection, namespace, dataConverter: dataConverter(keys) }), connection };
}

/** True when the Temporal frontend answers now; used by /ready. */
export async function temporalReachable(connection: Connection): Promise<boolean> {
  try {
    await connection.healthService.check({});
    return true;
  } catch {
    return false;
  }
}
