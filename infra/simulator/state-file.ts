/**
 * What the provider simulator keeps across its own restarts. A real provider does not forget its
 * transfer orders, payouts and market purchases when our stack restarts, so neither may its
 * stand-in: `npm start` keeps them in `<DATA_DIR>/simulator.json` (SIMULATOR_STATE_FILE). Without
 * it, Ctrl-C and `npm start` lost every order, and a comfort run's resubmit or a pending payout met
 * "order not found" (tests/integration/stack-restart.test.ts).
 *
 * The file holds what the provider holds, the game-account login details it was given included, so
 * it is written for its owner only (mode 600), and only where the simulator runs on a developer's data.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { MarketState, SimulatedMarket } from './market.js';
import type { PayoutState, SimulatedPayouts } from './payouts.js';
import type { SimulatedTransfers, TransferState } from './transfer.js';

interface SavedState { version: 1; market: MarketState; transfers: TransferState; payouts: PayoutState }
interface Parts { market: SimulatedMarket; transfers: SimulatedTransfers; payouts: SimulatedPayouts }

/**
 * How often the simulator's own progress (a transfer's next chunk, a payout ending) is written: a
 * simulator killed outright may redo at most this much of it. What a caller asked for is written
 * before the answer (`flush`).
 */
const SAVE_EVERY_MS = 200;

/**
 * Restores `parts` from `file` when it exists, then writes them back whenever they changed and once
 * more on `stop`. Writes go to a side file renamed into place, so a kill never leaves half a file.
 * `flush` writes at once: the server calls it before answering a request that changed something,
 * because a provider that said "accepted" and then forgot the order is not one we may test against
 * (a chaos run lost three transfer orders to a kill inside the 200 ms between saves).
 */
export function keepState(file: string, parts: Parts): { stop(): void; flush(): void } {
  if (existsSync(file)) {
    let saved: SavedState;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
    } catch (err) {
      throw new Error(`simulator state ${file} cannot be read (${(err as Error).message}); delete it to start the simulator afresh`);
    }
    if (saved.version !== 1) throw new Error(`simulator state ${file} has version ${saved.version}, this simulator reads 1; delete it to start afresh`);
    parts.market.restore(saved.market);
    parts.transfers.restore(saved.transfers);
    parts.payouts.restore(saved.payouts);
  }
  let written = '';
  const save = () => {
    const state: SavedState = { version: 1, market: parts.market.saved(), transfers: parts.transfers.saved(), payouts: parts.payouts.saved() };
    const json = JSON.stringify(state);
    if (json === written) return;
    writeFileSync(`${file}.next`, json, { mode: 0o600 });
    renameSync(`${file}.next`, file);
    written = json;
  };
  save();
  // Not a sweep: the simulator saves its own state.
  const timer = setInterval(save, SAVE_EVERY_MS);
  timer.unref();
  return {
    flush: save,
    stop: () => {
      clearInterval(timer);
      save();
    },
  };
}
