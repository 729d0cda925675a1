/** How dates, money and coin amounts read on screen, in the seller's language. */
import { DomainError } from '../../../domain/errors.js';

export const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD HH:mm:ss';

type DateInput = Date | number | string;

// The specification: "a 10-digit number is seconds"; server timestamps otherwise come in ms.
function toDate(input: DateInput): Date {
  if (input instanceof Date) return input;
  const numeric = typeof input === 'number' ? input : /^\s*-?\d+\s*$/.test(input) ? Number(input) : undefined;
  if (numeric === undefined) return new Date(input);
  const digits = String(Math.trunc(Math.abs(numeric))).length;
  return new Date(digits === 10 ? numeric * 1000 : numeric);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function fields(date: Date, timeZone?: string): Record<string, string> {
  if (!timeZone) {
    return {
      YYYY: pad(date.getFullYear(), 4),
      MM: pad(date.getMonth() + 1),
      DD: pad(date.getDate()),
      HH: pad(date.getHours()),
      mm: pad(date.getMinutes()),
      ss: pad(date.getSeconds()),
    };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    YYYY: part('year').padStart(4, '0'),
    MM: part('month'),
    DD: part('day'),
    HH: part('hour'),
    mm: part('minute'),
    ss: part('second'),
  };
}

/**
 * A date as `pattern` (tokens YYYY MM DD HH mm ss), in `timeZone` or the device's own zone.
 * A 10-digit number or numeric string is seconds since 1970, any other number milliseconds.
 * An unreadable date gives "" so a bad record shows a blank instead of "NaN".
 */
export function formatDate(input: DateInput, pattern: string = DEFAULT_DATE_PATTERN, timeZone?: string): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return '';
  const values = fields(date, timeZone);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => values[token]);
}

/**
 * Integer minor units (euro cents) as a localized currency amount. The amount is handed to Intl as
 * an exact decimal string, so no float ever touches the money.
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new DomainError('invalid', 'invalid_amount', 'Amount must be whole cents');
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const magnitude = String(Math.abs(cents)).padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const decimal = digits > 0 ? `${whole}.${magnitude.slice(-digits)}` : whole;
  return format.format(`${cents < 0 ? '-' : ''}${decimal}` as Intl.StringNumericLiteral);
}

/** A plain number with the locale's grouping and decimal marks. */
export const formatNumber = (n: number, locale: string): string => new Intl.NumberFormat(locale).format(n);

/** Basis points as a percentage with the locale's marks: 340 -> "3.4%" (exact: Intl gets a decimal string). */
export function formatPercent(bps: number, locale: string): string {
  if (!Number.isSafeInteger(bps)) throw new DomainError('invalid', 'invalid_amount', 'Basis points must be whole');
  const magnitude = String(Math.abs(bps)).padStart(5, '0');
  const ratio = `${bps < 0 ? '-' : ''}${magnitude.slice(0, -4)}.${magnitude.slice(-4)}`;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(ratio as Intl.StringNumericLiteral);
}

/** A coin amount in thousands, exact: 150000 -> "150K", 150500 -> "150.5K". */
export function formatCoinsK(coins: number): string {
  if (!Number.isSafeInteger(coins)) throw new DomainError('invalid', 'invalid_amount', 'Coins must be a whole number');
  const sign = coins < 0 ? '-' : '';
  const magnitude = Math.abs(coins);
  const fraction = String(magnitude % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(magnitude / 1000)}${fraction ? `.${fraction}` : ''}K`;
}
