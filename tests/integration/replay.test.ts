import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { HISTORIES_DIR } from '../support/histories.js';
import { dataConverter } from '../../infra/temporal/data-converter.js';
import { testKeyRing } from '../support/secrets.js';

/**
 * Every recorded history (tests/replay/histories, recorded by the workflow tests with
 * RECORD_HISTORIES=1) replays on today's workflow code: a change that would break workflows already
 * running in production fails here with a nondeterminism error.
 */
describe('workflow code replays every recorded history', () => {
  const files = readdirSync(HISTORIES_DIR).filter((f) => f.endsWith('.json')).sort();

  it('has histories of every business workflow to replay', () => {
    const kinds = new Set(files.map((f) => f.split('--')[0]));
    expect([...kinds].sort()).toEqual(['comfort-batch', 'comfort-run', 'countdown', 'player-purchase', 'webhook-delivery', 'webhook-dispatch', 'webhook-dispatcher', 'withdrawal']);
  });

  it.each(files)('%s', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(join(HISTORIES_DIR, file), 'utf8')));
    // With the run's codec: histories recorded before it pass through, later ones decrypt with the test key.
    await Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') }, dataConverter: dataConverter(testKeyRing()) }, history, file.replace(/\.json$/, ''));
  });
});
