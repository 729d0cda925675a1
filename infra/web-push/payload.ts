/**
 * A notification as a push message: title and body in the seller's language, times in the seller's
 * zone (Settings; UTC without a choice) and named, as their mails say them; the app path it opens; no
 * secrets (params are masked before they become params).
 */
import { RTL_LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { notificationText } from '../../domain/notification-texts.js';
import type { NotificationPlan } from '../../domain/notifications.js';
import { PUSH_BODY_MAX, type PushPayload } from '../../domain/web-push.js';

export function notificationPush(lang: LanguageCode, n: NotificationPlan, notificationId: string, timeZone?: string | null): PushPayload {
  const zone = timeZone ?? undefined;
  const body = notificationText(lang, n.bodyCode, n.params, zone);
  return {
    title: notificationText(lang, n.titleCode, n.params, zone),
    body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body,
    link: n.link, lang, dir: RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr', tag: notificationId, kind: n.kind,
  };
}
