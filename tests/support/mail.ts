import { inject } from 'vitest';
import type { CaughtMail } from '../../infra/mail/catcher.js';
import { eventually } from './servers.js';

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
