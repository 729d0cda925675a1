import { describe, expect, it } from 'vitest';
import { CodecConfigError, codecTokenFromEnv } from '../../infra/temporal/codec-token.js';

describe('codec token (start-up, issue 17 item 12)', () => {
  it.each(['short', 'x'.repeat(31)])('production refuses %j', (token) => {
    expect(() => codecTokenFromEnv({ NODE_ENV: 'production', CODEC_AUTH_TOKEN: token })).toThrow(CodecConfigError);
  });
  it('production takes 32 characters or more; unset mounts no codec; development may use any', () => {
    expect(codecTokenFromEnv({ NODE_ENV: 'production', CODEC_AUTH_TOKEN: 'f'.repeat(32) })).toBe('f'.repeat(32));
    expect(codecTokenFromEnv({ NODE_ENV: 'production' })).toBeUndefined();
    expect(codecTokenFromEnv({ CODEC_AUTH_TOKEN: 'dev' })).toBe('dev');
  });
});
