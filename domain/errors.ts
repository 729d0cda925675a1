/** The one error type business rules raise; the API turns its kind into an HTTP status. */

export const ERROR_KINDS = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'gone',
  'unavailable',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A message for one input field, in the specification's words. */
export interface FieldError {
  field: string;
  message: string;
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
    this.fields = options.fields ?? [];
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
  rate_limited: 429,
  gone: 410,
  unavailable: 503,
};

/** The HTTP status the API answers for a kind of refusal. */
export const httpStatusOf = (kind: ErrorKind): number => HTTP_STATUS[kind];
