/**
 * API keys of large sellers: what a key may do (scopes), how it looks (a recognisable prefix, its
 * id, then the secret) and the words a seller or API client reads when one is refused.
 */
import { hasHiddenCharacters } from './plain-text.js';
import type { FieldError } from './errors.js';

/**
 * read: runs, records, balance, ledger, webhook endpoints and their delivery logs; trade: submit and
 * resubmit comfort trades; withdraw: request withdrawals; webhooks: register, remove and re-key
 * webhook endpoints and redeliver (where events go and who can sign them is more than reading).
 */
export const API_SCOPES = ['read', 'trade', 'withdraw', 'webhooks'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Every key starts with this, so leaked keys are easy to find in code and logs (secret scanners). */
export const API_KEY_PREFIX = 'cmk_';
/** `cmk_<16 hex key id>_<43 base64url secret chars (256 bits)>`. */
export const API_KEY_PATTERN = /^cmk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
export const KEY_NAME_MAX = 60;
/** Keys a seller may hold at once (revoked ones not counted). */
export const MAX_ACTIVE_KEYS = 10;

export const KEY_NAME_REQUIRED = 'Please enter a name for the key';
export const KEY_NAME_TOO_LONG = `The name may have at most ${KEY_NAME_MAX} characters`;
export const KEY_NAME_HIDDEN = 'The name may not contain invisible characters';
export const SCOPES_REQUIRED = 'Please choose at least one scope: read, trade, withdraw or webhooks';
export const SCOPE_UNKNOWN = 'Unknown scope; the scopes are read, trade, withdraw and webhooks';
export const API_ACCESS_OFF = 'API access is not enabled for this account; please contact support';
export const TOO_MANY_KEYS = `At most ${MAX_ACTIVE_KEYS} keys can be active at once; please revoke one first`;
export const KEY_NOT_FOUND = 'This API key was not found';
export const KEY_REVOKED = 'This API key has been revoked';
export const KEY_CHANGED = 'This key was just changed; please reload and try again';
export const KEY_INVALID = 'The API key is missing or not valid';
export const SCOPE_MISSING = (scope: ApiScope) => `This API key does not have the "${scope}" scope`;

/** Splits a presented key into its id and secret; null when it cannot be one of ours. */
export function parseApiKey(presented: unknown): { keyId: string; secret: string } | null {
  if (typeof presented !== 'string') return null;
  const m = API_KEY_PATTERN.exec(presented.trim());
  return m ? { keyId: m[1]!, secret: m[2]! } : null;
}

/** The key's name, trimmed and NFKC-normalised, or the field message that refuses it. */
export function checkKeyName(value: unknown): { ok: true; name: string } | { ok: false; error: FieldError } {
  const name = typeof value === 'string' ? value.normalize('NFKC').trim() : '';
  if (!name) return { ok: false, error: { field: 'name', message: KEY_NAME_REQUIRED } };
  if (name.length > KEY_NAME_MAX) return { ok: false, error: { field: 'name', message: KEY_NAME_TOO_LONG } };
  if (hasHiddenCharacters(name)) return { ok: false, error: { field: 'name', message: KEY_NAME_HIDDEN } };
  return { ok: true, name };
}

/** The scopes asked for, deduplicated in the canonical order, or the field message that refuses them. */
export function checkScopes(value: unknown): { ok: true; scopes: ApiScope[] } | { ok: false; error: FieldError } {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, error: { field: 'scopes', message: SCOPES_REQUIRED } };
  if (value.some((s) => !(API_SCOPES as readonly unknown[]).includes(s))) return { ok: false, error: { field: 'scopes', message: SCOPE_UNKNOWN } };
  return { ok: true, scopes: API_SCOPES.filter((s) => value.includes(s)) };
}

/** A key as its owner sees it: never the secret or its hash. */
export interface ApiKeyView {
  keyId: string;
  name: string;
  scopes: ApiScope[];
  /** The first characters of the key (`cmk_<id>`), to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  rotatedAt: string | null;
  revokedAt: string | null;
}

/** The answer that carries a new secret: shown once, never stored in clear. */
export interface IssuedApiKey { key: ApiKeyView; secret: string }
