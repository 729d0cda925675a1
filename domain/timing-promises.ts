/**
 * The times the product promises a seller, in one place (issue 32, finding 5). Every page text and
 * mail that names one of them interpolates it (`{{reviewHours}}` in the web dictionaries, `{reviewHours}`
 * in mail texts) instead of writing the figure, so the home page, the run statuses, the FAQ, the rules
 * and the withdraw page cannot disagree again; tests/unit/timing-promises.test.ts refuses a figure
 * written out. Each promise says what it counts from (specification sections 4 and 9):
 * - the transfer: the account is used for the transfer time the seller chooses, 12 to 72 hours
 *   ("coins sell in about 12 hours (at least)"; the choices are TRANSFER_TIMES);
 * - the money: the review takes about 24 hours after the transfer's completion, then the income is in
 *   the available balance ("added to available balance within 24 hours of completion time"); Pending
 *   Payment is that review. The specification's other reading, "Pending Payment: paid on schedule,
 *   3-7 days", contradicts it and is not what this system does (Paid when `reviewMs` ends), so it is
 *   not promised anywhere (docs/comfort-trade.md, "Timing promises");
 * - a player trade's income is frozen 24 hours after the purchase;
 * - a withdrawal is paid within 3 days / 72 hours of the request, longer on public holidays;
 *   processing with verification takes 24-48 hours.
 * No imports: the modules that time these things (timing.ts, the comfort and withdrawal contracts) read
 * their defaults from here.
 */

const HOUR_MS = 3_600_000;

export const TIMING_PROMISES = {
  /** The shortest and longest transfer time a seller may choose. */
  transferMinHours: 12,
  transferMaxHours: 72,
  /** From the transfer's completion to the income in the available balance (the review, Pending Payment). */
  reviewHours: 24,
  /** From a player purchase to its income being available. */
  freezeHours: 24,
  /** From a withdrawal request to the payment, outside public holidays. */
  payoutHours: 72,
  payoutDays: 3,
  /** Processing of a withdrawal with verification. */
  processingMinHours: 24,
  processingMaxHours: 48,
} as const;

export type TimingPromise = keyof typeof TIMING_PROMISES;

export const REVIEW_MS = TIMING_PROMISES.reviewHours * HOUR_MS;
export const FREEZE_PROMISE_MS = TIMING_PROMISES.freezeHours * HOUR_MS;
export const PAYOUT_MS = TIMING_PROMISES.payoutHours * HOUR_MS;

export const isTimingPromise = (name: string): name is TimingPromise => Object.hasOwn(TIMING_PROMISES, name);

/**
 * The promises as interpolation values, each number shown by `format` (the language's digits).
 * Placeholders in a text are `{{name}}` (web) or `{name}` (mails).
 */
export function promiseValues(format: (n: number) => string = String): Record<TimingPromise, string> {
  return Object.fromEntries(Object.entries(TIMING_PROMISES).map(([k, v]) => [k, format(v)])) as Record<TimingPromise, string>;
}

/** `text` with every promise placeholder, `{{name}}` or `{name}`, filled; other placeholders stay. */
export function fillPromises(text: string, format: (n: number) => string = String): string {
  const values = promiseValues(format);
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a?: string, b?: string) => {
    const name = a ?? b ?? '';
    return isTimingPromise(name) ? values[name] : whole;
  });
}
