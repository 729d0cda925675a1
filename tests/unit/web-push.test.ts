/**
 * Web Push configuration and subscriptions, pure checks: VAPID keys must be a matching P-256 pair
 * with a mailto:/https: subject (some but not all set stops the start), the local test origin is
 * refused in production, and a subscription's endpoint must be https on a push service (or the
 * local origin) with keys of the right sizes.
 */
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../domain/errors.js';
import { parsePushSubscription, pushEndpointAllowed } from '../../domain/web-push.js';
import { generateVapidKeys, webPushFromEnv, WebPushConfigError } from '../../infra/web-push/config.js';

const keys = generateVapidKeys('mailto:ops@example.com');
const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: keys.subject };
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

describe('VAPID configuration', () => {
  it('is off when unset, on with a matching pair', () => {
    expect(webPushFromEnv({})).toBeNull();
    expect(webPushFromEnv(env)?.vapid).toEqual(keys);
  });

  it('stops the start on a partial, mismatched or malformed setting, naming what to fix', () => {
    const other = generateVapidKeys();
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ VAPID_PUBLIC_KEY: keys.publicKey }, /missing: VAPID_PRIVATE_KEY, VAPID_SUBJECT/],
      [{ ...env, VAPID_PRIVATE_KEY: other.privateKey }, /not the public key of VAPID_PRIVATE_KEY/],
      [{ ...env, VAPID_PUBLIC_KEY: 'short' }, /VAPID_PUBLIC_KEY must be/],
      [{ ...env, VAPID_SUBJECT: 'ops@example.com' }, /VAPID_SUBJECT must be/],
      [{ ...env, WEB_PUSH_LOCAL_ORIGIN: 'http://127.0.0.1:4000', NODE_ENV: 'production' }, /refused in production/],
      [{ ...env, WEB_PUSH_HOSTS: 'push.example.com,not a host' }, /WEB_PUSH_HOSTS/],
    ];
    for (const [e, message] of cases) expect(() => webPushFromEnv(e)).toThrow(message);
    expect(() => webPushFromEnv(cases[0][0])).toThrow(WebPushConfigError);
    expect(webPushFromEnv({ ...env, WEB_PUSH_HOSTS: 'push.example.com' })?.hosts).toContain('push.example.com');
  });
});

describe('push subscriptions', () => {
  it('takes https push-service endpoints and the configured local origin only', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QO2')).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(pushEndpointAllowed('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false);
    expect(pushEndpointAllowed('https://user:pw@fcm.googleapis.com/x')).toBe(false);
    expect(pushEndpointAllowed('https://evilfcm.googleapis.com.example/x')).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1')).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', { localOrigin: 'http://127.0.0.1:4000' })).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4001/push/1', { localOrigin: 'http://127.0.0.1:4000' })).toBe(false);
  });

  it('checks key sizes and says which field is wrong', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(parsePushSubscription({ endpoint, keys: { p256dh: `${P256DH}=`, auth: `${AUTH}==` } })).toEqual({ endpoint, keys: { p256dh: P256DH, auth: AUTH } });
    try {
      parsePushSubscription({ endpoint, keys: { p256dh: `C${P256DH.slice(1)}`, auth: AUTH.slice(1) } });
      expect.unreachable();
    } catch (err) {
      expect(isDomainError(err) && err.fields.map((f) => [f.field, f.code])).toEqual([['keys.p256dh', 'PUSH_SUBSCRIPTION_INVALID'], ['keys.auth', 'PUSH_SUBSCRIPTION_INVALID']]);
    }
  });
});
