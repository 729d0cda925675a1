/**
 * This browser's push subscription, apart from lib/push.ts (which needs the API client): logout ends
 * it, and loading the API client for that put React's hooks on a path without JSX, which split the
 * first view's React chunk (docs/performance.md, "Web first view").
 */

/** Whether this browser can receive push at all (service workers, the Push API, notifications). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's subscription, if it has one (no service worker registered: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Unsubscribes this browser at its push service; answers the endpoint it had (null: none, or no push here). Never throws. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const sub = await currentSubscription().catch(() => null);
  if (!sub) return null;
  await sub.unsubscribe().catch(() => false);
  return sub.endpoint;
}
