import { describe, expect, it } from 'vitest';
import { PayoutConfigError } from '../../infra/payout/callback-secret.js';
import { paypalFromEnv } from '../../infra/payout/paypal-config.js';
import { paypalAmount } from '../../infra/payout/paypal-gateway.js';
import { paypalItemView } from '../../infra/payout/paypal-states.js';

const CREDS = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'very-secret-value' };

describe('PayPal configuration (PAYPAL_*)', () => {
  it('is off without credentials, and picks PayPal\'s host by PAYPAL_ENV', () => {
    expect(paypalFromEnv({})).toBeNull();
    expect(paypalFromEnv(CREDS)).toMatchObject({ env: 'sandbox', baseUrl: 'https://api-m.sandbox.paypal.com' });
    expect(paypalFromEnv({ ...CREDS, PAYPAL_ENV: 'live', NODE_ENV: 'production' })).toMatchObject({ env: 'live', baseUrl: 'https://api-m.paypal.com' });
  });

  it('refuses half a configuration, an unknown environment, and production without PAYPAL_ENV, never naming the secret', () => {
    for (const env of [
      { PAYPAL_CLIENT_ID: 'id' }, { PAYPAL_CLIENT_SECRET: 'very-secret-value' }, { PAYPAL_ENV: 'live' }, { ...CREDS, PAYPAL_ENV: 'production' },
      { ...CREDS, NODE_ENV: 'production' },
    ]) {
      expect(() => paypalFromEnv(env)).toThrow(PayoutConfigError);
      try { paypalFromEnv(env); } catch (err) { expect((err as Error).message).not.toContain('very-secret-value'); }
    }
  });

  it('takes the base-URL override of a test mock outside production only', () => {
    expect(paypalFromEnv({ ...CREDS, PAYPAL_API_URL: 'http://127.0.0.1:4010/' })).toMatchObject({ baseUrl: 'http://127.0.0.1:4010' });
    expect(() => paypalFromEnv({ ...CREDS, PAYPAL_ENV: 'live', NODE_ENV: 'production', PAYPAL_API_URL: 'https://mock.example' })).toThrow(/refused in production/);
    expect(() => paypalFromEnv({ ...CREDS, PAYPAL_API_URL: 'ftp://x' })).toThrow(PayoutConfigError);
  });

  it('takes PAYPAL_WEBHOOK_ID as PayPal shows it, only with the credentials that verify its events', () => {
    expect(paypalFromEnv(CREDS)).toMatchObject({ webhookId: null });
    expect(paypalFromEnv({ ...CREDS, PAYPAL_WEBHOOK_ID: '1JE4291016473214C' })).toMatchObject({ webhookId: '1JE4291016473214C' });
    expect(() => paypalFromEnv({ PAYPAL_WEBHOOK_ID: '1JE4291016473214C' })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => paypalFromEnv({ ...CREDS, PAYPAL_WEBHOOK_ID: 'not an id' })).toThrow(/PAYPAL_WEBHOOK_ID/);
  });
});

describe('PayPal item states in our contract', () => {
  it('pays only SUCCESS with a transaction id; PENDING, ONHOLD and UNCLAIMED stay pending (PayPal may still pay)', () => {
    expect(paypalItemView({ transaction_status: 'SUCCESS', transaction_id: 'TX1' })).toEqual({ state: 'paid', failure: null, reference: 'TX1' });
    expect(paypalItemView({ transaction_status: 'SUCCESS' })).toBeNull();
    for (const s of ['PENDING', 'ONHOLD', 'UNCLAIMED']) expect(paypalItemView({ transaction_status: s })?.state).toBe('pending');
    expect(paypalItemView({ transaction_status: 'SOMETHING_NEW' })).toBeNull();
  });

  it('maps PayPal\'s error names to the seller\'s reasons', () => {
    const f = (transaction_status: string, name?: string) => paypalItemView({ transaction_status, ...(name ? { errors: { name } } : {}) })?.failure;
    expect(f('RETURNED', 'RECEIVER_UNREGISTERED')).toBe('unclaimed');
    expect(f('RETURNED')).toBe('unclaimed');
    expect(f('FAILED', 'RECEIVER_UNCONFIRMED')).toBe('unverified_account');
    expect(f('FAILED', 'RECEIVING_LIMIT_EXCEEDED')).toBe('receiving_limit');
    expect(f('RETURNED', 'PENDING_RECIPIENT_NON_HOLDING_CURRENCY_PAYMENT_PREFERENCE')).toBe('receive_only_hold');
    expect(f('FAILED')).toBe('rejected');
    expect(f('REVERSED', 'ANYTHING_ELSE')).toBe('rejected');
  });

  it('writes amounts as PayPal wants them', () => {
    expect(paypalAmount(1847, 'EUR')).toBe('18.47');
    expect(paypalAmount(5, 'USD')).toBe('0.05');
    expect(paypalAmount(1200, 'JPY')).toBe('1200');
    expect(() => paypalAmount(0, 'EUR')).toThrow();
  });
});
