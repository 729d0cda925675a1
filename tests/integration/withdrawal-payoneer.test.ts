import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInSeller } from '../support/sellers.js';
import { startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

describe('Payoneer binding against the simulator (redirect, consent, callback)', () => {
  let w: WithdrawalWorld;
  beforeAll(async () => { w = await startWithdrawalWorld({ worker: false }); });
  afterAll(async () => { await w?.close(); });

  const consent = async (location: string, decision: 'allow' | 'deny') => {
    const page = new URL(location);
    const res = await fetch(`${page.origin}/payoneer/consent`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: page.searchParams.get('redirect_uri')!, state: page.searchParams.get('state')!, email: 'Payee@Example.com', decision }).toString(),
    });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };

  it('binds the Payoneer account the seller consented to; a used or foreign state binds nothing', async () => {
    const s = await createSignedInSeller(w.app);
    expect(await (await s.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
    const start = await s.fetch('/api/member/payoneer/bind', { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consentPage = start.headers.get('location')!;
    expect(consentPage.startsWith(`${w.simUrl}/payoneer/consent?`)).toBe(true);
    expect(await (await fetch(consentPage)).text()).toContain('Connect your Payoneer account');
    const back = new URL(await consent(consentPage, 'allow'));
    expect(back.pathname).toBe('/api/member/payoneer/callback');
    // Another seller cannot use this seller's consent.
    const other = await createSignedInSeller(w.app);
    const stolen = await other.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(stolen.headers.get('location')).toBe('/member/my-info?payoneer=invalid');
    expect(await (await other.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
    // The state was used up by that attempt: start again, as the seller would.
    const again = await s.fetch('/api/member/payoneer/bind', { redirect: 'manual' });
    const back2 = new URL(await consent(again.headers.get('location')!, 'allow'));
    const done = await s.fetch(`${back2.pathname}${back2.search}`, { redirect: 'manual' });
    expect(done.headers.get('location')).toBe('/member/my-info?payoneer=bound');
    expect(await (await s.fetch('/api/member/payoneer')).json()).toMatchObject({ bound: true, email: 'payee@example.com' });
    const replay = await s.fetch(`${back2.pathname}${back2.search}`, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/member/my-info?payoneer=invalid');
  });

  it('a denied consent binds nothing', async () => {
    const s = await createSignedInSeller(w.app);
    const start = await s.fetch('/api/member/payoneer/bind', { redirect: 'manual' });
    const back = new URL(await consent(start.headers.get('location')!, 'deny'));
    const res = await s.fetch(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/member/my-info?payoneer=denied');
    expect(await (await s.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
  });
});
