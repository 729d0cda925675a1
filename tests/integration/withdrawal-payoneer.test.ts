import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_CHANGED, PAYONEER_NOT_BOUND } from '../../domain/withdrawal.js';
import type { NotificationPage } from '../../domain/notifications.js';
import type { SignedInSeller } from '../support/sellers.js';
import { settledMails, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import { eventually } from '../support/servers.js';
import { post, requestCode, sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

describe('Payoneer binding against the simulator (redirect, consent, callback)', () => {
  let w: WithdrawalWorld;
  beforeAll(async () => { w = await startWithdrawalWorld(); });
  afterAll(async () => { await w?.close(); });

  /** Starts binding as the settings page does: the password confirms it (docs/security.md, item 24); answers the consent page. */
  const startBind = async (s: SignedInSeller) => {
    const res = await post(s, '/api/member/payoneer/bind', { currentPassword: s.password });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };

  const consent = async (location: string, decision: 'allow' | 'deny', email = 'Payee@Example.com') => {
    const page = new URL(location);
    const res = await fetch(`${page.origin}/payoneer/consent`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: page.searchParams.get('redirect_uri')!, state: page.searchParams.get('state')!, email, decision }).toString(),
    });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };

  it('binds the Payoneer account the seller consented to; a used or foreign state binds nothing', async () => {
    const s = await createProvenSeller(w.app);
    expect((await s.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) })).status).toBe(200);
    expect(await (await s.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
    const consentPage = await startBind(s);
    expect(consentPage.startsWith(`${w.simUrl}/payoneer/consent?`)).toBe(true);
    expect(await (await fetch(consentPage)).text()).toContain('Connect your Payoneer account');
    const back = new URL(await consent(consentPage, 'allow'));
    expect(back.pathname).toBe('/api/member/payoneer/callback');
    // Another seller cannot use this seller's consent.
    const other = await createProvenSeller(w.app);
    const stolen = await other.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(stolen.headers.get('location')).toBe('/member/my-info?payoneer=invalid');
    expect(await (await other.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
    // The state was used up by that attempt: start again, as the seller would.
    const back2 = new URL(await consent(await startBind(s), 'allow'));
    const done = await s.fetch(`${back2.pathname}${back2.search}`, { redirect: 'manual' });
    expect(done.headers.get('location')).toBe('/member/my-info?payoneer=bound');
    expect(await (await s.fetch('/api/member/payoneer')).json()).toMatchObject({ bound: true, email: 'payee@example.com' });
    const replay = await s.fetch(`${back2.pathname}${back2.search}`, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/member/my-info?payoneer=invalid');
    // The seller is told once, in German as they chose: the replayed callback tells nothing more.
    const mail = await waitForMail(s.email, /Ihre Zahlungsdaten wurden geändert/);
    expect(mail.text).toContain('Payoneer-Konto pay***com');
    expect(mail.text).not.toContain('payee@example.com');
    expect(await settledMails(w.app.db.db!, s.sellerId, s.email, /Zahlungsdaten|payment (method|details)/i)).toHaveLength(1);
    const page = (await (await s.fetch('/api/notifications')).json()) as NotificationPage;
    expect(page.items.filter((n) => n.kind === 'payout_details_changed').map((n) => n.link)).toEqual(['/member/my-info#info-payoneer']);
  });

  it('a denied consent binds nothing', async () => {
    const s = await createProvenSeller(w.app);
    const back = new URL(await consent(await startBind(s), 'deny'));
    const res = await s.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/member/my-info?payoneer=denied');
    expect(await (await s.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
  });

  /** The whole consent round trip for `s`; answers the payee id it bound. */
  const bind = async (s: SignedInSeller, email: string) => {
    const back = new URL(await consent(await startBind(s), 'allow', email));
    expect((await s.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' })).headers.get('location')).toBe('/member/my-info?payoneer=bound');
    return ((await (await s.fetch('/api/member/payoneer')).json()) as { payeeId: string }).payeeId;
  };

  it('pays a Payoneer withdrawal to the bound payee, not to the address typed into settings; without a binding: refused, nothing moves', async () => {
    const s = await sellerWithMoney(w, 5_000, { paymentMethod: 'payoneer', paymentAddress: 'typed@example.com' });
    const refused = await post(s, '/api/withdrawals/code', { amountCents: 3_000, email: s.email });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: 'payoneer_not_bound', message: PAYONEER_NOT_BOUND });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5_000, pendingPayout: 0 });
    // Settings tell the truth too: Payoneer chosen is not Payoneer bound.
    const settingsPayoneer = async () => ((await (await s.fetch('/api/member/settings')).json()) as { payoneer: unknown }).payoneer;
    expect(await settingsPayoneer()).toEqual({ bound: false, account: null });

    const payeeId = await bind(s, 'ana@payoneer.example.com');
    expect(payeeId).toMatch(/^payee_/);
    expect(await settingsPayoneer()).toEqual({ bound: true, account: 'ana@payoneer.example.com' });
    const { res, withdrawalId } = await withdraw(s, 3_000);
    expect(res.status).toBe(201);
    const done = await eventually(async () => {
      const b = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal?: { state: string } };
      return b.withdrawal && ['paid', 'failed'].includes(b.withdrawal.state) ? b.withdrawal : null;
    }, 30_000, 'the payout to end');
    expect(done).toMatchObject({ state: 'paid' });
    const sent = (await w.payouts()).payouts.find((p) => p.key === `withdrawal:${withdrawalId}`)!;
    expect(sent.address).toBe(payeeId);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2_000, pendingPayout: 0 });
  });

  it('binding another Payoneer account after the code was sent refuses the confirmation; nothing moves', async () => {
    const s = await sellerWithMoney(w, 5_000, { paymentMethod: 'payoneer-wallet', paymentAddress: 'wallet@example.com' });
    await bind(s, 'first@payoneer.example.com');
    const { withdrawalId, code } = await requestCode(s, 2_500);
    await bind(s, 'second@payoneer.example.com');
    const res = await post(s, '/api/withdrawals', { withdrawalId, code });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: 'payment_details_changed', message: DETAILS_CHANGED });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5_000, pendingPayout: 0 });
    expect((await w.payouts()).payouts.some((p) => p.key === `withdrawal:${withdrawalId}`)).toBe(false);
  });
});
