import { describe, expect, it } from 'vitest';
import { boolean, number, object, optional } from 'superstruct';
import { crossCheck, field, isString, trimText, validate } from '../../domain/validation.js';
import { INVALID_VALUE } from '../../domain/messages.js';

const name = field<string>('name', [isString, 'name is text'], [
  [(t) => t.length > 0, 'name required'],
  [(t) => t.length <= 5, 'name too long'],
  [(t) => !/\d/.test(t), 'name has no digits'],
], trimText);

const Pair = crossCheck(object({ a: name, b: name }), 'b', (v) => v.a === v.b || 'b must equal a');

describe('validate', () => {
  it('returns the coerced value on success', () => {
    expect(validate(Pair, { a: ' abc ', b: 'abc' })).toEqual({ ok: true, value: { a: 'abc', b: 'abc' } });
  });

  it('reports the first failing rule of each field only', () => {
    // "abcdef1" breaks both the length and the digit rule: only the first one is reported.
    expect(validate(Pair, { a: 'abcdef1', b: '' })).toEqual({
      ok: false,
      errors: [
        { field: 'a', message: 'name too long' },
        { field: 'b', message: 'name required' },
      ],
    });
  });

  it('reports a cross-field rule on its target when the field itself is fine', () => {
    expect(validate(Pair, { a: 'abc', b: 'abd' })).toEqual({
      ok: false,
      errors: [{ field: 'b', message: 'b must equal a' }],
    });
  });

  it('keeps checking other fields and cross rules when a field has the wrong type', () => {
    expect(validate(Pair, { a: 42, b: 'x' })).toEqual({
      ok: false,
      errors: [
        { field: 'a', message: 'name is text' },
        { field: 'b', message: 'b must equal a' },
      ],
    });
  });

  it('drops unknown keys instead of refusing them', () => {
    expect(validate(Pair, { a: 'x', b: 'x', admin: true })).toEqual({ ok: true, value: { a: 'x', b: 'x' } });
  });

  it('replaces superstruct developer text with a generic message', () => {
    const Plain = object({ n: number(), flag: optional(boolean()) });
    expect(validate(Plain, { n: 'one', flag: 'yes' })).toEqual({
      ok: false,
      errors: [
        { field: 'n', message: INVALID_VALUE, code: 'INVALID_VALUE' },
        { field: 'flag', message: INVALID_VALUE, code: 'INVALID_VALUE' },
      ],
    });
  });

  it('answers a non-object input on the empty field name', () => {
    expect(validate(Pair, 'text')).toEqual({ ok: false, errors: [{ field: '', message: INVALID_VALUE, code: 'INVALID_VALUE' }] });
  });

  it('joins nested paths with dots', () => {
    const Nested = object({ owner: object({ a: name }) });
    expect(validate(Nested, { owner: { a: '' } })).toEqual({
      ok: false,
      errors: [{ field: 'owner.a', message: 'name required' }],
    });
  });
});
