/**
 * Web Push: the subscription a seller's browser gives (PushSubscription.toJSON()) and what a push
 * message carries. A subscription is checked before it is stored: its endpoint must be https on a
 * known push service (the server POSTs to it, so a free URL would let a seller aim our server at any
 * host), or the one plain-http origin the operator names for a local test push service; its keys must
 * be a P-256 public point and a 16-byte secret in base64url. Pure.
 */
import { DomainError } from './errors.js';
import { PUSH_SUBSCRIPTION_INVALID } from './messages.js';
import type { NotificationKind } from './notifications.js';

/** Browsers a seller may keep subscribed at once; saving one more drops the least recently saved. */
export const MAX_PUSH_SUBSCRIPTIONS = 5;
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/**
 * Hosts of the browsers' push services (Chrome and other Chromium browsers, Firefox, Safari, Edge), by
 * suffix. Operators may add hosts (WEB_PUSH_HOSTS) for another browser's service.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com',
];

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker receives (JSON, encrypted for the browser): words already in the seller's language, no secrets. */
export interface PushPayload {
  title: string;
  body: string;
  /** App path the notification opens (`/member/sold-record?run=…`). */
  link: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The notification's id: a second delivery of the same one replaces it on the device. */
  tag: string;
  kind: NotificationKind;
}
/** A push message may carry about 4 KB; bodies are cut well below it. */
export const PUSH_BODY_MAX = 1000;

// 65 bytes (0x04 + X + Y) is 87 base64url characters starting with 'B'; 16 bytes are 22.
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{22}$/;

const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const unpadded = (v: unknown) => (typeof v === 'string' ? v.replace(/=+$/, '') : '');

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Whether the server may POST to this endpoint: https on a push service, or the configured local test origin. */
export function pushEndpointAllowed(endpoint: string, o: { hosts?: readonly string[]; localOrigin?: string | null } = {}): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (o.localOrigin && url.origin === o.localOrigin) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && hostAllowed(url.hostname, o.hosts ?? PUSH_SERVICE_HOSTS);
}

/** A browser's subscription, checked; anything else is a field error and nothing is stored. */
export function parsePushSubscription(body: unknown, o: { hosts?: readonly string[]; localOrigin?: string | null } = {}): PushSubscriptionInput {
  const fields: { field: string; message: string }[] = [];
  const endpoint = record(body) && typeof body.endpoint === 'string' ? body.endpoint : '';
  if (!pushEndpointAllowed(endpoint, o)) fields.push({ field: 'endpoint', message: PUSH_SUBSCRIPTION_INVALID });
  const keys = record(body) && record(body.keys) ? body.keys : {};
  const p256dh = unpadded(keys.p256dh);
  const auth = unpadded(keys.auth);
  if (!P256DH.test(p256dh)) fields.push({ field: 'keys.p256dh', message: PUSH_SUBSCRIPTION_INVALID });
  if (!AUTH.test(auth)) fields.push({ field: 'keys.auth', message: PUSH_SUBSCRIPTION_INVALID });
  if (fields.length) throw DomainError.invalidFields(fields);
  return { endpoint, keys: { p256dh, auth } };
}

/** `{ endpoint }` of a subscription to remove. */
export function parsePushEndpoint(body: unknown): string {
  const endpoint = record(body) && typeof body.endpoint === 'string' ? body.endpoint : '';
  if (!endpoint || endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) throw DomainError.invalidFields([{ field: 'endpoint', message: PUSH_SUBSCRIPTION_INVALID }]);
  return endpoint;
}

/** Logout's optional `pushEndpoint`: this browser's, which the page unsubscribed and the account drops too. */
export function parseLogoutPushEndpoint(body: unknown): string | undefined {
  const endpoint = record(body) ? body.pushEndpoint : undefined;
  if (endpoint === undefined || endpoint === null) return undefined;
  if (typeof endpoint !== 'string' || !endpoint || endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) {
    throw DomainError.invalidFields([{ field: 'pushEndpoint', message: PUSH_SUBSCRIPTION_INVALID }]);
  }
  return endpoint;
}

/** What GET /api/notifications/push answers: the VAPID public key (null: push is off on this site) and how many browsers the seller has subscribed. */
export interface PushStatusView { publicKey: string | null; subscriptions: number }

/**
 * One browser the seller allowed, as Settings lists it (GET /api/notifications/push/subscriptions):
 * the browser and system named from the user agent it was added with (null: not recognised, or added
 * before it was recorded), when it was added and when a push last reached its push service.
 */
export interface PushSubscriptionView {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface PushSubscriptionsView { subscriptions: PushSubscriptionView[] }

// First match wins: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'], [/\b(OPR|Opera)\//, 'Opera'], [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'], [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'], [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'], [/\biPad\b/, 'iPadOS'], [/\b(iPhone|iPod)\b/, 'iOS'], [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'], [/\bMac OS X\b|\bMacintosh\b/, 'macOS'], [/\bLinux\b/, 'Linux'],
];
const nameIn = (ua: string, names: readonly [RegExp, string][]) => names.find(([re]) => re.test(ua))?.[1] ?? null;

/** Browser and system a user agent names, for the seller to recognise a device by (never trusted for anything else). */
export function browserOf(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  const ua = (userAgent ?? '').slice(0, 500);
  return { browser: nameIn(ua, BROWSERS), os: nameIn(ua, SYSTEMS) };
}
