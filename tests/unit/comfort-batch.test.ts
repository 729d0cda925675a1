import { describe, expect, it } from 'vitest';
import { COMFORT_BATCH_TABLE, comfortBatchWorkflowId, firstRunView } from '../../domain/comfort-batch.js';
import { DEFAULT_COMFORT_TIMINGS } from '../../domain/comfort-trade.js';
import { isFinal, step, tableProblems } from '../../domain/process.js';

describe('the comfort batch table', () => {
  it('is consistent and ends once every row started', () => {
    expect(tableProblems(COMFORT_BATCH_TABLE)).toEqual([]);
    expect(step(COMFORT_BATCH_TABLE, 'starting', 'rowStarted')).toMatchObject({ ok: true, to: 'starting', repeat: true });
    expect(step(COMFORT_BATCH_TABLE, 'starting', 'allStarted')).toMatchObject({ ok: true, to: 'started' });
    expect(step(COMFORT_BATCH_TABLE, 'started', 'rowStarted').ok).toBe(false);
    expect(isFinal(COMFORT_BATCH_TABLE, 'started')).toBe(true);
    expect(comfortBatchWorkflowId('b1')).toBe('comfort-batch:b1');
  });

  it('shows a row that is starting as Transferring with nothing moved and its estimated income', () => {
    const v = firstRunView({
      runId: 'r1', sellerId: 's1', platform: 'ps', originEmail: 'a@example.com', loginMethod: 'backup_codes', transferTime: '24h',
      coinAmount: 200_000, unitPriceCents: 250, credentialsRef: 'secret:x', createdAt: 5, timings: DEFAULT_COMFORT_TIMINGS,
    });
    expect(v).toMatchObject({ status: 'transferring', coinsTransferred: 0, successCount: 0, totalCount: 0, estimatedIncomeCents: 500, version: 1, createdAt: 5 });
    expect(JSON.stringify(v)).not.toContain('secret:x');
  });
});
