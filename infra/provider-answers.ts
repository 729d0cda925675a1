/**
 * The provider contracts' answers as JSON schemas (docs/provider-contract.md), compiled once at
 * start. An answer that does not match is not trusted with money: the gateway throws its
 * "unavailable" error, which the activity's retry policy retries (a payout is never "paid" on a
 * malformed answer). The problems name fields and rules only, never the answer's values: an answer
 * may echo what we sent (addresses, names) or hold the provider's own secrets.
 */
import { Ajv, type ValidateFunction } from 'ajv';

// No coercion, no defaults: the answer is checked as it came, never repaired.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });

/** A compiled check of one answer's shape. */
export type AnswerCheck<T> = ValidateFunction<T>;

export const answerCheck = <T>(schema: object): AnswerCheck<T> => ajv.compile<T>(schema);

/** What is wrong with the last answer `check` refused: paths and rules, at most five, no values. */
export const answerProblems = (check: AnswerCheck<unknown>): string =>
  (check.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(answer)'} ${e.message ?? 'is invalid'}`).join('; ');

/** Shared pieces of the schemas. */
export const S = {
  id: { type: 'string', minLength: 1, maxLength: 200 },
  text: { type: 'string', maxLength: 1000 },
  time: { type: 'integer', minimum: 0 },
  count: { type: 'integer', minimum: 0 },
  code: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' },
} as const;
