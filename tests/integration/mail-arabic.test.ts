/**
 * Issue 33, Arabic: a seller who reads the site in Arabic gets mails that name the products as the
 * pages do ("البيع المريح", not "Comfort Trade") and whose links open the Arabic pages (/ar/...),
 * for a run's notification, an account notice and the password reset mail alike. Real API, Temporal worker, provider
 * simulator and SMTP server (the suite's catcher).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from '../../domain/notification-texts.js';
import { ACCOUNT_MAIL_TEXTS } from '../../infra/mail/account-texts.js';
import { PRODUCT_NAMES } from '../../domain/product-names.js';
import { FAST_COMFORT, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { startNotifyingWorld, type NotifyingWorld } from '../support/notifying-world.js';
import { createProvenSeller } from '../support/proven.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { savePayoutSettings } from '../support/withdrawals.js';

const AR = NOTIFICATION_TEXTS.ar;
const AR_ACCOUNT = ACCOUNT_MAIL_TEXTS.ar;
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every address a mail links to, from its text and its HTML. */
const links = (mail: { text: string; html: string | null }) => [
  ...[...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
  ...[...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
];

describe('mails to a seller who reads Arabic', () => {
  let world: NotifyingWorld;
  let seller: SignedInSeller;

  beforeAll(async () => {
    world = await startNotifyingWorld('mail-arabic', { ...FAST_COMFORT, sellerFixMs: 600_000 }, { reminderBeforeMs: 60_000 });
    seller = await createProvenSeller(world.app);
    expect((await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'ar' }) })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('an account notice links to the Arabic settings page', async () => {
    await savePayoutSettings(seller);
    const mail = await waitForMail(seller.email, new RegExp(`^${escaped(AR['payout_details_changed.title']!)}`));
    const found = links(mail);
    expect(found.length).toBeGreaterThan(0);
    for (const link of found) expect(link.startsWith(`${world.app.url}/ar/`), link).toBe(true);
  });

  it('the password reset mail links to the Arabic reset page', async () => {
    const res = await fetch(`${world.app.url}/api/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: seller.email }) });
    expect(res.status).toBe(200);
    // In Arabic too (issue 33: account mails were English only).
    const mail = await waitForMail(seller.email, new RegExp(`^${escaped(AR_ACCOUNT.resetSubject)}$`));
    expect(mail.html).toContain('dir="rtl"');
    const found = links(mail);
    expect(found.length).toBeGreaterThan(0);
    for (const link of found) expect(link.startsWith(`${world.app.url}/ar/password/reset?token=`), link).toBe(true);
  });

  it('a seller who signs up in Arabic gets the proof code and the sign-in code in Arabic, right to left, in the one layout', async () => {
    const arabic = await createSignedInSeller(world.app, { language: 'ar' });
    const proof = await waitForMail(arabic.email, new RegExp(`^${escaped(AR_ACCOUNT.proofSubject)}$`));
    expect(proof.html).toContain('<html lang="ar" dir="rtl">');
    expect(proof.html).toContain('<div lang="ar" dir="rtl"');
    expect(proof.html).toMatch(/<header[^>]*>CoinMarket<\/header>/);
    expect(proof.text).toContain(AR_ACCOUNT.proofWhySignUp);
    expect(proof.text).toContain(AR_ACCOUNT.footer);
    expect(proof.text).not.toMatch(/verify|expires|Coin Market/i);
    // The address proven with the mailed code, as a seller does.
    expect((await arabic.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code: codeIn(proof) }) })).status).toBe(200);

    const res = await fetch(`${world.app.url}/api/auth/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: arabic.email }) });
    expect(res.status).toBe(200);
    // The subject says it is for signing in, in Arabic.
    const code = await waitForMail(arabic.email, new RegExp(`^${escaped(AR_ACCOUNT.signInSubject)}$`));
    expect(code.html).toContain('<html lang="ar" dir="rtl">');
    expect(code.text).toContain(AR_ACCOUNT.signInLead);
    expect(code.text).toMatch(/\b\d{6}\b/);
    expect(code.text).not.toMatch(/sign in|verification|expires/i);
  });

  it('a stopped comfort run: the product in Arabic, the link to the Arabic record page', async () => {
    const sent = submission({ coinAmount: 100_000 });
    await steerTransfer(world.sim.url, 'rules', { email: sent.email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
    const run = await submit(seller, sent);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'Wrong Backup Codes');

    const mail = await waitForMail(seller.email, new RegExp(`^${escaped(AR['action_needed.title']!)} \\(${escaped(run.originEmail)}\\)$`));
    expect(mail.text).toContain(PRODUCT_NAMES.ar.comfortTrade);
    expect(mail.html).toContain(PRODUCT_NAMES.ar.comfortTrade);
    expect(mail.text).not.toMatch(/comfort\s*trade/i);
    const found = links(mail);
    expect(found.length).toBeGreaterThan(0);
    for (const link of found) expect(link.startsWith(`${world.app.url}/ar/`), link).toBe(true);
  });
});
