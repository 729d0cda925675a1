/** The one error type business rules raise; the API turns its kind into an HTTP status. */
import { codedField } from './message-codes.js';

export const ERROR_KINDS = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  /** Well-formed and understood, but refused as a whole (e.g. an Idempotency-Key reused for another request). */
  'unprocessable',
  'rate_limited',
  'gone',
  'unavailable',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * A message for one input field, in the specification's words. `code` (the name of the message in
 * domain/messages, e.g. `EMAIL_FORMAT` or `tooLong`) and `data` (its numbers, e.g. `{ max }`) let a
 * client translate it; code that builds `{ field, message }` gets them filled in by DomainError.
 */
export interface FieldError {
  field: string;
  message: string;
  code?: string;
  data?: Readonly<Record<string, unknown>>;
}

export interface DomainErrorOptions {
  fields?: readonly FieldError[];
  /** Extra facts a client needs (e.g. `retryAt`, epoch ms, for a rate limit); never secrets. */
  data?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

/** A business rule refused something; `code` is stable for machines, `message` is for people. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly fields: readonly FieldError[];
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(kind: ErrorKind, code: string, message: string = code, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.fields = (options.fields ?? []).map(codedField);
    this.data = options.data;
  }

  /** An input refused field by field; the first field's message doubles as the summary. */
  static invalidFields(fields: readonly FieldError[], code = 'validation_failed'): DomainError {
    return new DomainError('invalid', code, fields[0]?.message ?? code, { fields });
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

// Kept in one table so the API, the socket acks and the tests agree on every status.
const HTTP_STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  gone: 410,
  unavailable: 503,
};

/** The HTTP status the API answers for a kind of refusal. */
export const httpStatusOf = (kind: ErrorKind): number => HTTP_STATUS[kind];

/** The one error answer of the API and the socket acks: stable code, English words, field messages and extra facts (e.g. `retryAt`). */
export interface ErrorBody {
  error: { code: string; message: string; fields: readonly FieldError[]; data?: Readonly<Record<string, unknown>> };
}

/** A refusal as the error answer every client reads. */
export const errorBodyOf = (err: DomainError): ErrorBody => ({
  error: { code: err.code, message: err.message, fields: err.fields, ...(err.data ? { data: err.data } : {}) },
});
