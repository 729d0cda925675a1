import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../infra/simulator/server.js';
import { PAYOUT_PREFIX } from '../../infra/payout/contract.js';

/** The payout provider simulator's Payoneer consent page, attacked over real HTTP. */
describe('the simulated Payoneer consent page returns codes only to the registered address, takes small forms and forgets old codes', () => {
  let sim: Simulator;
  let url: string;
  const ourCallback = 'http://127.0.0.1:3000/api/member/payoneer/callback';
  /** The consent codes' clock: moved by the test, never waited for. */
  let clock = Date.now();
  beforeAll(async () => {
    sim = await createSimulator({ tickMs: 0, consentTtlMs: 300, consentClock: () => clock });
    url = await sim.listen(0);
  });
  afterAll(async () => sim?.close());

  const consent = (fields: Record<string, string>) => fetch(`${url}/payoneer/consent`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: 's1', email: 'me@example.com', decision: 'allow', ...fields }).toString(),
  });
  const redeem = (code: string) => fetch(`${url}${PAYOUT_PREFIX}/payoneer/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }),
  });

  it('refuses to send a code anywhere but the registered callback', async () => {
    for (const evil of ['https://evil.test/', 'http://evil.test/api/member/payoneer/callback', 'http://127.0.0.1:3000/elsewhere', `${ourCallback}?next=https://evil.test/`, 'javascript:alert(1)']) {
      const page = await fetch(`${url}/payoneer/consent?${new URLSearchParams({ redirect_uri: evil, state: 's1' })}`);
      expect(page.status, evil).toBe(400);
      const res = await consent({ redirect_uri: evil });
      expect(res.status, evil).toBe(400);
      expect(res.headers.get('location'), evil).toBeNull();
    }
    expect(sim.payouts.consents.size).toBe(0);
    const ok = await consent({ redirect_uri: ourCallback });
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!).origin + new URL(ok.headers.get('location')!).pathname).toBe(ourCallback);
  });

  it('only the exact registered URIs where the operator registered some', async () => {
    const registered = await createSimulator({ tickMs: 0, payoneerRedirectUris: ['https://coins.example.com/api/member/payoneer/callback'] });
    const at = await registered.listen(0);
    try {
      const post = (redirect: string) => fetch(`${at}/payoneer/consent`, {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirect_uri: redirect, state: 's', email: 'me@example.com', decision: 'allow' }).toString(),
      });
      expect((await post('https://coins.example.com/api/member/payoneer/callback')).status).toBe(302);
      expect((await post(ourCallback)).status).toBe(400);
      expect((await post('https://coins.example.com.evil.test/api/member/payoneer/callback')).status).toBe(400);
    } finally {
      await registered.close();
    }
  });

  it('refuses a large body before reading it', async () => {
    const res = await consent({ redirect_uri: ourCallback, email: `${'a'.repeat(1024 * 1024)}@example.com` });
    expect(res.status).toBe(413);
    const api = await fetch(`${url}${PAYOUT_PREFIX}/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) });
    expect(api.status).toBe(413);
  });

  it('lets a code expire, and forgets expired codes instead of keeping every consent', async () => {
    const codeOf = async () => new URL((await consent({ redirect_uri: ourCallback })).headers.get('location')!).searchParams.get('code')!;
    const fresh = await codeOf();
    expect((await redeem(fresh)).status).toBe(200);
    const old = await codeOf();
    for (let i = 0; i < 20; i++) await codeOf();
    // Still good a moment before its lifetime (300 ms) is over; then every code issued so far has expired.
    clock += 299;
    const young = await codeOf();
    clock += 2;
    expect((await redeem(old)).status).toBe(400);
    expect((await redeem(young)).status).toBe(200);
    await codeOf();
    // Only the newest code is still held: the expired ones were dropped on the way.
    expect(sim.payouts.consents.size).toBe(1);
  });
});
