import { createSimulator } from './server.js';
import { callbackSecretFromEnv } from '../payout/callback-secret.js';
import { startConfig } from '../config/load.js';

/** `npm run simulator`: the game-market provider simulator. Test steering is on outside production. */
// Every variable the simulator reads, checked at once (infra/config/schema.ts): a bad one stops the start (exit 2), each named.
const { config, payoutCallbackSecret } = startConfig('simulator', { payoutCallbackSecret: callbackSecretFromEnv });
const testControl = config.SIMULATOR_TEST_CONTROL ?? config.NODE_ENV !== 'production';
const sim = await createSimulator({
  size: config.SIMULATOR_CARDS,
  seed: config.SIMULATOR_SEED ?? Date.now() % 100_000,
  tickMs: config.SIMULATOR_TICK_MS,
  testControl,
  apiKey: config.PROVIDER_API_KEY,
  payoutCallbackSecret,
  // Where a Payoneer consent may send the browser back (comma list, exact); unset: an API on this machine only.
  payoneerRedirectUris: config.PAYONEER_REDIRECT_URIS ?? [],
  // Real-world transfer timing by default; SIMULATOR_TIME_SCALE=1000 runs it 1000 times faster (npm start's demo).
  timeScale: config.SIMULATOR_TIME_SCALE,
  // Orders, payouts and purchases survive a restart, as a real provider's do (npm start keeps them under DATA_DIR).
  stateFile: config.SIMULATOR_STATE_FILE,
  transferTiming: {
    ...(config.SIMULATOR_TRANSFER_LOGIN_MS ? { loginMs: config.SIMULATOR_TRANSFER_LOGIN_MS } : {}),
    ...(config.SIMULATOR_TRANSFER_CHUNK_MS ? { chunkMs: config.SIMULATOR_TRANSFER_CHUNK_MS } : {}),
    ...(config.SIMULATOR_TRANSFER_CHUNK_COINS ? { chunkCoins: config.SIMULATOR_TRANSFER_CHUNK_COINS } : {}),
  },
});
const address = await sim.listen(config.SIMULATOR_PORT ?? config.PORT ?? 3100, config.HOST);
console.log(JSON.stringify({ name: 'simulator', msg: 'provider simulator listening', address, testControl, transferTiming: sim.transfers.timing }));
const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
