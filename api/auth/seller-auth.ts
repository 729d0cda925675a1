/**
 * The accounts every slice reads (`app.accounts`: sessions, limits, the limiter) and the per-seller
 * write limit hung on every seller write route. A named root plugin (fastify-plugin): registered
 * before the slices, its decoration and its onRoute hook reach the routes of every slice.
 */
import fp from 'fastify-plugin';
import { decorateAccounts, type Accounts } from './accounts.js';
import { limitSellerWrites } from './seller-limits.js';

export const sellerAuth = fp<{ accounts: Accounts }>(async (app, o) => {
  decorateAccounts(app, o.accounts);
  limitSellerWrites(app);
}, { name: 'seller-auth', fastify: '5.x' });
