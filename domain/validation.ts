/** Checks an input against a schema and answers field by field in the specification's words. */
import { Struct, validate as run } from 'superstruct';
import type { FieldError } from './errors.js';
import { INVALID_VALUE } from './messages.js';
import { codedField } from './message-codes.js';

export type { FieldError } from './errors.js';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** One rule of a field: when `test` fails, the seller reads `message`. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: string];

/**
 * Validates (with coercion: trimming, lower-casing, defaults) and collects one message per field,
 * the first failing rule of that field. Unknown keys are dropped, not refused, so a form or API
 * client sending extra data still gets a useful answer.
 */
export function validate<T, S>(struct: Struct<T, S>, input: unknown): ValidationResult<T> {
  const [error, value] = run(input, struct, { coerce: true, mask: true });
  if (!error) return { ok: true, value: value as T };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const failure of error.failures()) {
    const field = failure.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    // Failures without a refinement come from plain superstruct type checks, whose developer text
    // must not reach a seller.
    errors.push(codedField({ field, message: failure.refinement == null ? INVALID_VALUE : failure.message }));
  }
  return { ok: false, errors };
}

/**
 * A field whose every failure, a wrong type included, carries a business message. Failing as a
 * refinement (never as a type error) keeps superstruct running the object's cross-field checks,
 * so all fields are reported at once.
 */
export function field<T>(
  name: string,
  guard: readonly [isType: (value: unknown) => value is T, message: string],
  rules: readonly Rule<T>[] = [],
  coercer: (value: unknown) => unknown = (value) => value,
): Struct<T, null> {
  const [isType, typeMessage] = guard;
  return new Struct<T, null>({
    type: name,
    schema: null,
    coercer,
    refiner: (value: unknown) => {
      if (!isType(value)) return { message: typeMessage, refinement: name };
      const broken = rules.find(([test]) => !test(value));
      return broken ? { message: broken[1], refinement: name } : true;
    },
  });
}

/**
 * A rule that spans fields (confirmations, method-dependent formats), reported on `target`:
 * `check` answers true or the message. It runs only when the input is an object, and may see
 * raw values of fields that failed their own rules, so it must not trust their types.
 */
export function crossCheck<T extends object, S>(
  struct: Struct<T, S>,
  target: keyof T & string,
  check: (value: T) => true | string,
): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    *refiner(value, ctx) {
      yield* struct.refiner(value, ctx);
      const verdict = check(value);
      if (verdict !== true) {
        yield {
          value,
          key: target,
          type: struct.type,
          refinement: `${target}-cross`,
          path: [...ctx.path, target],
          branch: ctx.branch,
          message: verdict,
        };
      }
    },
  });
}

/** Strings count as typed by people: an emoji is one character, not two UTF-16 units. */
export const charCount = (text: string): number => [...text].length;

export const isString = (value: unknown): value is string => typeof value === 'string';

/** Absent or null form values read as empty text, so "required" is reported instead of a type error. */
export const blankToEmpty = (value: unknown): unknown => (value === undefined || value === null ? '' : value);

/** Trims text the seller cannot see the edges of (codes, names, addresses). */
export const trimText = (value: unknown): unknown => {
  const text = blankToEmpty(value);
  return typeof text === 'string' ? text.trim() : text;
};
