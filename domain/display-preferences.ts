/**
 * How a seller reads times and amounts: the time zone times are shown in (pages, exported records,
 * mails) and the currency amounts are also shown in, next to euros. Display only: money stays euro
 * cents; null means the default (the browser's zone; the payout currency, else euros only).
 */
import { nullable, object, size, string } from 'superstruct';
import { DomainError } from './errors.js';

export interface DisplayPreferences {
  timeZone: string | null;
  displayCurrency: string | null;
}

/** The zones this runtime knows (IANA names), plus UTC, which Intl accepts but does not list. */
let zones: ReadonlySet<string> | null = null;
export function isTimeZone(value: unknown): value is string {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return typeof value === 'string' && zones.has(value);
}

/** Both fields, each a name or null (back to the default); nothing else. */
export const DisplayPreferencesInput = object({
  timeZone: nullable(size(string(), 1, 64)),
  displayCurrency: nullable(size(string(), 1, 8)),
});

/** The input checked against the known zones and the operator's currencies; anything else is refused whole. */
export function checkDisplayPreferences(input: DisplayPreferences, currencyList: readonly string[]): DisplayPreferences {
  if (input.timeZone !== null && !isTimeZone(input.timeZone)) {
    throw DomainError.invalidFields([{ field: 'timeZone', message: `Unknown time zone "${input.timeZone}": choose one such as Europe/Berlin or Asia/Tokyo` }], 'unknown_time_zone');
  }
  if (input.displayCurrency !== null && !currencyList.includes(input.displayCurrency)) {
    throw DomainError.invalidFields([{ field: 'displayCurrency', message: `Unknown currency "${input.displayCurrency}": choose one of ${currencyList.join(', ')}` }], 'unknown_currency');
  }
  return input;
}
