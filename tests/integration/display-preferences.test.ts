/**
 * The seller's display choices (issue 32): the time zone times are shown in and the currency amounts
 * are also shown in are saved on the account through PUT /api/member/settings/display and come back
 * in /api/me. An unknown zone or a currency the operator does not list is refused with a clear error
 * naming the field, and changes nothing (neither field, even the good one sent with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { SETTINGS_SAVED } from '../../domain/messages.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(undefined, { config: { currencyList: ['EUR', 'USD'] } }); });
afterAll(async () => { await app?.close(); });

const put = (s: SignedInSeller, body: unknown) => s.fetch('/api/member/settings/display', { method: 'PUT', body: JSON.stringify(body) });
const me = async (s: SignedInSeller) => (await (await s.fetch('/api/me')).json()) as { timeZone: string | null; displayCurrency: string | null };
const stored = async (s: SignedInSeller) => {
  const doc = await app.db.collection('sellers').findOne({ _id: s.sellerId as never });
  return { timeZone: doc?.timeZone ?? null, displayCurrency: doc?.displayCurrency ?? null };
};

describe('display preferences', () => {
  it('saves a zone and a listed currency on the account; /api/me answers them; null goes back to the default', async () => {
    const s = await createSignedInSeller(app);
    expect(await me(s)).toMatchObject({ timeZone: null, displayCurrency: null });
    const res = await put(s, { timeZone: 'Asia/Tokyo', displayCurrency: 'USD' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: SETTINGS_SAVED, timeZone: 'Asia/Tokyo', displayCurrency: 'USD' });
    expect(await stored(s)).toEqual({ timeZone: 'Asia/Tokyo', displayCurrency: 'USD' });
    expect(await me(s)).toMatchObject({ timeZone: 'Asia/Tokyo', displayCurrency: 'USD' });
    expect((await put(s, { timeZone: 'UTC', displayCurrency: null })).status).toBe(200);
    expect(await stored(s)).toEqual({ timeZone: 'UTC', displayCurrency: null });
  });

  it('refuses an unknown zone or an unlisted currency with the field named, changing nothing', async () => {
    const s = await createSignedInSeller(app);
    expect((await put(s, { timeZone: 'Europe/Berlin', displayCurrency: 'USD' })).status).toBe(200);
    const cases: [unknown, string, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons', displayCurrency: 'EUR' }, 'timeZone', 'Unknown time zone "Mars/Olympus_Mons": choose one such as Europe/Berlin or Asia/Tokyo'],
      [{ timeZone: 'Asia/Tokyo', displayCurrency: 'GBP' }, 'displayCurrency', 'Unknown currency "GBP": choose one of EUR, USD'],
      [{ timeZone: 'asia/tokyo', displayCurrency: 'EUR' }, 'timeZone', 'Unknown time zone "asia/tokyo": choose one such as Europe/Berlin or Asia/Tokyo'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json() as { error: { fields: { field: string; message: string }[] } };
      expect(error.fields.map((f) => [f.field, f.message])).toEqual([[field, message]]);
      expect(await stored(s)).toEqual({ timeZone: 'Europe/Berlin', displayCurrency: 'USD' });
    }
    // A missing field or another type is refused too (the client always sends both).
    expect((await put(s, { timeZone: 'Asia/Tokyo' })).status).toBe(400);
    expect((await put(s, { timeZone: 9, displayCurrency: 'EUR' })).status).toBe(400);
    expect(await stored(s)).toEqual({ timeZone: 'Europe/Berlin', displayCurrency: 'USD' });
  });

  it('needs a signed-in seller', async () => {
    const res = await fetch(`${app.url}/api/member/settings/display`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeZone: 'Asia/Tokyo', displayCurrency: null }) });
    expect([401, 403]).toContain(res.status);
  });
});
