/**
 * The API's own words for a refused burst of attempts (what an API client or a page without its texts
 * shows): "1 minute", "10 minutes", never "minute(s)" (issue 33, plurals).
 */
import { describe, expect, it } from 'vitest';
import { tooManyAttempts } from '../../infra/accounts/limits.js';

describe('too many attempts', () => {
  it('counts the minutes to wait in English, rounded up', () => {
    expect(tooManyAttempts(30, 0).message).toBe('Too many attempts, please try again in 1 minute');
    expect(tooManyAttempts(60, 0).message).toBe('Too many attempts, please try again in 1 minute');
    expect(tooManyAttempts(61, 0).message).toBe('Too many attempts, please try again in 2 minutes');
    expect(tooManyAttempts(600, 0)).toMatchObject({ message: 'Too many attempts, please try again in 10 minutes', data: { retryAt: 600_000, minutes: 10 } });
  });
});
