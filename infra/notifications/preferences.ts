/**
 * Each seller's notification preferences (collection `notification_preferences`, `_id` = seller id):
 * per kind and channel, on unless turned off; mandatory kinds are on whatever is stored
 * (domain/notifications.ts `effectivePreferences`). Also the language notification mails are written in.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '../../domain/client-config.js';
import { effectivePreferences, type NotificationChannel, type NotificationKind, type NotificationPreferences } from '../../domain/notifications.js';

export const PREFERENCES_COLLECTION = 'notification_preferences';

interface PreferencesDoc {
  _id: string;
  kinds: Partial<Record<string, Partial<Record<NotificationChannel, boolean>>>>;
  language?: string;
  updatedAt: Date;
}

export class NotificationPreferencesStore {
  private constructor(private readonly docs: Collection<PreferencesDoc>) {}

  static async open(db: Db): Promise<NotificationPreferencesStore> {
    return new NotificationPreferencesStore(db.collection<PreferencesDoc>(PREFERENCES_COLLECTION));
  }

  async get(sellerId: string): Promise<{ kinds: NotificationPreferences; language: LanguageCode }> {
    const doc = await this.docs.findOne({ _id: sellerId });
    return { kinds: effectivePreferences(doc?.kinds), language: doc?.language && isLanguage(doc.language) ? doc.language : DEFAULT_LANGUAGE };
  }

  /** Stores the choices given (validated by the caller: no mandatory kind turned off) and the mail language. */
  async set(sellerId: string, changes: readonly { kind: NotificationKind; email: boolean; inApp: boolean; push?: boolean }[], language?: LanguageCode): Promise<void> {
    const $set: Record<string, unknown> = { updatedAt: new Date() };
    // Field by field: a client that does not send `push` leaves the stored choice as it is.
    for (const c of changes) {
      $set[`kinds.${c.kind}.email`] = c.email;
      $set[`kinds.${c.kind}.inApp`] = c.inApp;
      if (c.push !== undefined) $set[`kinds.${c.kind}.push`] = c.push;
    }
    if (language) $set.language = language;
    // Two first saves at once: one upsert inserts, the other fails on the key and updates.
    await this.docs.updateOne({ _id: sellerId }, { $set }, { upsert: true }).catch(async (err) => {
      if (!isDuplicateKey(err)) throw err;
      await this.docs.updateOne({ _id: sellerId }, { $set });
    });
  }
}

/** The language a seller reads the site in, and so every mail to them (English until they choose). */
export async function sellerLanguage(db: Db, sellerId: string): Promise<LanguageCode> {
  return (await (await NotificationPreferencesStore.open(db)).get(sellerId)).language;
}
