/**
 * Switches made for tests and the local setup that a production process (NODE_ENV=production) refuses
 * to start with, whichever process reads them: the api, the worker and the simulator all call
 * `refuseProductionSwitches` first, so a copied development .env fails at start, naming the variable,
 * instead of quietly weakening a check. One list on purpose: the configuration schema (issue 28) is
 * meant to take it over.
 */
import { ConfigError } from './config-error.js';

export class ProductionSwitchError extends ConfigError {}

interface Switch {
  name: string;
  /** Whether this value turns the switch on (a value that changes nothing is let through). */
  on(value: string): boolean;
  what: string;
}

const set = (value: string) => value.trim() !== '' && value.trim() !== '0';

export const PRODUCTION_REFUSES: readonly Switch[] = [
  { name: 'WEBHOOKS_LOCAL', on: set, what: 'webhook endpoints on plain http and local or private addresses (npm start\'s local receivers)' },
  { name: 'WEB_PUSH_LOCAL_ORIGIN', on: set, what: 'a local test push service over plain http' },
  { name: 'DEMO_TIME_SCALE', on: (v) => set(v) && v.trim() !== '1', what: 'npm start\'s demo clock (every business duration shortened)' },
  { name: 'SIMULATOR_TEST_CONTROL', on: (v) => v.trim() === '1', what: 'the provider simulator\'s test steering' },
  {
    name: 'GOOGLE_ISSUER', on: (v) => set(v) && v.trim().replace(/\/+$/, '') !== 'https://accounts.google.com',
    what: 'a stand-in OpenID provider for Google sign-in (tests): its tokens would sign sellers in',
  },
];

/** Throws (a ConfigError: `configOrExit` prints it and exits 2) when NODE_ENV=production and any switch is on, naming each. */
export function refuseProductionSwitches(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const on = PRODUCTION_REFUSES.filter((s) => env[s.name] !== undefined && s.on(env[s.name]!));
  if (!on.length) return;
  throw new ProductionSwitchError(
    `refused with NODE_ENV=production, a test or local switch is set: ${on.map((s) => `${s.name} (${s.what})`).join('; ')}. Unset ${on.length > 1 ? 'them' : 'it'}.`,
  );
}
