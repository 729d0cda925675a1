/**
 * The operator's support channels (SUPPORT_CHANNELS_JSON), read at start by the API (pages, GET
 * /api/config) and the worker (named in the mail of a run waiting for support): one reader, one rule.
 */
import { DEVELOPMENT_SUPPORT_CHANNELS, supportChannelProblems, type SupportChannel } from '../../domain/support-channels.js';
import { ConfigError } from '../config-error.js';

/** A configuration the API cannot start with; api/main.ts prints the message and exits. */
export class ClientConfigError extends ConfigError {}

/**
 * The operator's support channels from SUPPORT_CHANNELS_JSON. Unreadable or invalid JSON stops the
 * start with what to fix; unset is allowed outside production only (development placeholders).
 */
export function supportChannelsFromEnv(env: NodeJS.ProcessEnv): SupportChannel[] {
  const json = env.SUPPORT_CHANNELS_JSON?.trim();
  if (!json) {
    if (env.NODE_ENV === 'production') throw new ClientConfigError('SUPPORT_CHANNELS_JSON is not set: sellers would be sent to placeholder support contacts. Set it to a JSON array such as [{"id":"email","value":"help@example.com","href":"mailto:help@example.com"}]; see README.md, "Configuration".');
    return DEVELOPMENT_SUPPORT_CHANNELS.map((c) => ({ ...c }));
  }
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch (err) {
    throw new ClientConfigError(`SUPPORT_CHANNELS_JSON is not valid JSON (${(err as Error).message}); see README.md, "Configuration", for its shape.`);
  }
  const problems = supportChannelProblems(list);
  if (problems.length) throw new ClientConfigError(`SUPPORT_CHANNELS_JSON: ${problems.join('; ')}`);
  return (list as SupportChannel[]).map(({ id, value, href }) => ({ id, value: value.trim(), ...(href ? { href } : {}) }));
}

