/**
 * The remainder of a comfort run (specification section 4, Transfer Completed: "a remainder usually
 * under 50K coins may stay and be sold later"). The run sells and pays only the coins it moved; what
 * the provider could not move stays in the seller's game account and stays theirs. It cannot be
 * offered on its own (the minimum is 100,000 coins, section 5), so the record says so and the seller
 * sells it in a new comfort trade once the account holds the minimum again (docs/comfort-trade.md).
 * Pure: no I/O.
 */
import type { ComfortRunView } from './comfort-trade.js';

/** Coins left in the game account once the transfer is completed (0 while it runs, or for a cancelled run). */
export function remainderCoins(run: Pick<ComfortRunView, 'status' | 'coinAmount' | 'coinsTransferred' | 'completedAt'>): number {
  if (run.completedAt === null || run.status === 'cancelled' || run.status === 'transferring') return 0;
  return Math.max(0, run.coinAmount - run.coinsTransferred);
}
