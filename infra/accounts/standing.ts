/**
 * Support's penalties on the seller document (`sellers.standing`, with its history), and what a
 * penalty ends at once: every session (deleted, announced as `session:ended` so every replica
 * drops its cached copy and the browser sockets on it) and every API key and `/v1` status socket
 * (refused while the standing does not sign in, announced as `api-key:changed` for key '*'), and
 * every Web Push subscription with the pushes queued for it (a browser is a channel that needs no
 * session: one a thief added would go on getting the seller's notices). Money is untouched: the balance, frozen amounts and runs under way stay the seller's.
 */
import type { Collection, Db, Filter } from 'mongodb';
import {
  standingOf, standingRefusal, standingStep, type Standing, type StandingAction, type StandingChange, type StandingRecord,
} from '../../domain/account-standing.js';
import { DomainError } from '../../domain/errors.js';
import { API_KEY_CHANGED_EVENT, SESSION_ENDED_EVENT } from '../../domain/live-events.js';
import type { EventDoc } from '../live/events-collection.js';
import { publishEvent } from '../live/publish.js';
import { findByIds } from '../find-by-ids.js';
import { PushSubscriptions } from '../web-push/subscriptions.js';

interface SellerStandingRow { _id: string; standing?: StandingRecord }

const sellers = (db: Db) => db.collection<SellerStandingRow>('sellers');

/** The seller's standing now, read fresh (absent seller: null). */
export async function readStanding(db: Db, sellerId: string): Promise<Standing | null> {
  const s = await sellers(db).findOne({ _id: sellerId }, { projection: { standing: 1 } });
  return s ? standingOf(s.standing) : null;
}

/** Of these sellers, the ones whose standing does not sign in (suspended or closed). */
export async function penalisedAmong(db: Db, sellerIds: string[]): Promise<Set<string>> {
  if (sellerIds.length === 0) return new Set();
  const rows = await findByIds(sellers(db), sellerIds, { also: { 'standing.standing': { $in: ['suspended', 'closed'] } }, projection: { _id: 1 } });
  return new Set(rows.map((r) => r._id));
}

export interface StandingResult { sellerId: string; from: Standing; to: Standing; sessionsEnded: number; pushSubscriptionsRemoved: number }

/**
 * Takes support's `action` on the seller, recorded with who, why and when. The standing is written
 * first and sessions are deleted after, while a sign-in re-reads the standing after opening its
 * session: a sign-in racing a suspension either sees it or has its session deleted.
 */
export async function changeStanding(
  db: Db, events: Collection<EventDoc>, input: { sellerId: string; action: StandingAction; by: string; why: string },
): Promise<StandingResult> {
  const by = input.by.trim();
  const why = input.why.trim();
  if (!by || !why) throw new DomainError('invalid', 'who_and_why', 'Say who does this and why');
  const row = await sellers(db).findOne({ _id: input.sellerId }, { projection: { standing: 1 } });
  if (!row) throw new DomainError('not_found', 'seller_not_found', 'No such seller');
  const from = standingOf(row.standing);
  const step = standingStep(from, input.action);
  if (!step.ok) throw new DomainError('conflict', 'standing_refused', step.message);
  const change: StandingChange = { standing: step.to, by, why, at: new Date() };
  // Conditional on the standing read above, so two support agents acting at once do not both move it.
  const unchanged: Filter<SellerStandingRow> = from === 'active'
    ? { _id: input.sellerId, $or: [{ standing: { $exists: false } }, { 'standing.standing': 'active' }] }
    : { _id: input.sellerId, 'standing.standing': from };
  const done = await sellers(db).updateOne(unchanged, {
    $set: { 'standing.standing': change.standing, 'standing.by': by, 'standing.why': why, 'standing.at': change.at },
    $push: { 'standing.history': change },
  });
  if (done.modifiedCount !== 1) throw new DomainError('conflict', 'standing_changed', 'The account changed meanwhile; read it again and retry.');
  let sessionsEnded = 0;
  if (from === 'active') {
    sessionsEnded = (await db.collection('sessions').deleteMany({ sellerId: input.sellerId })).deletedCount;
    await publishEvent(events, { sellerId: input.sellerId, type: SESSION_ENDED_EVENT, subject: 'sessions', data: {} });
    await publishEvent(events, { sellerId: input.sellerId, type: API_KEY_CHANGED_EVENT, subject: 'api-key:*', data: { keyId: '*', revision: 0, revoked: true } });
  }
  // Every penalty (suspended to closed too); a reinstated seller adds their browsers again.
  const pushSubscriptionsRemoved = standingRefusal(step.to) ? await (await PushSubscriptions.open(db)).removeAll(input.sellerId) : 0;
  return { sellerId: input.sellerId, from, to: step.to, sessionsEnded, pushSubscriptionsRemoved };
}
