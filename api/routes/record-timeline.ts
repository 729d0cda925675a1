/**
 * A record's timeline for the seller who owns it: a comfort run from its change log
 * (`comfort_run_events`), a player purchase from the seller feed's `purchase:updated` entries.
 * Another seller's record answers 404, as the record itself does. Only codes and times leave: no
 * notes, vault references or support staff's names.
 */
import type { FastifyPluginAsync } from 'fastify';
import { comfortTimeline, purchaseTimeline, TIMELINE_MAX_STEPS, type RecordTimeline } from '../../domain/record-timeline.js';
import { COMFORT_TABLE, STATUS_OF } from '../../domain/comfort-trade/table.js';
import { PURCHASE_UPDATED } from '../../domain/player-trade/contract.js';
import type { SellerFeed } from '../../infra/seller-feed/feed.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { runNotFound, type ComfortService } from '../comfort-trade/service.js';
import { purchaseNotFound, type PlayerTradeService } from '../player-trade/service.js';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const recordTimelineRoutes: FastifyPluginAsync<{ comfort: ComfortService; player: PlayerTradeService; feed: SellerFeed }> = async (app, deps) => {
  const auth = { preHandler: requireSeller };

  app.get<{ Params: { id: string } }>('/api/comfort-trade/runs/:id/timeline', auth, async (req): Promise<{ timeline: RecordTimeline }> => {
    const doc = await deps.comfort.runs.get(sellerOf(req).id, req.params.id);
    if (!doc) throw runNotFound();
    const events = await deps.comfort.runs.eventsOf(doc._id, TIMELINE_MAX_STEPS + 1);
    const kept = events.slice(0, TIMELINE_MAX_STEPS);
    // The change log starts at the first change after submission: the submission itself is the run's first step.
    const submitted = { at: doc.createdAt, state: COMFORT_TABLE.initial, status: STATUS_OF[COMFORT_TABLE.initial], subState: 'none' };
    const changes = kept.map((e) => ({ at: e.at.getTime(), state: e.state, status: e.status, subState: e.subState }));
    return { timeline: comfortTimeline([submitted, ...changes], events.length > TIMELINE_MAX_STEPS) };
  });

  app.get<{ Params: { id: string } }>('/api/player-trade/purchases/:id/timeline', auth, async (req): Promise<{ timeline: RecordTimeline }> => {
    const sellerId = sellerOf(req).id;
    const rec = await deps.player.purchases.get(sellerId, req.params.id);
    if (!rec) throw purchaseNotFound();
    // The feed's dedup key is `<type>|<subject>|v<version>`: a prefix match on its index finds this purchase's changes.
    const docs = await deps.feed.docs
      .find({ sellerId, key: { $regex: `^${escapeRegex(`${PURCHASE_UPDATED}|${rec._id}|v`)}` } })
      .sort({ position: 1 }).limit(TIMELINE_MAX_STEPS + 1).toArray();
    const kept = docs.slice(0, TIMELINE_MAX_STEPS);
    return {
      timeline: purchaseTimeline(kept.map((d) => {
        const data = d.data as { state: string; phase: string; reason: string | null };
        return { at: d.at.getTime(), state: data.state, status: data.phase, subState: data.reason ?? 'none' };
      }), docs.length > TIMELINE_MAX_STEPS),
    };
  });
};
