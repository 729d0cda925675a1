/**
 * Web Push configuration (operator settings, checked at start): the VAPID key pair that signs every
 * push request (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url as `web-push generate-vapid-keys`
 * prints them), the contact the push services may write to (VAPID_SUBJECT, mailto: or https:),
 * WEB_PUSH_HOSTS (more push-service hosts beside the browsers' own) and WEB_PUSH_LOCAL_ORIGIN (one
 * plain-http origin a local test push service listens on; refused in production). None of the VAPID
 * settings: push is off. Some but not all, or a key that is not a P-256 pair: the start stops.
 */
import { createECDH } from 'node:crypto';
import webPush from 'web-push';
import { PUSH_SERVICE_HOSTS } from '../../domain/web-push.js';
import { ConfigError } from '../config-error.js';

export interface VapidKeys { publicKey: string; privateKey: string; subject: string }
export interface WebPushSettings {
  vapid: VapidKeys;
  /** Push-service hosts (by suffix) the server may POST to. */
  hosts: readonly string[];
  /** The one http origin allowed besides https push services (a local test push service). */
  localOrigin: string | null;
}

export class WebPushConfigError extends ConfigError {}

const b64u = /^[A-Za-z0-9_-]+$/;

/** The public key of a private one (both base64url), or an error saying what is wrong. */
export function vapidProblems(keys: VapidKeys): string[] {
  const problems: string[] = [];
  const pub = b64u.test(keys.publicKey) ? Buffer.from(keys.publicKey, 'base64url') : null;
  const priv = b64u.test(keys.privateKey) ? Buffer.from(keys.privateKey, 'base64url') : null;
  if (!pub || pub.length !== 65 || pub[0] !== 4) problems.push('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes)');
  if (!priv || priv.length !== 32) problems.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)');
  if (!problems.length) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(priv!);
      if (!ecdh.getPublicKey().equals(pub!)) problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    } catch {
      problems.push('VAPID_PRIVATE_KEY is not a valid P-256 private key');
    }
  }
  let subject: URL | null = null;
  try {
    subject = new URL(keys.subject);
  } catch {
    // reported below
  }
  if (!subject || !['mailto:', 'https:'].includes(subject.protocol)) problems.push('VAPID_SUBJECT must be a mailto: address or an https: URL the push services may contact');
  return problems;
}

/** From the environment; null when push is not configured. Throws WebPushConfigError with what to fix. */
export function webPushFromEnv(env: NodeJS.ProcessEnv): WebPushSettings | null {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const set = names.filter((n) => env[n]?.trim());
  if (!set.length) return null;
  if (set.length < names.length) throw new WebPushConfigError(`Web Push needs ${names.join(', ')} together; missing: ${names.filter((n) => !set.includes(n)).join(', ')}`);
  const vapid = { publicKey: env.VAPID_PUBLIC_KEY!.trim(), privateKey: env.VAPID_PRIVATE_KEY!.trim(), subject: env.VAPID_SUBJECT!.trim() };
  const problems = vapidProblems(vapid);
  if (problems.length) throw new WebPushConfigError(problems.join('; '));
  const extra = (env.WEB_PUSH_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (extra.some((h) => !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(h))) throw new WebPushConfigError('WEB_PUSH_HOSTS must be a comma-separated list of host names');
  let localOrigin: string | null = null;
  if (env.WEB_PUSH_LOCAL_ORIGIN?.trim()) {
    if (env.NODE_ENV === 'production') throw new WebPushConfigError('WEB_PUSH_LOCAL_ORIGIN is for a local test push service and is refused in production');
    try {
      localOrigin = new URL(env.WEB_PUSH_LOCAL_ORIGIN.trim()).origin;
    } catch {
      throw new WebPushConfigError('WEB_PUSH_LOCAL_ORIGIN must be an origin such as http://127.0.0.1:4000');
    }
  }
  return { vapid, hosts: [...PUSH_SERVICE_HOSTS, ...extra], localOrigin };
}

/** A new VAPID key pair (the local setup keeps one in .data/; tests make their own). */
export function generateVapidKeys(subject = 'mailto:push@coin-market.invalid'): VapidKeys {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { publicKey, privateKey, subject };
}
