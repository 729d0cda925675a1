/**
 * The seller's notifications: the in-app list (a page, newest first, and the unread count), marking
 * read, and preferences per kind and channel. Entries are made by the workers (infra/notifications/
 * notifier.ts); this service only reads them and records what the seller chose.
 */
import { DomainError, type FieldError } from '../../domain/errors.js';
import { isLanguage, type LanguageCode } from '../../domain/client-config.js';
import { CHOOSE_OPTION, INVALID_VALUE, NOTIFICATION_MANDATORY } from '../../domain/messages.js';
import {
  isMandatory, isNotificationKind, preferencesView, NOTIFICATION_PAGE_SIZE,
  type NotificationKind, type NotificationPage, type PreferencesView,
} from '../../domain/notifications.js';
import type { NotificationInbox } from '../../infra/notifications/inbox.js';
import type { NotificationPreferencesStore } from '../../infra/notifications/preferences.js';

const MAX_IDS = 200;
const MAX_PAGE = 10_000;

export type ReadRequest = { ids: string[] } | { all: true };
export interface PreferenceChange { kind: NotificationKind; email: boolean; inApp: boolean; push?: boolean }

const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ ids: string[] }` or `{ all: true }`; anything else is a field error. */
export function parseReadRequest(body: unknown): ReadRequest {
  if (record(body) && body.all === true) return { all: true };
  if (record(body) && Array.isArray(body.ids) && body.ids.length <= MAX_IDS && body.ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 300)) {
    return { ids: body.ids as string[] };
  }
  throw DomainError.invalidFields([{ field: 'ids', message: INVALID_VALUE }]);
}

/** `{ kinds: [{ kind, email, inApp, push? }], language? }`: every row checked (`push` left out keeps the stored choice), a mandatory kind turned off is refused, and a refusal changes nothing. */
export function parsePreferences(body: unknown): { changes: PreferenceChange[]; language?: LanguageCode } {
  const fields: FieldError[] = [];
  const changes: PreferenceChange[] = [];
  if (!record(body) || !Array.isArray(body.kinds)) throw DomainError.invalidFields([{ field: 'kinds', message: INVALID_VALUE }]);
  body.kinds.forEach((row: unknown, i: number) => {
    if (!record(row) || !isNotificationKind(row.kind)) { fields.push({ field: `kinds.${i}.kind`, message: CHOOSE_OPTION }); return; }
    const kind = row.kind;
    for (const channel of ['email', 'inApp', 'push'] as const) {
      if (channel === 'push' && row.push === undefined) continue;
      if (typeof row[channel] !== 'boolean') fields.push({ field: `kinds.${i}.${channel}`, message: INVALID_VALUE });
      else if (row[channel] === false && isMandatory(kind)) fields.push({ field: `kinds.${i}.${channel}`, message: NOTIFICATION_MANDATORY, data: { kind } });
    }
    changes.push({ kind, email: row.email === true, inApp: row.inApp === true, ...(typeof row.push === 'boolean' ? { push: row.push } : {}) });
  });
  let language: LanguageCode | undefined;
  if (body.language !== undefined) {
    if (typeof body.language === 'string' && isLanguage(body.language)) language = body.language;
    else fields.push({ field: 'language', message: CHOOSE_OPTION });
  }
  if (fields.length) throw DomainError.invalidFields(fields);
  return { changes, language };
}

export function createNotificationService(deps: { inbox: NotificationInbox; preferences: NotificationPreferencesStore }) {
  const preferences = async (sellerId: string): Promise<PreferencesView> => {
    const p = await deps.preferences.get(sellerId);
    return { kinds: preferencesView(p.kinds), language: p.language };
  };
  return {
    page(sellerId: string, page: number): Promise<NotificationPage> {
      return deps.inbox.page(sellerId, Math.max(1, Math.min(MAX_PAGE, page)), NOTIFICATION_PAGE_SIZE);
    },
    async markRead(sellerId: string, body: unknown): Promise<{ unread: number }> {
      return { unread: await deps.inbox.markRead(sellerId, parseReadRequest(body)) };
    },
    preferences,
    async setPreferences(sellerId: string, body: unknown): Promise<PreferencesView> {
      const { changes, language } = parsePreferences(body);
      await deps.preferences.set(sellerId, changes, language);
      return preferences(sellerId);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
