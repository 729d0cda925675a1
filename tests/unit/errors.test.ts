import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_KINDS, httpStatusOf, isDomainError } from '../../domain/errors.js';

describe('httpStatusOf', () => {
  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['unprocessable', 422],
    ['rate_limited', 429],
    ['gone', 410],
    ['unavailable', 503],
  ] as const)('%s -> %i', (kind, status) => {
    expect(httpStatusOf(kind)).toBe(status);
  });

  it('covers every kind', () => {
    expect(ERROR_KINDS).toHaveLength(9);
    for (const kind of ERROR_KINDS) expect(httpStatusOf(kind)).toBeGreaterThanOrEqual(400);
  });
});

describe('DomainError', () => {
  it('carries kind, code, message, fields and cause', () => {
    const cause = new Error('db');
    const error = new DomainError('conflict', 'username_taken', 'This username is already taken', {
      fields: [{ field: 'username', message: 'This username is already taken' }],
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isDomainError(error)).toBe(true);
    expect(error.name).toBe('DomainError');
    expect(error.kind).toBe('conflict');
    expect(error.code).toBe('username_taken');
    expect(error.message).toBe('This username is already taken');
    // A field given only its words gets the code of its message, for clients that translate.
    expect(error.fields).toEqual([{ field: 'username', message: 'This username is already taken', code: 'USERNAME_TAKEN' }]);
    expect(error.cause).toBe(cause);
  });

  it('defaults the message to the code and fields to none', () => {
    const error = new DomainError('not_found', 'record_not_found');
    expect(error.message).toBe('record_not_found');
    expect(error.fields).toEqual([]);
  });

  it('builds an invalid-input error from field errors', () => {
    const error = DomainError.invalidFields([{ field: 'email', message: 'please input email' }]);
    expect(error.kind).toBe('invalid');
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('please input email');
    expect(httpStatusOf(error.kind)).toBe(400);
  });

  it('is not confused with other errors', () => {
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ kind: 'invalid' })).toBe(false);
  });
});
