/** `npm run restore -- --local`: npm start's own database, started here on its own for the restore (npm start must not be running). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { provideMongo } from '../infra/dev-services/index.js';
import { dataDirOf, localStackFile } from './local-stack.js';
import { localSecrets } from './secrets.js';

export async function startLocalDatabase(env: NodeJS.ProcessEnv): Promise<{ uri: string; stop(): Promise<void> }> {
  const dataDir = dataDirOf(env);
  if (existsSync(localStackFile(dataDir))) throw new Error(`npm start is running on ${dataDir}: stop it (Ctrl-C) before restoring into it`);
  return provideMongo({ dataDir: join(dataDir, 'mongo'), ignoreEnv: true, password: localSecrets(join(dataDir, 'secrets.json'), ['DATABASE_PASSWORD']).DATABASE_PASSWORD, log: (l) => console.error(l) });
}
