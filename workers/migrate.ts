/**
 * `node dist/migrate.js`: the deployment's migration step (infra/migrate.ts), run once before the api and
 * worker start (compose's `migrate` service, which they depend on with service_completed_successfully).
 * Exit 0 when every index is there; anything else stops the deployment before a process serves.
 */
import { connectDatabase } from '../infra/db.js';
import { startConfig } from '../infra/config/load.js';
import { migrateDatabase } from '../infra/migrate.js';

const { config } = startConfig('migrate');
const conn = await connectDatabase(config.MONGODB_URI!, config.MONGODB_DB);
try {
  const { indexes } = await migrateDatabase(conn);
  console.log(`migrate: ${indexes} indexes present in ${config.MONGODB_DB}`);
} catch (err) {
  console.error(`migrate failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await conn.close();
}
