import { createSimulator } from './server.js';
import { callbackSecretFromEnv } from '../payout/callback-secret.js';
import { configOrExit } from '../config-error.js';
import { refuseProductionSwitches } from '../production-switches.js';

/** `npm run simulator`: the game-market provider simulator. Test steering is on outside production. */
configOrExit(() => refuseProductionSwitches(process.env));
const testControl = process.env.SIMULATOR_TEST_CONTROL
  ? process.env.SIMULATOR_TEST_CONTROL === '1'
  : process.env.NODE_ENV !== 'production';
const payoutCallbackSecret = configOrExit(() => callbackSecretFromEnv(process.env));
const sim = await createSimulator({
  size: Number(process.env.SIMULATOR_CARDS ?? 60),
  seed: Number(process.env.SIMULATOR_SEED ?? Date.now() % 100_000),
  tickMs: Number(process.env.SIMULATOR_TICK_MS ?? 15_000),
  testControl,
  apiKey: process.env.PROVIDER_API_KEY || undefined,
  payoutCallbackSecret,
  // Where a Payoneer consent may send the browser back (comma list, exact); unset: an API on this machine only.
  payoneerRedirectUris: (process.env.PAYONEER_REDIRECT_URIS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
  // Real-world transfer timing by default; SIMULATOR_TIME_SCALE=1000 runs it 1000 times faster (npm start's demo).
  timeScale: Number(process.env.SIMULATOR_TIME_SCALE ?? 1),
  // Orders, payouts and purchases survive a restart, as a real provider's do (npm start keeps them under DATA_DIR).
  stateFile: process.env.SIMULATOR_STATE_FILE || undefined,
  transferTiming: {
    ...(Number(process.env.SIMULATOR_TRANSFER_LOGIN_MS) > 0 ? { loginMs: Number(process.env.SIMULATOR_TRANSFER_LOGIN_MS) } : {}),
    ...(Number(process.env.SIMULATOR_TRANSFER_CHUNK_MS) > 0 ? { chunkMs: Number(process.env.SIMULATOR_TRANSFER_CHUNK_MS) } : {}),
    ...(Number(process.env.SIMULATOR_TRANSFER_CHUNK_COINS) > 0 ? { chunkCoins: Number(process.env.SIMULATOR_TRANSFER_CHUNK_COINS) } : {}),
  },
});
const address = await sim.listen(Number(process.env.SIMULATOR_PORT ?? process.env.PORT ?? 3100), process.env.HOST ?? '127.0.0.1');
console.log(JSON.stringify({ name: 'simulator', msg: 'provider simulator listening', address, testControl, transferTiming: sim.transfers.timing }));
const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
