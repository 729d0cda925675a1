import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_POLICY } from '../../domain/webhooks.js';
import { DEFAULT_EVENT_RETENTION, eventRetentionFromEnv } from '../../infra/seller-feed/retention.js';

describe('event retention setting', () => {
  const horizon = DEFAULT_DELIVERY_POLICY.horizonMs;
  it('keeps events 30 days unless EVENT_RETENTION_DAYS says otherwise', () => {
    expect(eventRetentionFromEnv({}, horizon)).toEqual(DEFAULT_EVENT_RETENTION);
    expect(eventRetentionFromEnv({ EVENT_RETENTION_DAYS: '90' }, horizon).days).toBe(90);
  });
  it('refuses a retention that would forget deliveries still being retried (three days), or no number', () => {
    for (const days of ['3', '1', '0', '-5', 'soon']) {
      expect(() => eventRetentionFromEnv({ EVENT_RETENTION_DAYS: days }, horizon)).toThrow(/longer than the webhook retry horizon \(3 days\)/);
    }
  });
});
