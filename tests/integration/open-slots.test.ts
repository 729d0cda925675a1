import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Slots } from '../../infra/slots.js';
import { testDatabase } from '../support/servers.js';

describe('open slots: caps shared by replicas (real database)', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let slots: Slots;
  beforeAll(async () => {
    t = await testDatabase('slots');
    slots = await Slots.open(t.db.db!);
  });
  afterAll(async () => t?.drop());

  it('gives 5 places to 5 of 50 racing holders, none twice', async () => {
    const got = await Promise.all(Array.from({ length: 50 }, (_, i) => slots.claim('race', 5, `h${i}`, 60_000)));
    const won = got.filter((s): s is string => s !== null);
    expect(won).toHaveLength(5);
    expect(new Set(won).size).toBe(5);
  });

  it('frees a place on release and, for a holder that died, when its expiry passes; renewing keeps it', async () => {
    const now = Date.now();
    expect(await slots.claim('g', 2, 'alive', 1_000, now)).not.toBeNull();
    expect(await slots.claim('g', 2, 'dead', 1_000, now)).not.toBeNull();
    expect(await slots.claim('g', 2, 'late', 1_000, now)).toBeNull();
    // Later, only the living holder renewed: the dead one's place goes to the next claimer.
    const held = await slots.keepAll(['alive'], 1_000, now + 900);
    expect(held.get('alive')).toBe(1);
    expect(await slots.claim('g', 2, 'late', 1_000, now + 1_500)).not.toBeNull();
    expect(await slots.claim('g', 2, 'later', 1_000, now + 1_500)).toBeNull();
    expect((await slots.keepAll(['dead'], 1_000, now + 1_500)).get('dead')).toBeUndefined();
    await slots.releaseAll('alive');
    expect(await slots.claim('g', 2, 'later', 1_000, now + 1_600)).not.toBeNull();
  });
});
