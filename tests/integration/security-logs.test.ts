/**
 * Codes, tokens and links never reach the logs (issue 9, item 8): the app's REAL log output is
 * captured while a seller signs in by code, resets the password and fails, with every mail also
 * refused by a second relay (so the failure is logged), and then searched for each secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';
import { codeIn, linkIn, waitForMail } from '../support/mail.js';
import { holdsSecret } from '../support/secret-scan.js';
import { createLogger } from '../../infra/logger.js';
import { createMailer, type Mailer } from '../../infra/mail/mailer.js';

const lines: string[] = [];
const logger = createLogger('api', 'trace', { write: (line: string) => void lines.push(line) });
let app: TestApp;

beforeAll(async () => {
  const delivered = createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', logger);
  const refused = createMailer('smtp://127.0.0.1:9', 'Coin Market <no-reply@coin-market.test>', logger); // nothing listens on port 9
  const mailer: Mailer = {
    send: async (mail) => {
      await delivered.send(mail);
      await refused.send(mail);
    },
    close: () => {
      delivered.close();
      refused.close();
    },
  };
  app = await startTestApp(undefined, { logger, accounts: { mailer, limits: { resendWaitSeconds: 1 } } });
});
afterAll(async () => { await app?.close(); });

const post = (path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('logs (item 8)', () => {
  it('hold no sign-in code, reset token or link, password or session token, even when mail fails', async () => {
    const s = await createSignedInSeller(app);
    const secrets: string[] = [s.password, s.csrf, ...s.cookie.split('; ').map((c) => c.split('=')[1])];

    expect((await post('/api/auth/code', { email: s.email })).status).toBe(200);
    const code = codeIn(await waitForMail(s.email, /verification code/));
    secrets.push(code);
    expect((await post('/api/auth/signin/code', { email: s.email, code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    expect((await post('/api/auth/signin/code', { email: s.email, code })).status).toBe(200);
    expect((await post('/api/auth/signin', { email: s.email, password: 'Wr0ngPassword' })).status).toBe(401);

    expect((await post('/api/auth/password/forgot', { email: s.email })).status).toBe(200);
    const link = linkIn(await waitForMail(s.email, /reset your password/i));
    const token = new URL(link).searchParams.get('token')!;
    secrets.push(link, token, encodeURIComponent(token));
    expect((await post('/api/auth/password/reset', { token, password: 'Re5etPass1', confirmPassword: 'Re5etPass1' })).status).toBe(200);
    secrets.push('Re5etPass1');

    // The failed relay was logged (so the search below reads real lines about these mails).
    await expect.poll(() => lines.filter((l) => l.includes('mail not sent')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const log = lines.join('');
    for (const secret of secrets) expect(holdsSecret(log, secret), `log holds a secret (${secret.slice(0, 3)}…)`).toBe(false);
  });

  it('redacts secrets at any depth, by name', () => {
    const before = lines.length;
    logger.warn({
      headers: { 'x-csrf-token': 'csrf-SECRET-1', cookie: 'sid=SECRET-2' },
      body: { code: '482913', value: 'google-credential-SECRET-3', captcha: 'SECRET-4' },
      seller: { passwordHash: '$argon2id$SECRET-5', settings: { nested: { password: 'SECRET-6', backupCodes: ['SECRET-7'] } } },
      reset: { deeper: { token: 'SECRET-8', authSecret: 'SECRET-9' } },
    }, 'probe');
    const out = lines.slice(before).join('');
    expect(out).toContain('probe');
    for (const secret of ['csrf-SECRET-1', 'SECRET-2', '482913', 'SECRET-3', 'SECRET-4', 'SECRET-5', 'SECRET-6', 'SECRET-7', 'SECRET-8', 'SECRET-9']) {
      expect(out).not.toContain(secret);
    }
  });
});
