/**
 * Attacks on the Payoneer binding with a session alone (issue 17, item 2): binding, rebinding and
 * removing it are payout changes (proven address + current password or emailed code, and a notice
 * mail); a squatter's binding ends when the owner proves the address; the withdrawal code mail names
 * the payee it pays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, OLD_PASSWORD_WRONG, PAYOUT_CODE_REQUIRED, PAYOUT_PASSWORD_REQUIRED } from '../../domain/messages.js';
import type { NotificationPage } from '../../domain/notifications.js';
import { PAYONEER_BINDINGS } from '../../infra/payout/payoneer-bindings.js';
import { PAYONEER_STATES } from '../../infra/payout/payoneer-states.js';
import { createSignedInSeller, uniqueEmail, type SignedInSeller } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mail.js';
import { post, requestCode, sellerWithMoney, startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

let w: WithdrawalWorld;
beforeAll(async () => { w = await startWithdrawalWorld({ worker: false }); });
afterAll(async () => { await w?.close(); });

const CHANGED = /payment details were changed/i;
const fieldsOf = async (res: Response) => ((await res.json()) as { error: { fields: { field: string; message: string }[] } }).error.fields.map(({ field, message }) => ({ field, message }));
const bindingOf = (s: SignedInSeller) => w.app.db.db!.collection(PAYONEER_BINDINGS).findOne({ _id: s.sellerId as never });
const payoutEntries = async (s: SignedInSeller) => ((await (await s.fetch('/api/notifications')).json()) as NotificationPage).items.filter((n) => n.kind === 'payout_details_changed');
const statesOf = (s: SignedInSeller) => w.app.db.db!.collection(PAYONEER_STATES).countDocuments({ sellerId: s.sellerId });

/** Goes through the simulator's consent page and back to our callback: where the callback sends the seller. */
async function consentAndReturn(s: SignedInSeller, consentUrl: string, email: string): Promise<string | null> {
  const page = new URL(consentUrl);
  const res = await fetch(`${page.origin}/payoneer/consent`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: page.searchParams.get('redirect_uri')!, state: page.searchParams.get('state')!, email, decision: 'allow' }).toString(),
  });
  const back = new URL(res.headers.get('location')!);
  return (await s.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' })).headers.get('location');
}

describe('a stolen session and the Payoneer binding (item 2)', () => {
  it('cannot bind, rebind or remove the binding without the password; the seller is emailed on each change', async () => {
    const s = await createProvenSeller(w.app);
    // The old way in: one GET with the cookie went straight to the consent page.
    const oldWay = await s.fetch('/api/member/payoneer/bind', { redirect: 'manual' });
    expect(oldWay.status).not.toBe(302);
    const none = await post(s, '/api/member/payoneer/bind', {});
    expect(none.status).toBe(400);
    expect(await fieldsOf(none)).toEqual([{ field: 'currentPassword', message: PAYOUT_PASSWORD_REQUIRED }]);
    const wrong = await post(s, '/api/member/payoneer/bind', { currentPassword: 'NotMine123' });
    expect(await fieldsOf(wrong)).toEqual([{ field: 'currentPassword', message: OLD_PASSWORD_WRONG }]);
    expect(await statesOf(s)).toBe(0);
    expect(await bindingOf(s)).toBeNull();

    const ok = await post(s, '/api/member/payoneer/bind', { currentPassword: s.password });
    expect(ok.status).toBe(200);
    expect(await consentAndReturn(s, ((await ok.json()) as { url: string }).url, 'owner@payoneer.example.com')).toBe('/member/my-info?payoneer=bound');
    const bound = await waitForMail(s.email, CHANGED);
    expect(bound.text).toContain('own***com');
    expect(bound.text).not.toContain('owner@payoneer.example.com');
    expect(bound.text).toContain('If you did not do this, change your password at once and contact support.');
    expect(bound.text).toContain(`${w.app.url}/member/my-info#info-payoneer`);
    expect(await payoutEntries(s)).toEqual([expect.objectContaining({ bodyCode: 'payout_details_changed.payoneer_bound', params: expect.objectContaining({ account: 'own***com' }), link: '/member/my-info#info-payoneer' })]);

    // The thief's rebinding and removal stop at the password; the owner's binding stays.
    expect((await post(s, '/api/member/payoneer/bind', {})).status).toBe(400);
    const unbindNone = await post(s, '/api/member/payoneer/unbind', {});
    expect(await fieldsOf(unbindNone)).toEqual([{ field: 'currentPassword', message: PAYOUT_PASSWORD_REQUIRED }]);
    expect(await bindingOf(s)).toMatchObject({ email: 'owner@payoneer.example.com' });

    const removed = await post(s, '/api/member/payoneer/unbind', { currentPassword: s.password });
    expect(removed.status).toBe(200);
    expect(await bindingOf(s)).toBeNull();
    const notice = await waitForMail(s.email, CHANGED, 2);
    expect(notice.text).toMatch(/removed/);
    expect((await payoutEntries(s)).map((n) => n.bodyCode)).toEqual(['payout_details_changed.payoneer_removed', 'payout_details_changed.payoneer_bound']);
    // Removing again: nothing was bound, nothing to tell.
    expect((await post(s, '/api/member/payoneer/unbind', { currentPassword: s.password })).status).toBe(200);
    expect(await payoutEntries(s)).toHaveLength(2);
    expect((await mailsTo(s.email)).filter((m) => CHANGED.test(m.subject))).toHaveLength(2);
  });

  it('asks a seller without a password for the emailed code, and refuses an address nobody proved', async () => {
    const g = await createProvenSeller(w.app);
    await w.app.db.collection('sellers').updateOne({ _id: g.sellerId as never }, { $set: { passwordHash: null } });
    expect(await fieldsOf(await post(g, '/api/member/payoneer/bind', {}))).toEqual([{ field: 'code', message: PAYOUT_CODE_REQUIRED }]);
    expect((await post(g, '/api/member/settings/code', {})).status).toBe(200);
    const code = codeIn(await waitForMail(g.email, /confirm your payment method change/i));
    expect((await post(g, '/api/member/payoneer/bind', { code })).status).toBe(200);
    expect((await post(g, '/api/member/payoneer/bind', { code })).status).toBe(400); // single use

    const squatter = await createSignedInSeller(w.app);
    const refused = await post(squatter, '/api/member/payoneer/bind', { currentPassword: squatter.password });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(EMAIL_NOT_VERIFIED);
    expect(await statesOf(squatter)).toBe(0);
  });

  it("drops a squatter's binding when the owner proves the address (code sign-in or reset link)", async () => {
    for (const proof of ['code', 'reset'] as const) {
      const email = uniqueEmail('owner');
      const squatter = await createSignedInSeller(w.app, { email });
      // A binding made on the unproven address before bindings needed a proof.
      await w.app.db.db!.collection(PAYONEER_BINDINGS).insertOne({ _id: squatter.sellerId as never, payeeId: 'payee_squatter', email: 'squatter@payoneer.example.com', boundAt: new Date() });
      if (proof === 'code') {
        expect((await fetch(`${w.app.url}/api/auth/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).status).toBe(200);
        const code = codeIn(await waitForMail(email, /your verification code/i));
        const signedIn = await fetch(`${w.app.url}/api/auth/signin/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, code }) });
        expect(signedIn.status).toBe(200);
      } else {
        expect((await fetch(`${w.app.url}/api/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).status).toBe(200);
        const token = new URL(linkIn(await waitForMail(email, /reset your password/i))).searchParams.get('token');
        const reset = await fetch(`${w.app.url}/api/auth/password/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'Own3rPass', confirmPassword: 'Own3rPass' }) });
        expect(reset.status).toBe(200);
      }
      expect(await bindingOf(squatter)).toBeNull();
      expect((await squatter.fetch('/api/me')).status).toBe(401);
    }
  });

  it('names the payee (masked) in the withdrawal code mail, for every method', async () => {
    const paypal = await sellerWithMoney(w, 5_000, { paymentAddress: 'paula.paypal@example.com' });
    await requestCode(paypal, 2_000);
    const mail = (await mailsTo(paypal.email)).find((m) => /withdrawal verification code/i.test(m.subject))!;
    // The method by its brand (domain/payment-method-labels.ts), as pages say it, never its code.
    expect(mail.text).toContain('to your PayPal account pau***com');
    expect(mail.text).not.toContain('paula.paypal@example.com');

    const payoneer = await sellerWithMoney(w, 5_000, { paymentMethod: 'payoneer', paymentAddress: 'typed@example.com' });
    const ok = await post(payoneer, '/api/member/payoneer/bind', { currentPassword: payoneer.password });
    expect(await consentAndReturn(payoneer, ((await ok.json()) as { url: string }).url, 'ana@payoneer.example.com')).toBe('/member/my-info?payoneer=bound');
    await requestCode(payoneer, 2_000);
    const pmail = (await mailsTo(payoneer.email)).find((m) => /withdrawal verification code/i.test(m.subject))!;
    expect(pmail.text).toContain('to your Payoneer account ana***com'); // the bound account it pays, not the typed address
    expect(pmail.text).not.toContain('ana@payoneer.example.com');
  });
});
