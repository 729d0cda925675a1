/**
 * Notifications in the browser: the list, marking read and the per-kind channel preferences
 * (/api/notifications), the unread count kept live over the socket, and the words of one
 * notification in the interface language (by its codes, in the words its mail says).
 */
import { proxy } from 'valtio';
import { NOTIFICATION_ADDED, NOTIFICATION_RESOLVED, type LiveEventMap } from '../../../domain/live-events';
import type { KindPreference, NotificationPage, NotificationView, PreferencesView } from '../../../domain/notifications';
import type { LanguageCode } from '../../../domain/client-config';
import { fillNotificationText } from '../../../domain/notification-texts/fill';
import { api, useLiveEvents } from './api';

export type { KindPreference, NotificationPage, NotificationView };

export const listNotifications = (page: number) => api<NotificationPage>('/api/notifications', { query: { page } });
export const markRead = (ids: string[]) => api<{ unread: number }>('/api/notifications/read', { method: 'POST', body: { ids } });
export const markAllRead = () => api<{ unread: number }>('/api/notifications/read', { method: 'POST', body: { all: true } });
export const loadPreferences = () => api<PreferencesView>('/api/notifications/preferences');
/** Saves the choices; the interface language goes along, so notification mails are written in it. */
export const savePreferences = (kinds: readonly KindPreference[], language: LanguageCode) =>
  api<PreferencesView>('/api/notifications/preferences', {
    method: 'PUT',
    body: { kinds: kinds.map(({ kind, email, inApp, push }) => ({ kind, email, inApp, push })), language },
  });

/**
 * Mails follow the language the seller uses the site in, not only the one saved with preferences:
 * a signed-in seller's interface language is sent once per seller and language (remembered in this
 * browser), so a seller who never opens the preferences still gets mails in their language.
 */
export async function syncMailLanguage(sellerId: string, language: LanguageCode): Promise<void> {
  const key = `coinmarket.mailLanguage.${sellerId}`;
  try {
    if (localStorage.getItem(key) === language) return;
  } catch {
    // storage unavailable (private mode): send it; the server keeps the last one
  }
  await api<PreferencesView>('/api/notifications/preferences', { method: 'PUT', body: { kinds: [], language } });
  try {
    localStorage.setItem(key, language);
  } catch {
    // nothing to remember it in: the next page load sends it again
  }
}

/**
 * The seller's unread count as the header shows it (null until the first answer), and the newest
 * entry it accounts for: a page load's resync replays earlier `notification:added` events, whose
 * counts are older than the list's, so only an entry newer than that one moves the count.
 */
export const inbox = proxy({ unread: null as number | null, newest: 0 });

/** Takes the count of a list answer or a mark-read answer (both newer than any replayed event). */
export const setUnread = (n: number, newestShown?: number) => {
  inbox.unread = Math.max(0, n);
  if (newestShown !== undefined) inbox.newest = Math.max(inbox.newest, newestShown);
};

/** Takes the count a live event carries, when its entry is newer than every one counted so far; true when it did. */
export function countAdded(added: { unread: number; item: NotificationView }): boolean {
  if (added.item.createdAt <= inbox.newest) return false;
  inbox.newest = added.item.createdAt;
  inbox.unread = Math.max(0, added.unread);
  return true;
}

/** Calls `onAdded` for each notification arriving live (events resent after a reconnect included). */
export function useNotificationAdded(onAdded: (added: LiveEventMap[typeof NOTIFICATION_ADDED]) => void): void {
  useLiveEvents([NOTIFICATION_ADDED], (e) => onAdded(e.data));
}

/** Calls `onResolved` when entries resolve live (their run moved on). */
export function useNotificationResolved(onResolved: (resolved: LiveEventMap[typeof NOTIFICATION_RESOLVED]) => void): void {
  useLiveEvents([NOTIFICATION_RESOLVED], (e) => onResolved(e.data));
}

/** An entry with the resolutions a live event brought applied (the same event twice changes nothing). */
export function withResolved(items: NotificationView[], r: LiveEventMap[typeof NOTIFICATION_RESOLVED]): NotificationView[] {
  return items.map((i) => (r.ids.includes(i.id) && !i.resolvedAt ? { ...i, resolvedAt: r.resolvedAt, resolution: r.resolution } : i));
}

type Translate = (key: string) => string;

/**
 * Title and body in the interface language, in the very words a mail or push message of the same
 * notification says: the templates come from the seller's language's one source
 * (domain/notification-texts/<lang>.ts, loaded with the notifications dictionary part) and fill their
 * params the same way (`timeZone` the seller's); the server's words only when this app lacks the code.
 */
export function notificationText(t: Translate, n: Pick<NotificationView, 'titleCode' | 'bodyCode' | 'params' | 'title' | 'body' | 'kind'>, lang: LanguageCode, timeZone: string): { title: string; body: string } {
  const say = (code: string): string => {
    const template = t(`notifications.say.${code.replace(/^notifications\./, '')}`);
    return template ? fillNotificationText(lang, template, n.params ?? {}, timeZone) : '';
  };
  return { title: say(n.titleCode) || n.title || n.kind, body: say(n.bodyCode) || n.body || '' };
}

/** "5 minutes ago", "in 2 hours" in the interface language (`now` and `at` in ms). */
export function relativeTime(at: number, now: number, locale: string): string {
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(0, 'second');
}
