import { describe, expect, it } from 'vitest';
import { COMFORT_TABLE } from '../../domain/comfort-trade/table.js';
import { PURCHASE_TABLE } from '../../domain/player-trade/table.js';
import { WITHDRAWAL_TABLE } from '../../domain/withdrawal/table.js';
import { COMFORT_UPDATES } from '../../domain/comfort-trade/contract.js';
import { PURCHASE_UPDATES } from '../../domain/player-trade/contract.js';
import { WITHDRAWAL_UPDATES } from '../../domain/withdrawal/contract.js';

// One style for event names: camelCase, the style of every update and signal name (those are in
// recorded histories and cannot change). The purchase table's first events are snake_case and are
// kept: they are stored in every purchase's decision log and sent to the page as `actions`
// (docs/architecture.md, "Names"). A new event anywhere is camelCase.
const PURCHASE_NAMES_AS_RECORDED = ['pick_refused', 'not_bought', 'not_verified', 'provider_down', 'support_verified', 'support_rejected', 'support_retry', 'freeze_ended'];
const camel = /^[a-z]+(?:[A-Z][a-z]*)*$/;

describe('event names', () => {
  it('are camelCase in every table, but for the purchase names already recorded', () => {
    const odd = [COMFORT_TABLE, WITHDRAWAL_TABLE, PURCHASE_TABLE]
      .flatMap((t) => Object.keys(t.events).map((e) => `${t.kind}:${e}`))
      .filter((name) => !camel.test(name.split(':')[1]!) && !PURCHASE_NAMES_AS_RECORDED.includes(name.split(':')[1]!));
    expect(odd).toEqual([]);
  });

  it('are camelCase for every update and signal the API and support send', () => {
    const wire = [COMFORT_UPDATES, PURCHASE_UPDATES, WITHDRAWAL_UPDATES].flatMap((u) => Object.values(u).map((d) => (d as { name: string }).name));
    expect(wire.length).toBeGreaterThan(10);
    expect(wire.filter((n) => !camel.test(n))).toEqual([]);
  });
});
