/**
 * `coinmarket_ready{dependency}` (the ApiNotReady alert's input) reports what `/ready` reports: a
 * dependency that answers is 1; one that refuses, throws or does not answer within /ready's deadline is 0.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerReadyGauge } from '../../api/metrics.js';
import { parseMetrics } from '../support/metrics.js';

const readyOf = async (registry: Registry) =>
  Object.fromEntries(parseMetrics(await registry.metrics()).filter((s) => s.name === 'coinmarket_ready').map((s) => [s.labels.dependency, s.value]));

describe('coinmarket_ready', () => {
  it('is 1 for a dependency that answers and 0 for one that refuses, throws or hangs, read again at every scrape', async () => {
    let mongoUp = true;
    const registry = new Registry();
    registerReadyGauge(registry, {
      mongodb: async () => mongoUp,
      temporal: async () => { throw new Error('connection refused'); },
      smtp: () => new Promise<boolean>(() => undefined),
    });
    expect(await readyOf(registry)).toEqual({ mongodb: 1, temporal: 0, smtp: 0 });
    mongoUp = false;
    expect(await readyOf(registry)).toEqual({ mongodb: 0, temporal: 0, smtp: 0 });
  });
});
