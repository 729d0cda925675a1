/**
 * Who every mail is from (MAIL_FROM), the operator's setting read by the api, the worker and the
 * support tool alike and checked at start: an address (sent under the brand's name) or
 * `Name <address>`. Unset, it is the brand at the public site's host (`CoinMarket
 * <no-reply@coins.example.com>` for PUBLIC_URL https://coins.example.com; `localhost` for an IP
 * address or no PUBLIC_URL), so a seller always sees who wrote.
 */
import { ConfigError } from '../config-error.js';

export const BRAND_NAME = 'CoinMarket';

export class MailConfigError extends ConfigError {}

const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
// No angle brackets, quotes or control characters (a line break would start a header of its own).
const NAME = /^[^<>"\\\x00-\x1f\x7f]{1,100}$/;

/** The host of PUBLIC_URL as a mail domain, or `localhost` (development addresses are IPs). */
function mailHost(publicUrl: string | undefined): string {
  let host = '';
  try {
    host = publicUrl ? new URL(publicUrl).hostname : '';
  } catch {
    // PUBLIC_URL itself is checked where it is read (api/site.ts); the sender falls back.
  }
  return !host || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[') ? 'localhost' : host;
}

/** The From header for MAIL_FROM and PUBLIC_URL; a malformed MAIL_FROM stops the start with a message naming it. */
export function mailFrom(env: Readonly<Record<string, string | undefined>>): string {
  const raw = env.MAIL_FROM?.trim();
  if (!raw) return `${BRAND_NAME} <no-reply@${mailHost(env.PUBLIC_URL)}>`;
  if (ADDRESS.test(raw)) return `${BRAND_NAME} <${raw}>`;
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(raw);
  if (named && NAME.test(named[1]) && named[1].trim() && ADDRESS.test(named[2])) return `${named[1].trim()} <${named[2]}>`;
  throw new MailConfigError(`MAIL_FROM must be an address (no-reply@example.com) or "Name <address>", not "${raw.replace(/[\x00-\x1f\x7f]/g, '?')}"`);
}
