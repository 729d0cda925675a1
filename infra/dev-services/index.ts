import { join } from 'node:path';
import { provideMongo, type MongoService } from './mongo.js';
import { provideTemporal, type TemporalService } from './temporal.js';
import { describeChoice } from './report.js';
import { privateDir } from './private-dir.js';

export { provideMongo, provideTemporal, type MongoService, type TemporalService };

export interface DevServices {
  mongo: MongoService;
  temporal: TemporalService;
  stop(): Promise<void>;
}

/** Starts (or finds) MongoDB and Temporal in parallel and prints which were chosen and why. */
export async function startDevServices(opts: {
  dataDir: string;
  ports?: { mongo?: number; postgres?: number; temporal?: number; temporalUi?: number };
  log?: (line: string) => void;
  /** Data thrown away after the run (tests, benchmarks): see `scratch` in postgres.ts. */
  scratch?: boolean;
  /** Where the dev Temporal UI decodes payloads (the API's /codec/<token>). */
  uiCodecEndpoint?: string;
  /** The database password (npm start keeps one in .data/secrets.json); unset: a new one for this start. */
  databasePassword?: string;
}): Promise<DevServices> {
  const log = opts.log ?? ((l: string) => console.log(l));
  // Other users of the machine get nothing under it (its servers' files, logs, secrets).
  privateDir(opts.dataDir);
  const [mongo, temporal] = await Promise.allSettled([
    provideMongo({ dataDir: join(opts.dataDir, 'mongo'), port: opts.ports?.mongo, postgresPort: opts.ports?.postgres, scratch: opts.scratch, log, password: opts.databasePassword }),
    provideTemporal({ dataDir: join(opts.dataDir, 'temporal'), port: opts.ports?.temporal, uiPort: opts.ports?.temporalUi, log, uiCodecEndpoint: opts.uiCodecEndpoint }),
  ]);
  if (mongo.status === 'rejected' || temporal.status === 'rejected') {
    if (mongo.status === 'fulfilled') await mongo.value.stop();
    if (temporal.status === 'fulfilled') await temporal.value.stop();
    const reasons = [mongo, temporal].filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason?.message ?? r));
    throw new Error(reasons.join('\n'));
  }
  log(describeChoice(mongo.value.choice));
  log(describeChoice(temporal.value.choice));
  return {
    mongo: mongo.value,
    temporal: temporal.value,
    stop: async () => { await Promise.all([mongo.value.stop(), temporal.value.stop()]); },
  };
}
