/**
 * `support account suspend|reinstate|close <seller>`: support's penalties (specification section 1,
 * "up to loss of the account"), recorded on the seller with who, why and when
 * (infra/accounts/standing.ts). Suspending or closing ends the seller's sessions, API keys and
 * sockets at once on every replica; the money stays the seller's (docs/support.md, "Penalties").
 */
import { STANDING_ACTIONS, type StandingAction } from '../domain/account-standing.js';
import { isDomainError } from '../domain/errors.js';
import { changeStanding } from '../infra/accounts/standing.js';
import { eventsCollection } from '../infra/live/events-collection.js';
import type { SupportContext } from './connect.js';
import type { Flags } from './flags.js';
import { CliError, EXIT, usageError } from './errors.js';
import { findSeller } from './seller.js';
import { whoAndWhy } from './who.js';
import { payOut } from './pay-out.js';

export const ACCOUNT_USAGE = [
  '  account suspend <seller>                  no sign-in, pick, submit or withdrawal; sessions, keys and sockets end now',
  '  account reinstate <seller>                a suspended seller signs in again (a closed one never does)',
  '  account close <seller>                    the account ends for good; its balance is still paid out (docs/support.md)',
  '  account pay-out <seller>                  pay a suspended or closed seller\'s whole available balance to their saved details',
];

type Print = (json: unknown, text: string) => void;

export async function accountCommand(ctx: SupportContext, args: string[], flags: Flags, print: Print): Promise<number> {
  const [sub, who, ...extra] = args;
  if (!sub || !who || extra.length || ![...STANDING_ACTIONS, 'pay-out'].includes(sub)) throw usageError(['Usage:', ...ACCOUNT_USAGE].join('\n'));
  const { by, why } = whoAndWhy(flags);
  const db = ctx.db.db!;
  const seller = await findSeller(db, who);
  if (sub === 'pay-out') {
    const w = await payOut(db, await ctx.temporal(), ctx.env, seller._id, { by, why });
    print({ ok: true, sellerId: seller._id, withdrawal: w, by, why },
      `Withdrawal ${w.withdrawalId} of ${(w.fees.amountCents / 100).toFixed(2)} EUR for ${seller._id} (${w.method} to ${w.address}) sent by ${by}; follow it with: npm run support -- seller ${seller._id}`);
    return EXIT.ok;
  }
  try {
    const r = await changeStanding(db, await eventsCollection(ctx.db), { sellerId: seller._id, action: sub as StandingAction, by, why });
    print({ ok: true, ...r, by, why }, `${seller._id} (${seller.email}): ${r.from} -> ${r.to} by ${by}.`
      + (r.from === 'active' ? ` ${r.sessionsEnded} session(s) ended; API keys and sockets refused from now on.` : '')
      + (r.pushSubscriptionsRemoved ? ` ${r.pushSubscriptionsRemoved} push subscription(s) removed.` : ''));
    return EXIT.ok;
  } catch (err) {
    if (isDomainError(err)) throw new CliError(err.kind === 'invalid' ? EXIT.usage : EXIT.refused, `Refused (${err.code}): ${err.message}`);
    throw err;
  }
}
