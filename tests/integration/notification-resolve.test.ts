/**
 * Issue 32, finding 4: an action entry resolves from the change that moves its run on, once. The real
 * notifier on the real database, handed the run's changes as the record activity's announcer hands
 * them: an older change replayed late resolves nothing, the same change told again (a retried
 * activity) or by two replicas at once resolves once and publishes nothing more, a new wait is an
 * entry of its own, and a run stopped at its deadline reads "expired".
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_COMFORT } from '../support/comfort.js';
import { startTestApp } from '../support/app.js';
import { testLogger } from '../support/servers.js';
import { firstRunView } from '../../domain/comfort-batch.js';
import { viewStatus, type ComfortRunView, type ComfortState, type ComfortSubState } from '../../domain/comfort-trade.js';
import { NOTIFICATION_RESOLVED } from '../../domain/live-events.js';
import { comfortRunEvent } from '../../domain/seller-events.js';
import { eventsCollection, type EventDoc } from '../../infra/live/events-collection.js';
import { createNotifier, type Notifier } from '../../infra/notifications/notifier.js';
import type { Collection } from 'mongodb';

describe('an action entry resolves once, from the change that moves its run on', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let notifier: Notifier;
  let events: Collection<EventDoc>;
  const sellerId = `seller-${randomBytes(4).toString('hex')}`;
  const runId = `run-${randomBytes(4).toString('hex')}`;
  const base = firstRunView({
    runId, sellerId, platform: 'ps', originEmail: 'spare@example.com', loginMethod: 'backup_codes', transferTime: '24h',
    coinAmount: 100_000, unitPriceCents: 2, credentialsRef: 'secret:x', createdAt: Date.now(), timings: FAST_COMFORT,
  });
  const at = (state: ComfortState, subState: ComfortSubState, version: number, fixBy: number | null = null): ComfortRunView =>
    ({ ...base, ...viewStatus(state, subState), version, fixBy });
  const tell = (v: ComfortRunView) => notifier.notify(sellerId, comfortRunEvent(v));
  const entries = async () => (await notifier.inbox.page(sellerId, 1)).items.filter((i) => i.kind === 'action_needed');
  const resolvedEvents = () => events.countDocuments({ sellerId, type: NOTIFICATION_RESOLVED });

  beforeAll(async () => {
    app = await startTestApp();
    events = await eventsCollection(app.db);
    notifier = await createNotifier({ db: app.db.db!, events, logger: testLogger() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('replays and racing replicas resolve once; a new wait is its own entry; a deadline that passed reads expired', async () => {
    await tell(at('waiting_seller', 'wrong_backup_codes', 3, Date.now() + 600_000));
    const [first] = await entries();
    expect(first).toMatchObject({ waits: { state: 'waiting_seller', version: 3 } });
    expect(first!.resolvedAt ?? null).toBeNull();

    // A change from before the wait, told late (a replayed activity), ends nothing.
    await tell(at('transferring', 'none', 2));
    expect((await entries())[0]!.resolvedAt ?? null).toBeNull();
    expect(await resolvedEvents()).toBe(0);

    // The seller's fix: told by two replicas at once, then retried. One resolution, at the first time written.
    const fixed = at('transferring', 'none', 4);
    await Promise.all([tell(fixed), tell(fixed)]);
    const [once] = await entries();
    expect(once).toMatchObject({ id: first!.id, resolution: 'fixed' });
    expect(once!.resolvedAt).toBeGreaterThan(0);
    const told = await resolvedEvents();
    expect(told).toBeGreaterThanOrEqual(1);
    await tell(fixed);
    expect(await entries()).toEqual([once]);
    expect(await resolvedEvents()).toBe(told);

    // A second wait is an entry of its own; its deadline passes and the run stops: it reads expired, the first stays fixed.
    await tell(at('waiting_seller', 'wrong_backup_codes', 5, Date.now() + 600_000));
    await tell(at('stopped', 'expired', 6));
    const both = await entries();
    expect(both).toHaveLength(2);
    expect(both.find((e) => e.id === first!.id)).toEqual(once);
    expect(both.find((e) => e.id !== first!.id)).toMatchObject({ resolution: 'expired', waits: { version: 5 } });
  });
});
