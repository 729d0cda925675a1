/**
 * A notification as a mail in the seller's language: the title as subject, the body, the deadline
 * when there is one, the time of an account change, and a link straight to the page (`publicUrl` + the language prefix + the notification's app path),
 * as plain text and HTML. The Message-ID is fixed per notification and channel.
 */
import { createHash } from 'node:crypto';
import type { LanguageCode } from '../../domain/client-config.js';
import { localizedPath } from '../../domain/client-config.js';
import { notificationText } from '../../domain/notification-texts.js';
import type { NotificationPlan } from '../../domain/notifications.js';
import type { SupportChannel } from '../../domain/support-channels.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { layoutMail } from '../mail/layout.js';


/** `<hash@host>`: the same for every send of one notification on one channel. */
export function notificationMessageId(notificationId: string, channel: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'coin-market';
  return `<${createHash('sha256').update(`${notificationId}|${channel}`).digest('hex').slice(0, 40)}@${host}>`;
}

/** "Support contacts: Email support@…, Discord discord.gg/…" in `lang`: the operator's channels, as the pages show them. */
export function supportLine(lang: LanguageCode, channels: readonly SupportChannel[]): string {
  const names: Record<SupportChannel['id'], string> = { email: notificationText(lang, 'mail.support_email'), discord: 'Discord', whatsapp: 'WhatsApp', telegram: 'Telegram', qq: 'QQ' };
  return notificationText(lang, 'mail.support', { support: channels.map((c) => `${names[c.id]} ${c.value}`).join(', ') });
}

/**
 * `support`: the operator's support channels, named under the body of a notice that sends the seller to support.
 * `timeZone`: the seller's chosen zone (Settings); times are said in it and named, UTC without a choice.
 */
export function notificationMail(to: string, lang: LanguageCode, n: NotificationPlan, notificationId: string, publicUrl: string, support: readonly SupportChannel[] = [], timeZone?: string | null): OutgoingMail {
  const zone = timeZone ?? undefined;
  const t = (code: string) => notificationText(lang, code, n.params, zone);
  const title = t(n.titleCode);
  const body = t(n.bodyCode);
  // The page in the seller's language, as the app's own links are (/ar/member/...).
  const link = new URL(localizedPath(lang, n.link), publicUrl).toString();
  const deadline = n.deadline ? notificationText(lang, 'mail.deadline', { deadline: n.deadline }, zone) : null;
  // Account notices say when the change happened: the seller compares it with what they did.
  const when = typeof n.params.changedAt === 'number' ? notificationText(lang, 'mail.changed_at', { changedAt: n.params.changedAt }, zone) : null;
  // A run's mail names its game account (and the batch file's line), so a seller with many runs knows which one.
  const which = typeof n.params.account === 'string'
    ? notificationText(lang, typeof n.params.batchLine === 'number' ? 'mail.account_batch' : 'mail.account', n.params)
    : null;
  // A wait only support can end names how to reach them (the same channels as the pages' support contacts).
  const help = n.kind === 'waiting_support' && support.length ? supportLine(lang, support) : null;
  // The subject names the account too: a batch seller sees which run it is from the inbox's list.
  const subject = typeof n.params.account === 'string' ? `${title} (${n.params.account})` : title;
  return layoutMail(lang, {
    to, subject, title, footer: t('mail.footer'), messageId: notificationMessageId(notificationId, 'email', publicUrl),
    blocks: [
      { text: body },
      ...(which ? [{ text: which }] : []),
      ...(help ? [{ text: help }] : []),
      ...(deadline ? [{ strong: deadline }] : []),
      ...(when ? [{ text: when }] : []),
      { button: t('mail.open'), href: link },
    ],
  });
}
