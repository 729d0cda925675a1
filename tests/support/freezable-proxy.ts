import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server that can stop answering: frozen, it keeps every connection
 * open and forwards nothing, as a deadlocked or paused database does (the hang of issue 21).
 */
export interface FreezableProxy {
  uri(target: string): string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(targetHost: string, targetPort: number): Promise<FreezableProxy & { port: number }> {
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => { pairs.delete(pair); client.destroy(); upstream.destroy(); };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // Bytes that arrive while frozen are dropped: a hung server never answers them, even later.
    client.on('data', (b) => { if (!frozen) upstream.write(b); });
    upstream.on('data', (b) => { if (!frozen) client.write(b); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    uri: (target) => target.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`),
    freeze: () => { frozen = true; },
    // Connections that saw dropped bytes are out of step for good: close them, the driver opens new ones.
    thaw: () => { frozen = false; for (const [c, u] of pairs) { c.destroy(); u.destroy(); } pairs.clear(); },
    close: async () => {
      for (const [c, u] of pairs) { c.destroy(); u.destroy(); }
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A freezable proxy in front of the suite's database, with the database's URI through it. */
export type DatabaseProxy = FreezableProxy & { databaseUri: string };

export async function startDatabaseProxy(mongoUri: string): Promise<DatabaseProxy> {
  const target = new URL(mongoUri.replace(/^mongodb:/, 'http:'));
  const proxy = await startFreezableProxy(target.hostname, Number(target.port));
  return { ...proxy, databaseUri: proxy.uri(mongoUri) };
}
