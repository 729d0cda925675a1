/** What a seller sends: game accounts, picks, support's resolution, the list's price filter and page. */
import { enums, object, optional, size, string, type Infer } from 'superstruct';
import { DomainError } from '../errors.js';
import { PLATFORMS, type Platform } from '../pricing.js';
import { field } from '../validation.js';
import { FORMULA_START, HIDDEN_CHARACTERS, INVALID_VALUE, REQUIRED } from '../messages.js';
import { hasHiddenCharacters, plainText, startsLikeFormula } from '../plain-text.js';

// ---------------------------------------------------------------------------------------------
// Inputs

const isString = (v: unknown): v is string => typeof v === 'string';
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A seller's game account: platform and the account identity used on the transfer market. */
export const GameAccountInput = object({
  platform: field<Platform>('platform', [(v: unknown): v is Platform => PLATFORMS.includes(v as Platform), REQUIRED]),
  name: field<string>('name', [isString, REQUIRED], [
    [(v) => v.length > 0, REQUIRED],
    [(v) => !hasHiddenCharacters(v), HIDDEN_CHARACTERS],
    [(v) => !startsLikeFormula(v), FORMULA_START],
    [(v) => v.length <= 64 && /^[^\s<>"'`]{1}[^<>"'`]*$/.test(v), INVALID_VALUE],
  ], plainText),
});
export type GameAccountInput = Infer<typeof GameAccountInput>;

export interface GameAccountView {
  id: string;
  platform: Platform;
  name: string;
  /** The purchase it is busy with, if any. */
  activePurchaseId: string | null;
  /** Until when it may not buy again (epoch ms), or null. */
  cooldownUntil: number | null;
  createdAt: number;
}

const idField = (name: string) =>
  field<string>(name, [isString, REQUIRED], [[(v) => /^[A-Za-z0-9:_-]{1,80}$/.test(v), INVALID_VALUE]], trimmed);

export const PickInput = object({ cardId: idField('cardId'), gameAccountId: idField('gameAccountId') });
export type PickInput = Infer<typeof PickInput>;

export const SupportResolveInput = object({
  decision: enums(['verified', 'rejected', 'retry']),
  by: size(string(), 1, 100),
  reason: size(string(), 1, 500),
  note: optional(string()),
});
export type SupportResolveInput = Infer<typeof SupportResolveInput>;

/** Price filter of the list: whole coins, both ends optional, min <= max. */
export interface PriceFilter {
  minPrice: number | null;
  maxPrice: number | null;
  platform: Platform | null;
}

const MAX_COINS = 100_000_000;

/** Reads the list's query string; a bad bound is refused with the field named. */
export function parsePriceFilter(q: Record<string, unknown>): PriceFilter {
  const num = (name: string): number | null => {
    const raw = q[name];
    if (raw === undefined || raw === '' || raw === null) return null;
    // A repeated parameter arrives as an array: refused, never joined into another number (`1,2` is not 12).
    if (typeof raw !== 'string' && typeof raw !== 'number') throw DomainError.invalidFields([{ field: name, message: INVALID_VALUE }]);
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/[,_\s]/g, ''));
    if (!Number.isSafeInteger(n) || n < 0 || n > MAX_COINS) throw DomainError.invalidFields([{ field: name, message: INVALID_VALUE }]);
    return n;
  };
  const minPrice = num('minPrice');
  const maxPrice = num('maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    throw DomainError.invalidFields([{ field: 'maxPrice', message: INVALID_VALUE }]);
  }
  const p = q.platform;
  let platform: Platform | null = null;
  if (p !== undefined && p !== '') {
    if (typeof p !== 'string' || !PLATFORMS.includes(p as Platform)) throw DomainError.invalidFields([{ field: 'platform', message: INVALID_VALUE }]);
    platform = p as Platform;
  }
  return { minPrice, maxPrice, platform };
}

/** Page number and size of a list (size capped so one request stays cheap). */
export function parsePage(q: Record<string, unknown>, defaultSize = 20, maxSize = 100): { page: number; size: number } {
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(q.page ?? 1)) || 1));
  const size = Math.max(1, Math.min(maxSize, Math.floor(Number(q.size ?? defaultSize)) || defaultSize));
  return { page, size };
}
