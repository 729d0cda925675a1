import { describe, expect, it } from 'vitest';
import { allowedEvents, tableProblems } from '../../domain/process.js';
import {
  DEFAULT_DELIVERY_POLICY, WEBHOOK_DELIVERY_TABLE, WEBHOOK_EVENTS_INVALID, WEBHOOK_URL_HTTP, WEBHOOK_URL_INVALID, backoffAfter, checkEndpoint,
} from '../../domain/webhooks.js';
import { signWebhook, verifyWebhook } from '../../infra/webhooks/signature.js';
import { verifySignature } from '../../examples/webhook-receiver.js';

describe('webhook delivery table', () => {
  it('is consistent, and a delivery only ends (delivered, expired, cancelled) from pending', () => {
    expect(tableProblems(WEBHOOK_DELIVERY_TABLE)).toEqual([]);
    expect(allowedEvents(WEBHOOK_DELIVERY_TABLE, 'pending').sort()).toEqual(['accepted', 'endpointRemoved', 'gaveUp']);
    for (const s of ['delivered', 'expired', 'cancelled'] as const) expect(allowedEvents(WEBHOOK_DELIVERY_TABLE, s)).toEqual([]);
  });
});

describe('webhook retry schedule', () => {
  it('doubles from 30 s up to an hour, and fits about 80 attempts in three days', () => {
    const p = DEFAULT_DELIVERY_POLICY;
    expect([1, 2, 3, 4].map((n) => backoffAfter(p, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffAfter(p, 30)).toBe(3600_000);
    let t = 0;
    let n = 0;
    while (t + backoffAfter(p, n + 1) <= p.horizonMs) { n++; t += backoffAfter(p, n); }
    expect(n + 1).toBeGreaterThan(70);
    expect(n + 1).toBeLessThan(90);
  });
});

describe('webhook endpoint input', () => {
  it('takes an https URL and known event types; refuses the rest field by field', () => {
    expect(checkEndpoint({ url: 'https://a.example/h', events: ['withdrawal:updated', 'withdrawal:updated'] }, false))
      .toEqual({ url: 'https://a.example/h', description: '', events: ['withdrawal:updated'] });
    expect(() => checkEndpoint({ url: 'http://a.example/h' }, false)).toThrow(WEBHOOK_URL_HTTP);
    expect(checkEndpoint({ url: 'http://127.0.0.1:1/h' }, true).url).toBe('http://127.0.0.1:1/h');
    expect(() => checkEndpoint({ url: 'https://user:pw@a.example/' }, false)).toThrow(WEBHOOK_URL_INVALID);
    expect(() => checkEndpoint({ url: 'not a url' }, false)).toThrow(WEBHOOK_URL_INVALID);
    try {
      checkEndpoint({ url: 7, events: [] }, false);
      expect.unreachable();
    } catch (err) {
      expect((err as { fields: unknown }).fields).toEqual([
        { field: 'url', message: WEBHOOK_URL_INVALID, code: 'WEBHOOK_URL_INVALID' },
        { field: 'events', message: WEBHOOK_EVENTS_INVALID, code: 'WEBHOOK_EVENTS_INVALID' },
      ]);
    }
  });
});

describe('webhook signatures', () => {
  it('verify with the server check and with the documented example check; tampering, another secret or a stale timestamp fail', () => {
    const body = JSON.stringify({ deliveryId: 'whe_x.1', position: 1 });
    const now = 1_800_000_000_000;
    const header = signWebhook('whsec_a', body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    for (const check of [verifyWebhook, verifySignature]) {
      expect(check('whsec_a', header, body, now)).toBe(true);
      expect(check('whsec_a', header, body, now + 299_000)).toBe(true);
      expect(check('whsec_a', header, body, now + 301_000)).toBe(false);
      expect(check('whsec_b', header, body, now)).toBe(false);
      expect(check('whsec_a', header, body.replace('1}', '2}'), now)).toBe(false);
      expect(check('whsec_a', header.replace('t=1800000000', 't=1800000100'), body, now)).toBe(false);
      expect(check('whsec_a', undefined, body, now)).toBe(false);
    }
  });
});

describe('webhook signatures during a secret rotation', () => {
  it('carry one v1 per secret, new first; a receiver holding either secret verifies, one holding neither does not', () => {
    const body = JSON.stringify({ deliveryId: 'whe_x.2', position: 2 });
    const now = 1_800_000_000_000;
    const header = signWebhook(['whsec_new', 'whsec_old'], body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    // The first v1 is exactly what the new secret alone would sign: receivers that read only the first entry follow the new secret.
    expect(header.split(',').slice(0, 2).join(',')).toBe(signWebhook('whsec_new', body, now));
    for (const check of [verifyWebhook, verifySignature]) {
      expect(check('whsec_old', header, body, now)).toBe(true);
      expect(check('whsec_new', header, body, now)).toBe(true);
      expect(check('whsec_other', header, body, now)).toBe(false);
      expect(check('whsec_old', header, body.replace('2}', '3}'), now)).toBe(false);
    }
    // The example receiver may hold both secrets while it switches: either matching is enough, neither is not.
    expect(verifySignature(['whsec_other', 'whsec_old'], signWebhook('whsec_old', body, now), body, now)).toBe(true);
    expect(verifySignature(['whsec_new', 'whsec_old'], signWebhook('whsec_new', body, now), body, now)).toBe(true);
    expect(verifySignature(['whsec_x', 'whsec_y'], header, body, now)).toBe(false);
  });
});
