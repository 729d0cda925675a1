/**
 * The suite's shared worlds as `test.extend` fixtures (issue 29), instead of the same setup copied by hand into
 * every file: a seller with payout details, a comfort world (simulator, API, worker, Temporal, that seller) and
 * webhook receivers. A file-scoped world is built once for the file, when its first test asks for it, and closed
 * after its last test, whatever failed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject, test } from 'vitest';
import type { ComfortTimings } from '../../domain/comfort-trade.js';
import type { Logger } from '../../infra/logger.js';
import { connectTemporal } from '../../infra/temporal.js';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';
import { FAST_COMFORT, startComfortWorker, startTransferSimulator } from './comfort.js';
import { createProvenSeller } from './proven.js';
import { testKeyRing } from './secrets.js';
import type { SignedInSeller } from './sellers.js';
import { uniqueQueue } from './servers.js';

/** The payout details a comfort seller saves in Settings (PayPal, EUR): without them a run ends in Payment Error. */
export const PAYOUT_DETAILS = { contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller' } as const;

/** Saves `PAYOUT_DETAILS` (and `over`) with the seller's password, as the settings page does; throws unless saved. */
export async function savePayoutDetails(seller: SignedInSeller, over: Record<string, string> = {}): Promise<void> {
  const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, ...over, currentPassword: seller.password }) });
  if (res.status !== 200) throw new Error(`payout details not saved: ${res.status} ${await res.text()}`);
}

/** A proven seller of `app` with payout details saved. */
export async function sellerWithPayoutDetails(app: Pick<TestApp, 'url'>): Promise<SignedInSeller> {
  const seller = await createProvenSeller(app);
  await savePayoutDetails(seller);
  return seller;
}

export interface ComfortWorldOptions {
  /** Run timings (FAST_COMFORT unless given). */
  timings?: ComfortTimings;
  /** More of the API's options; comfort and player trade run on the world's queue. */
  app?: Omit<TestAppOptions, 'comfortTrade'>;
  /** The worker's logger. */
  workerLogger?: Logger;
}

/** A transfer simulator, the API and a comfort worker on one fresh queue, a Temporal client, and a seller with payout details. */
export async function startComfortWorld(opts: ComfortWorldOptions = {}) {
  const queue = uniqueQueue('comfort-world');
  const timings = opts.timings ?? FAST_COMFORT;
  const sim = await startTransferSimulator();
  const app = await startTestApp(undefined, { ...opts.app, playerTrade: { taskQueue: queue, ...opts.app?.playerTrade }, comfortTrade: { taskQueue: queue, timings } });
  const worker = await startComfortWorker(app.db, queue, sim.url, undefined, opts.workerLogger);
  const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
  const seller = await sellerWithPayoutDetails(app);
  return {
    queue, timings, sim, app, worker, temporal, seller,
    close: async () => {
      await worker.shutdown();
      await temporal.connection.close();
      await app.close();
      await sim.close();
    },
  };
}
export type ComfortWorld = Awaited<ReturnType<typeof startComfortWorld>>;

/** Starts HTTP receivers on port 0 (the address is the one the server got, never a port guessed free) and closes them. */
function receiverPool() {
  const servers: Server[] = [];
  return {
    /** A receiver answering with `handler`; its URL ends in `path`. */
    async start(handler: (req: IncomingMessage, res: ServerResponse) => void, path = '/hook') {
      const server = createServer(handler);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      servers.push(server);
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` };
    },
    /** A receiver answering 204 to every POST and keeping each JSON body it got. */
    async recorder<B = unknown>(path = '/hook') {
      const bodies: B[] = [];
      const { url } = await this.start((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => { bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as B); res.writeHead(204).end(); });
      }, path);
      return { url, bodies };
    },
    /** Servers the test started itself on a port it chose (a receiver that was down, then came up). */
    adopt(server: Server) { servers.push(server); },
    close: () => Promise.all(servers.map((s) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); }))),
  };
}
export type Receivers = ReturnType<typeof receiverPool>;

/**
 * The test API of a file on one comfort world: `comfort` (built once for the file) and `receivers` (webhook
 * receivers, kept until the file ends so an endpoint registered in one test still answers in the next).
 */
export function comfortWorldTest(opts: ComfortWorldOptions = {}) {
  return test
    .extend('comfort', { scope: 'file' }, async ({}, { onCleanup }) => {
      const world = await startComfortWorld(opts);
      onCleanup(() => world.close());
      return world;
    })
    .extend('receivers', { scope: 'file' }, async ({}, { onCleanup }) => {
      const pool = receiverPool();
      onCleanup(() => pool.close().then(() => undefined));
      return pool;
    });
}
