/** Outgoing mail over real SMTP (nodemailer): SMTP_URL in production, the local catcher in development and tests. */
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.js';

export interface OutgoingMail {
  to: string; subject: string; text: string; html?: string;
  /** A fixed Message-ID (`<id@host>`): the same notification sent again carries the same one, so mail clients show it once. */
  messageId?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A mailer on `smtpUrl` (smtp:// or smtps://, credentials in the URL); never logs bodies, which hold codes and links. */
export function createMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (err) {
        logger.error({ err: { message: (err as Error).message }, subject: mail.subject }, 'mail not sent');
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

/** For an API started without SMTP: mails are dropped with a warning (codes and links never reach the log). */
export function droppingMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.warn({ subject: mail.subject }, 'no SMTP configured: mail dropped');
    },
    close: () => undefined,
  };
}
