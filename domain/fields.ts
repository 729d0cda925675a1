/** Reusable form fields (email, password, names, choices) with the specification's messages. */
import type { Struct } from 'superstruct';
import { AGREEMENT_REQUIRED, CHOOSE_OPTION, EMAIL_FORMAT, FORMULA_START, HIDDEN_CHARACTERS, INVALID_VALUE, PASSWORD_RULE, tooLong } from './messages.js';
import { hasHiddenCharacters, plainText, startsLikeFormula } from './plain-text.js';
import { blankToEmpty, charCount, field, isString, trimText } from './validation.js';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;

// The WHATWG form rule, plus a dotted domain with a real top-level label: "a@b" is almost always
// a typo, and mail to it would never arrive.
const EMAIL_SOURCE = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+(?:[a-zA-Z]{2,63}|[xX][nN]--[a-zA-Z0-9-]{1,59})";
const EMAIL_PATTERN = new RegExp(`^${EMAIL_SOURCE}$`);

/** A plausible mailbox address (ASCII or punycode domain; local part without stray dots). */
export const isEmail = (text: string): boolean =>
  text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text) && !/^\.|\.\.|\.@/.test(text);

/** `isEmail` as one JSON Schema pattern (no flags, lookaheads for the dot rules), for API documents. */
export const EMAIL_SCHEMA_PATTERN = `^(?!\\.)(?!.*\\.\\.)(?!.*\\.@)${EMAIL_SOURCE}$`;

const nonEmpty = (text: string): boolean => text.length > 0;

/** An email, trimmed and lower-cased; `requiredMessage` is what an empty field says. */
export const emailField = (requiredMessage: string = EMAIL_FORMAT): Struct<string, null> =>
  field<string>('email', [isString, EMAIL_FORMAT], [[nonEmpty, requiredMessage], [isEmail, EMAIL_FORMAT]], (value) => {
    const text = trimText(value);
    return typeof text === 'string' ? text.toLowerCase() : text;
  });

/** A new password: 8-50 characters with upper case, lower case and a digit (any script's letters). */
export const newPasswordField = (): Struct<string, null> =>
  field<string>(
    'password',
    [isString, PASSWORD_RULE],
    [
      [(text) => charCount(text) >= PASSWORD_MIN_LENGTH && charCount(text) <= PASSWORD_MAX_LENGTH, PASSWORD_RULE],
      [(text) => /\p{Lu}/u.test(text), PASSWORD_RULE],
      [(text) => /\p{Ll}/u.test(text), PASSWORD_RULE],
      [(text) => /\p{Nd}/u.test(text), PASSWORD_RULE],
    ],
    blankToEmpty,
  );

/**
 * A secret typed as is (never trimmed: a space may be part of a password), only required and
 * bounded so nobody can make the server hash megabytes.
 */
export const secretField = (requiredMessage: string, max = 128): Struct<string, null> =>
  field<string>(
    'secret',
    [isString, requiredMessage],
    [
      [nonEmpty, requiredMessage],
      [(text) => charCount(text) <= max, tooLong(max)],
    ],
    blankToEmpty,
  );

/** Free text that is required, trimmed and bounded. */
export const textField = (requiredMessage: string, max: number): Struct<string, null> =>
  field<string>(
    'text',
    [isString, requiredMessage],
    [
      [nonEmpty, requiredMessage],
      [(text) => charCount(text) <= max, tooLong(max)],
    ],
    trimText,
  );

/**
 * A name or contact value people read (and exports carry): NFKC-normalised, trimmed, required,
 * bounded, without invisible or reordering characters; `noFormula` also refuses a leading = + - @.
 */
export const plainTextField = (requiredMessage: string, max: number, { noFormula }: { noFormula: boolean }): Struct<string, null> =>
  field<string>(
    'text',
    [isString, requiredMessage],
    [
      [nonEmpty, requiredMessage],
      [(text) => charCount(text) <= max, tooLong(max)],
      [(text) => !hasHiddenCharacters(text), HIDDEN_CHARACTERS],
      [(text) => !noFormula || !startsLikeFormula(text), FORMULA_START],
    ],
    plainText,
  );

/** One value of a fixed list; an empty or foreign value reads as "choose one". */
export const choiceField = <T extends string>(values: readonly T[], message: string = CHOOSE_OPTION): Struct<T, null> =>
  field<T>('choice', [(value): value is T => typeof value === 'string' && (values as readonly string[]).includes(value), message], [], trimText);

/** The terms checkbox: only a ticked box passes. */
export const agreementField = (): Struct<true, null> =>
  field<true>('agreement', [(value): value is true => value === true, AGREEMENT_REQUIRED]);

/** A yes/no switch such as "remember me". */
export const flagField = (): Struct<boolean, null> =>
  field<boolean>('flag', [(value): value is boolean => typeof value === 'boolean', INVALID_VALUE]);
