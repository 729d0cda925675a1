import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiUrl, request, requestJson, HttpError } from '../../web/src/lib/http.js';
import { failureOf, translateMessage } from '../../web/src/lib/messages.js';
import { loadTexts, setLanguage, t, TEXT_PARTS } from '../../web/src/i18n/index.js';

// Pages load their parts of the texts before they render; these tests read texts of every part.
beforeAll(() => loadTexts(TEXT_PARTS));

let server: http.Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url?.startsWith('/json')) {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ ok: true }));
    } else if (req.url?.startsWith('/text-json')) {
      res.setHeader('content-type', 'text/plain');
      res.end('{"looks":"like json"}');
    } else if (req.url?.startsWith('/fail-coded')) {
      // The API's error contract: words for API clients, code and numbers for translation.
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { code: 'validation_failed', message: 'Please enter at most 30 characters', fields: [
        { field: 'name', message: 'Please enter at most 30 characters', code: 'tooLong', data: { max: 30 } },
        { field: 'email', message: 'Please enter in email format', code: 'EMAIL_FORMAT' },
      ] } }));
    } else if (req.url?.startsWith('/fail')) {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { code: 'invalid', message: 'Please enter in email format' } }));
    } else {
      res.setHeader('content-type', 'text/html');
      res.end('<p>hi</p>');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('fetch helper', () => {
  it('builds the query string with the specification rule', () => {
    expect(apiUrl('/api/records', { page: 2, filter: { status: 'settled', empty: '' }, q: null, none: undefined })).toBe(
      '/api/records?page=2&filter[status]=settled',
    );
    expect(apiUrl('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(apiUrl('/api/x', {})).toBe('/api/x');
  });

  it('parses application/json and sends the query', async () => {
    const res = await request(`${base}/json`, { query: { a: 'b c' } });
    expect(res).toMatchObject({ ok: true, json: true, data: { ok: true } });
    expect(seen.at(-1)).toBe('/json?a=b%20c');
  });

  it('treats any other content type as non-JSON, even when the text looks like JSON', async () => {
    expect(await request(`${base}/text-json`)).toMatchObject({ json: false, data: '{"looks":"like json"}' });
    expect(await request(`${base}/page`)).toMatchObject({ json: false, data: '<p>hi</p>' });
    await expect(requestJson(`${base}/text-json`)).rejects.toBeInstanceOf(HttpError);
  });

  it('surfaces the server error message', async () => {
    await expect(requestJson(`${base}/fail`)).rejects.toMatchObject({ status: 400, message: 'Please enter in email format' });
  });

  it('reads a refusal field by field with codes and numbers, and translates it by code', async () => {
    const err = await requestJson(`${base}/fail-coded`).catch((e: unknown) => e);
    const failure = failureOf(err);
    expect(failure.status).toBe(400);
    expect(failure.fields.name).toEqual({ code: 'tooLong', text: 'Please enter at most 30 characters', data: { max: 30 } });
    await setLanguage('ar');
    expect(translateMessage(t, failure.fields.name!)).toBe('يرجى إدخال 30 حرفًا كحد أقصى');
    expect(translateMessage(t, failure.fields.email!)).not.toBe('Please enter in email format');
    await setLanguage('en');
    expect(translateMessage(t, failure.fields.email!)).toBe('Please enter in email format');
  });
});
