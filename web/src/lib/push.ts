/**
 * Web Push in this browser: the service worker at /sw.js, PushManager.subscribe with the site's VAPID
 * public key, and the subscription saved to (or removed from) the seller's account. The per-kind
 * `push` choices live with the other notification preferences (lib/notifications.ts).
 */
import type { PushStatusView, PushSubscriptionsView, PushSubscriptionView } from '../../../domain/web-push';
import { api } from './api';
import { currentSubscription, pushSupported, unsubscribeThisBrowser } from './push-subscription';

export type { PushStatusView, PushSubscriptionView };
export { currentSubscription, pushSupported, unsubscribeThisBrowser };


export const loadPushStatus = () => api<PushStatusView>('/api/notifications/push');

/** Why turning push on did not work, for the page to say. */
export class PushRefused extends Error {
  constructor(readonly reason: 'denied' | 'unsupported' | 'unavailable') {
    super(reason);
  }
}

const bytesOf = (b64u: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(b64u.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64u.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};
const sameKey = (sub: PushSubscription, key: Uint8Array) => {
  const have = sub.options.applicationServerKey ? new Uint8Array(sub.options.applicationServerKey) : null;
  return !!have && have.length === key.length && have.every((b, i) => b === key[i]);
};


/**
 * Asks for permission, registers the service worker, subscribes with the site's key and saves the
 * subscription. The save needs a fresh re-authentication (the caller wraps this in withFreshAuth);
 * doing it again after one finds the same subscription.
 */
export async function enablePush(publicKey: string | null): Promise<PushStatusView> {
  if (!pushSupported()) throw new PushRefused('unsupported');
  if (!publicKey) throw new PushRefused('unavailable');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('denied');
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const reg = await navigator.serviceWorker.ready;
  const key = bytesOf(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // Made with another key (the operator replaced the VAPID pair): the push service would refuse our pushes.
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return api<PushStatusView>('/api/notifications/push/subscription', { method: 'PUT', body: sub.toJSON() });
}


/** Removes this browser's subscription from the account and from the push service. */
export async function disablePush(): Promise<PushStatusView | null> {
  const endpoint = await unsubscribeThisBrowser();
  if (!endpoint) return null;
  return api<PushStatusView>('/api/notifications/push/subscription', { method: 'DELETE', body: { endpoint } });
}

/** This browser's id in the list (the server's: the first 32 hex digits of the endpoint's SHA-256); null without a subscription. */
export async function thisBrowserId(): Promise<string | null> {
  const sub = await currentSubscription().catch(() => null);
  if (!sub || !crypto.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sub.endpoint)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
}

/** Every browser of the seller that gets push notifications (Settings' list). */
export const loadPushBrowsers = () => api<PushSubscriptionsView>('/api/notifications/push/subscriptions');

/** Takes one browser off the account by its id; answers the list left. */
export const removePushBrowser = (id: string) =>
  api<PushSubscriptionsView>(`/api/notifications/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
