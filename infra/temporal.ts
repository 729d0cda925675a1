import { Client, Connection } from '@temporalio/client';

export const DEFAULT_TASK_QUEUE = 'coin-market';

/** A Temporal client for the API (starts and signals workflows). */
export async function connectTemporal(address: string, namespace = process.env.TEMPORAL_NAMESPACE ?? 'default'): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({ address, connectTimeout: 10_000 });
  return { client: new Client({ connection, namespace }), connection };
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
