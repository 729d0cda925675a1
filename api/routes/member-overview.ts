/**
 * The signed-in overview (`GET /api/member/overview`; docs/api.md): the seller's money through the one
 * model of a sale's money (domain/member-overview.ts), the time each frozen part becomes available,
 * the withdrawals under way, the waits that need the seller and the latest movements. It reads the
 * seller's ledger once (the fields the model reads, as the record pages do), the records holding
 * frozen money, and at most OVERVIEW_NEEDS open notifications; it writes nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Collection } from 'mongodb';
import { OVERVIEW_NEEDS, overviewMoney, type OverviewAnswer, type TradeKind } from '../../domain/member-overview.js';
import type { LedgerEntry } from '../../infra/wallet/wallet.js';
import type { NotificationInbox } from '../../infra/notifications/inbox.js';
import type { ComfortRuns } from '../../infra/comfort/runs.js';
import type { Purchases } from '../../infra/player-trade/purchases.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';

const PROJECTION = { seq: 1, kind: 1, ref: 1, delta: 1, at: 1 } as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const obj = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });
const bucket = { type: 'array', items: obj({ start: int, player: int, comfort: int }) };

/** The answer's schema: fastify serializes exactly these fields, nothing else of the records leaks. */
export const OVERVIEW_SCHEMA = obj({
  availableCents: int, frozenCents: int, pendingCents: int, now: int,
  frozen: { type: 'array', items: obj({ ref: str, kind: { enum: ['player', 'comfort'] }, cents: int, availableAt: nullableInt }) },
  pending: { type: 'array', items: obj({ withdrawalId: str, cents: int, requestedAt: int }) },
  needs: { type: 'array', items: obj({ id: str, titleCode: str, params: { type: 'object', additionalProperties: { type: ['string', 'number'] } }, link: str, deadline: nullableInt, createdAt: int }) },
  recent: { type: 'array', items: obj({ seq: int, kind: str, ref: str, available: int, frozen: int, pendingPayout: int, at: int }) },
  earnings: obj({ day: bucket, week: bucket, month: bucket }),
});

export interface OverviewDeps { ledger: Collection<LedgerEntry>; purchases: Purchases; runs: ComfortRuns; inbox: NotificationInbox }

export const memberOverviewRoutes: FastifyPluginAsync<OverviewDeps> = async (app, deps) => {
  app.get('/api/member/overview', { preHandler: requireSeller, schema: { response: { 200: OVERVIEW_SCHEMA } } }, async (req, reply): Promise<OverviewAnswer> => {
    const sellerId = sellerOf(req).id;
    reply.header('Cache-Control', 'no-store');
    const [lines, purchases, runs, open] = await Promise.all([
      deps.ledger.find({ sellerId }, { projection: PROJECTION }).sort({ seq: 1 }).toArray(),
      deps.purchases.frozen(sellerId),
      deps.runs.frozen(sellerId),
      deps.inbox.open(sellerId, OVERVIEW_NEEDS),
    ]);
    const releases = new Map<string, { kind: TradeKind; releaseAt: number | null }>([
      ...purchases.map((p) => [p._id, { kind: 'player' as const, releaseAt: p.releaseAt }] as const),
      ...runs.map((r) => [r.runId, { kind: 'comfort' as const, releaseAt: r.releaseAt }] as const),
    ]);
    const needs = open.map((n) => ({ id: n._id, titleCode: n.titleCode, params: n.params, link: n.link, deadline: n.deadline ?? null, createdAt: n.createdAt }));
    return { ...overviewMoney(lines, releases, Date.now()), needs };
  });
};
