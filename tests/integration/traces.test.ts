/**
 * One trace from a seller's POST to the activity that called the payout provider: the API's request
 * span, the Temporal client's start, the workflow and its activities, exported in process by an
 * in-memory exporter (the API and the worker run here, on the real Temporal and MongoDB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { SWEEP_WORKFLOW } from '../../domain/sweeps.js';
import { withdrawalWorkflowId } from '../../domain/withdrawal.js';
import { dataConverter } from '../../infra/temporal/data-converter.js';
import { workflowSpanSinks } from '../../infra/tracing/temporal.js';
import { startTracing, type Tracing } from '../../infra/tracing/tracing.js';
import { testKeyRing } from '../support/secrets.js';
import { holdsSecret } from '../support/secret-scan.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let w: WithdrawalWorld;
  let worker: Awaited<ReturnType<WithdrawalWorld['startWorker']>>;
  beforeAll(async () => {
    tracing = startTracing({ service: 'coin-market-test', exporter })!;
    w = await startWithdrawalWorld({ worker: false, app: { tracing: true } });
    worker = await w.startWorker({ tracing });
  });
  afterAll(async () => {
    await worker?.shutdown();
    await w?.close();
    await tracing?.shutdown();
  });

  it('links the POST, the workflow start, the workflow and the activity that called the provider in one trace, with no secret in it', async () => {
    const s = await sellerWithMoney(w, 5000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome: 'paid' });
    const { res, withdrawalId, code } = await withdraw(s, 2000);
    expect(res.status).toBe(201);
    const workflowId = withdrawalWorkflowId(withdrawalId);
    // The authoritative end: the workflow's result, after its activities' spans and its own ended.
    const handle = w.temporal.client.workflow.getHandle(workflowId);
    await handle.result();
    expect((await w.payouts()).payouts.find((p) => p.key === workflowId)).toMatchObject({ state: 'paid' });
    await tracing.forceFlush();
    const spans = exporter.getFinishedSpans();

    const post = spans.filter((sp) => sp.name === 'POST /api/withdrawals');
    expect(post).toHaveLength(1);
    const http = post[0]!;
    expect(http.attributes).toMatchObject({ 'seller.id': s.sellerId, 'http.route': '/api/withdrawals', 'http.response.status_code': 201 });
    expect(http.attributes['request.id']).toMatch(/^[0-9a-f]{16}$/);
    const traceId = http.spanContext().traceId;
    const inTrace = spans.filter((sp) => sp.spanContext().traceId === traceId);
    const childOf = (parent: ReadableSpan, name: (n: string) => boolean): ReadableSpan => {
      const found = inTrace.filter((sp) => sp.parentSpanId === parent.spanContext().spanId && name(sp.name));
      expect(found.map((sp) => sp.name), `one child of ${parent.name}`).toHaveLength(1);
      return found[0]!;
    };
    const start = childOf(http, (n) => n.startsWith('StartWorkflow:'));
    expect(start.attributes.temporalWorkflowId).toBe(workflowId);
    const run = childOf(start, (n) => n.startsWith('RunWorkflow:'));
    const schedule = childOf(run, (n) => n === 'StartActivity:createPayout');
    const activity = childOf(schedule, (n) => n === 'RunActivity:createPayout');
    expect(activity.attributes.temporalWorkflowId).toBe(workflowId);

    // What the seller holds secret appears in no span of the run: not the session cookie, the CSRF
    // token, the password, the emailed code, nor the payout address or the email.
    const cookieValue = s.cookie.slice(s.cookie.indexOf('=') + 1).split(';')[0]!;
    const secrets = [cookieValue, s.csrf, s.password, code, s.settings.settings.paymentAddress, s.email];
    const text = JSON.stringify(spans.map((sp) => ({ name: sp.name, attributes: sp.attributes, events: sp.events, links: sp.links, resource: sp.resource.attributes })));
    for (const secret of secrets) expect(holdsSecret(text, secret), 'a secret in the spans').toBe(false);

    // A traced run replays as it ran (the interceptors wrap it in replay too: its start headers say so).
    await Worker.runReplayHistory(
      { workflowBundle: { codePath: inject('workflowBundlePath') }, dataConverter: dataConverter(testKeyRing()), sinks: workflowSpanSinks(null) },
      await handle.fetchHistory(), workflowId,
    );
  });

  it('a run started outside any trace (a sweep round, as its schedule starts it) makes no span at all', async () => {
    // A client without the tracing interceptor starts it, as the Temporal server's scheduler does: no trace in its headers.
    const bare = new Client({ connection: w.temporal.client.connection, namespace: w.temporal.client.options.namespace, dataConverter: dataConverter(testKeyRing()) });
    const workflowId = `untraced-sweep-${randomUUID()}`;
    const handle = await bare.workflow.start(SWEEP_WORKFLOW, { taskQueue: w.taskQueue, workflowId, args: ['idempotency-keys'] });
    await handle.result();
    await tracing.forceFlush();
    const ofRun = exporter.getFinishedSpans().filter((sp) => sp.attributes.temporalWorkflowId === workflowId);
    expect(ofRun.map((sp) => sp.name)).toEqual([]);
  });
});
