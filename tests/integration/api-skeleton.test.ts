import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SUPPORT_CHANNELS } from '../../domain/support-channels.js';
import { startTestApp, type TestApp } from '../support/app.js';

describe('API skeleton', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp(); });
  afterAll(async () => { await app?.close(); });

  it('answers /health while the process is up and /ready when MongoDB and Temporal answer', async () => {
    expect(await (await fetch(`${app.url}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', mongodb: 'up', temporal: 'up' });
  });

  it('serves the client configuration, recommending the browser\'s language', async () => {
    const res = await fetch(`${app.url}/api/config`, { headers: { 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    const cfg = await res.json();
    expect(cfg).toMatchObject({ defaultLanguage: 'en', defaultCurrency: 'EUR', recommendLanguage: 'fr', recommendLanguageLocalName: 'Français' });
    expect(cfg.currencyList).toContain('EUR');
    expect(cfg.languages.map((l: { code: string }) => l.code).sort()).toEqual(['ar', 'de', 'en', 'es', 'fa', 'fr', 'pt', 'zh']);
    expect(cfg.recommendLanguagePopTitle.title).toBe('Passer au français ?');
    // The operator's support channels (SUPPORT_CHANNELS_JSON; unset here, so the development placeholders).
    expect(cfg.supportChannels).toEqual(DEVELOPMENT_SUPPORT_CHANNELS);
    const unknown = await (await fetch(`${app.url}/api/config`, { headers: { 'Accept-Language': 'sw' } })).json();
    expect(unknown.recommendLanguage).toBe('en');
  });

  it('serves the web app for page routes and a JSON 404 for unknown API paths', async () => {
    const page = await fetch(`${app.url}/de/faq`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<div id="root"/);
    const api = await fetch(`${app.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves hashed assets compressed and cacheable forever, and index.html always fresh', async () => {
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    // The prerendered page's loader (requests the scripts after the first paint) and the app's entry it names.
    const loader = html.match(/<script src="(\/late-scripts-[A-Z0-9]{8}\.js)"/)?.[1];
    const entry = html.match(/data-entry="(\/main-[A-Z0-9]{8}\.js)"/)?.[1];
    for (const [path, least] of [[loader, 200], [entry, 1000]] as const) {
      expect(path).toBeTruthy();
      const asset = await fetch(`${app.url}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-encoding'), path).toBe('br');
      expect(asset.headers.get('cache-control'), path).toContain('immutable');
      expect((await asset.text()).length, path).toBeGreaterThan(least);
    }
  });

  it('sends security headers', async () => {
    const res = await fetch(`${app.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
