/**
 * A local SMTP catcher for development and tests: a real SMTP server (smtp-server) that keeps
 * every message it receives (parsed by mailparser) and a tiny web inbox to read them:
 *   GET /                 the inbox page
 *   GET /api/messages     JSON, newest first (?to=address filters)
 *   DELETE /api/messages  empties the inbox
 * Nothing leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { escapeHtml } from './escape-html.js';

export interface CaughtMail {
  id: number;
  from: string;
  /** The From header as sent (`CoinMarket <no-reply@…>`); `from` is the envelope's address. */
  fromHeader: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  messages(): CaughtMail[];
  close(): Promise<void>;
}

const MAX_KEPT = 1000;
/** `Name <address>` as a mail client shows the sender (mailparser's own text quotes the name). */
const fromHeaderOf = (f: { name?: string; address?: string } | undefined) => (!f ? '' : f.name ? `${f.name} <${f.address ?? ''}>` : (f.address ?? ''));

export async function startMailCatcher(opts: { smtpPort?: number; httpPort?: number; host?: string } = {}): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const kept: CaughtMail[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'coin-market mail catcher',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          kept.unshift({
            id: next++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            fromHeader: fromHeaderOf(parsed.from?.value[0]),
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          });
          kept.length = Math.min(kept.length, MAX_KEPT);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      kept.length = 0;
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/api/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(to ? kept.filter((m) => m.to.includes(to)) : kept));
      return;
    }
    if (url.pathname === '/') {
      const rows = kept
        .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to.join(', '))} · <b>From:</b> ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><title>Mail catcher</title><meta http-equiv="refresh" content="5"><style>body{font-family:sans-serif;max-width:900px;margin:2em auto}article{border-bottom:1px solid #ddd;padding:.5em 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}</style><h1>Mail catcher (${kept.length})</h1>${rows || '<p>No mail yet.</p>'}`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.httpPort ?? 0, host, () => resolve());
  });
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    inboxUrl: `http://${host}:${httpPort}`,
    messages: () => [...kept],
    close: async () => {
      await new Promise<void>((r) => http.close(() => r()));
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
}
