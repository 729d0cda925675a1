/*
 * Coin Market's service worker (served from the root, scope "/"): it shows the push notifications the
 * server sends (title and body already in the seller's language, see infra/web-push/payload.ts) and,
 * on a click, opens the page the notification is about in a window of this site. It caches nothing.
 */
'use strict';

const FALLBACK = { title: 'Coin Market', body: '', link: '/member/notifications' };

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only this site's own pages are opened; anything else falls back to the notification list. */
function appUrl(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : FALLBACK.link, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // not a URL: the list instead
  }
  return new URL(FALLBACK.link, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = FALLBACK;
  try {
    const parsed = event.data ? event.data.json() : null;
    if (parsed && typeof parsed.title === 'string') data = parsed;
  } catch {
    // Chrome requires a visible notification for every push: show the fallback.
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: typeof data.lang === 'string' ? data.lang : undefined,
      dir: data.dir === 'rtl' ? 'rtl' : data.dir === 'ltr' ? 'ltr' : 'auto',
      data: { link: appUrl(data.link), kind: data.kind },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of this site already open: take it to the page rather than opening another.
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin || !('navigate' in client)) continue;
        try {
          const moved = await client.navigate(url);
          await (moved || client).focus().catch(() => undefined);
          return;
        } catch {
          // a tab this worker may not steer: try the next, then a new window
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
