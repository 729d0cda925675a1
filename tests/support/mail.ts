import { inject } from 'vitest';
import type { Db } from 'mongodb';
import type { CaughtMail } from '../../infra/mail/catcher.js';
import { OUTBOX_COLLECTION, type OutboxDoc } from '../../infra/notifications/outbox.js';
import { eventually } from './wait.js';

/** Every message the run's SMTP catcher received for `to`, newest first. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${inject('mailInboxUrl')}/api/messages?to=${encodeURIComponent(to.toLowerCase())}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits for the `nth` (1-based) message to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, nth = 1, timeoutMs = 15_000): Promise<CaughtMail> {
  return eventually(async () => {
    const found = (await mailsTo(to)).filter((m) => subject.test(m.subject)).reverse();
    return found[nth - 1];
  }, timeoutMs, `mail ${nth} to ${to} matching ${subject}`);
}

export const codeIn = (mail: CaughtMail): string => /\b(\d{6})\b/.exec(mail.text)![1];
export const linkIn = (mail: CaughtMail): string => /(https?:\/\/\S+\/password\/reset\?token=\S+)/.exec(mail.text)![1];

/**
 * The mails to `to` whose subject matches, once everything queued for the seller has been sent: none of the
 * seller's notification outbox entries is still pending, and the catcher holds at least as many matching mails
 * as the outbox sent. A second (wrong) notice would be an outbox entry of its own, so it is counted, not raced.
 */
export async function settledMails(db: Db, sellerId: string, to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail[]> {
  return eventually(async () => {
    const queued = await db.collection<OutboxDoc>(OUTBOX_COLLECTION).find({ sellerId }).toArray();
    if (queued.some((d) => d.state === 'pending')) return null;
    const sent = queued.filter((d) => d.state === 'sent' && subject.test(d.mail.subject)).length;
    const caught = (await mailsTo(to)).filter((m) => subject.test(m.subject));
    return caught.length >= sent ? caught : null;
  }, timeoutMs, `the mails queued for ${to} sent`);
}
