/**
 * Where the site lives and who stands in front of it, from the operator's configuration only:
 * nothing here is taken from a request header a client could choose.
 */
import { ConfigError } from '../infra/config-error.js';

/** The operator's settings that decide origins, cookies and client addresses. */
export interface SiteSettings {
  /** The public origin (PUBLIC_URL), e.g. https://coins.example.com; links in mails use only this. */
  publicUrl?: string;
  /** Addresses or CIDRs of reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY). */
  trustProxy: string[];
}

export class SiteConfigError extends ConfigError {}

/** Reads PUBLIC_URL and TRUST_PROXY; production (NODE_ENV=production) refuses to start without PUBLIC_URL. */
export function siteSettingsFromEnv(env: NodeJS.ProcessEnv): SiteSettings {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw && env.NODE_ENV === 'production') {
    throw new SiteConfigError('PUBLIC_URL is required in production (the https origin sellers open): links in mails and the Secure cookie flag come from it.');
  }
  return { publicUrl: raw ? publicOrigin(raw) : undefined, trustProxy: trustedProxies(env.TRUST_PROXY) };
}

/** The origin of a configured public URL (scheme, host, port), refusing anything but http(s). */
export function publicOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SiteConfigError(`PUBLIC_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new SiteConfigError(`PUBLIC_URL must be http(s): ${url}`);
  return parsed.origin;
}

/** The comma list of TRUST_PROXY; empty (trust no proxy) when unset. */
export const trustedProxies = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Whether the site is served over https (Secure cookies, HSTS). */
export const isHttpsSite = (publicUrl: string | undefined): boolean => Boolean(publicUrl?.startsWith('https://'));

/**
 * Whether a browser's Origin may talk to us: absent (not a browser, or a same-origin request that
 * sends none), the public origin, or the very host the request was sent to (same origin).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (!origin) return true;
  if (publicUrl && origin === publicUrl) return true;
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}
