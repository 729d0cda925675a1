/**
 * The words of every notification in the eight languages of the web app: a title code and a body
 * code per notification (domain/notifications.ts) with `{param}` placeholders. Each language's words
 * live in their own module (domain/notification-texts/<lang>.ts), the one source the worker's mails
 * and push messages and the web app's bell and notifications page all render from (the web loads
 * only the seller's language). Pure.
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from './client-config.js';
import type { NotificationParams } from './notifications.js';
import type { Texts } from './notification-texts/support.js';
import { fillNotificationText } from './notification-texts/fill.js';
import en, { mailTexts as enMail } from './notification-texts/en.js';
import ar, { mailTexts as arMail } from './notification-texts/ar.js';
import de, { mailTexts as deMail } from './notification-texts/de.js';
import es, { mailTexts as esMail } from './notification-texts/es.js';
import fr, { mailTexts as frMail } from './notification-texts/fr.js';
import pt, { mailTexts as ptMail } from './notification-texts/pt.js';
import fa, { mailTexts as faMail } from './notification-texts/fa.js';
import zh, { mailTexts as zhMail } from './notification-texts/zh.js';

export { NUMBER_LOCALES, formatParams } from './notification-texts/fill.js';

/** Each language's texts with the lines only mails use (the web app imports the texts alone). */
export const NOTIFICATION_TEXTS: Readonly<Record<LanguageCode, Texts>> = {
  en: { ...en, ...enMail }, ar: { ...ar, ...arMail }, de: { ...de, ...deMail }, es: { ...es, ...esMail },
  fr: { ...fr, ...frMail }, pt: { ...pt, ...ptMail }, fa: { ...fa, ...faMail }, zh: { ...zh, ...zhMail },
};

/** One text in `lang` (English when the language lacks it), its placeholders filled. */
export function notificationText(lang: LanguageCode, code: string, params: NotificationParams = {}, timeZone?: string): string {
  return fillNotificationText(lang, NOTIFICATION_TEXTS[lang][code] ?? NOTIFICATION_TEXTS[DEFAULT_LANGUAGE][code] ?? code, params, timeZone);
}
