import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../infra/config-error.js';
import { refuseProductionSwitches } from '../../infra/production-switches.js';

// Issue 27, finding 8: the api, worker and simulator call this first (tests/integration/security-site.test.ts starts them).
const production = (env: NodeJS.ProcessEnv) => () => refuseProductionSwitches({ NODE_ENV: 'production', ...env });

describe('production refuses test and local switches', () => {
  it.each([
    ['WEBHOOKS_LOCAL', '1'], ['WEB_PUSH_LOCAL_ORIGIN', 'http://127.0.0.1:4000'], ['DEMO_TIME_SCALE', '1000'],
    ['SIMULATOR_TEST_CONTROL', '1'], ['GOOGLE_ISSUER', 'http://127.0.0.1:4000'],
  ])('%s=%s stops the start, naming it', (name, value) => {
    expect(production({ [name]: value })).toThrow(ConfigError);
    expect(production({ [name]: value })).toThrow(new RegExp(`NODE_ENV=production.*${name}`));
  });

  it('names every switch that is on at once', () => {
    expect(production({ WEBHOOKS_LOCAL: '1', DEMO_TIME_SCALE: '50' })).toThrow(/WEBHOOKS_LOCAL .*; DEMO_TIME_SCALE /);
  });

  it('lets through values that switch nothing on, and everything outside production', () => {
    expect(production({ WEBHOOKS_LOCAL: '0', DEMO_TIME_SCALE: '1', SIMULATOR_TEST_CONTROL: '0', GOOGLE_ISSUER: 'https://accounts.google.com/', WEB_PUSH_LOCAL_ORIGIN: '' })).not.toThrow();
    expect(() => refuseProductionSwitches({ NODE_ENV: 'development', WEBHOOKS_LOCAL: '1', DEMO_TIME_SCALE: '1000' })).not.toThrow();
  });
});
