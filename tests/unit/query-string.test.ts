import { describe, expect, it } from 'vitest';
import { isJsonContentType, toQueryString } from '../../web/src/ui/query-string.js';

describe('toQueryString', () => {
  it('joins key=value pairs with &', () => {
    expect(toQueryString({ page: 1, size: 20, open: true })).toBe('page=1&size=20&open=true');
  });

  it('skips null, empty string and undefined but keeps 0 and false', () => {
    expect(toQueryString({ a: null, b: '', c: undefined, d: 0, e: false })).toBe('d=0&e=false');
    expect(toQueryString({})).toBe('');
  });

  it('URI-encodes keys and values', () => {
    expect(toQueryString({ q: 'a b&c=d/é', 'my key': '100%' })).toBe('q=a%20b%26c%3Dd%2F%C3%A9&my%20key=100%25');
  });

  it('flattens a nested object one level as key[sub], skipping its empty values', () => {
    expect(toQueryString({ price: { min: 1000, max: 5000, none: null, blank: '' }, page: 2 })).toBe(
      'price[min]=1000&price[max]=5000&page=2',
    );
  });

  it('sends values nested deeper as JSON', () => {
    expect(toQueryString({ filter: { range: { min: 1 } } })).toBe(
      `filter[range]=${encodeURIComponent('{"min":1}')}`,
    );
  });

  it('repeats the key for arrays, skipping empty items', () => {
    expect(toQueryString({ status: ['processing', null, 'settled'] })).toBe('status=processing&status=settled');
    expect(toQueryString({ f: { status: ['a', 'b'] } })).toBe('f[status]=a&f[status]=b');
    expect(toQueryString({ ids: [] })).toBe('');
  });

  it('writes dates as ISO text', () => {
    expect(toQueryString({ from: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe('from=2024-01-02T03%3A04%3A05.000Z');
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON;charset=UTF-8', true],
    ['  application/json  ', true],
    ['application/problem+json', false],
    ['text/json', false],
    ['text/html; charset=utf-8', false],
    ['text/plain', false],
    ['application/octet-stream', false],
    ['application/jsonp', false],
    ['', false],
  ])('%s -> %s', (header, json) => {
    expect(isJsonContentType(header)).toBe(json);
  });

  it('treats a missing header as non-JSON', () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
