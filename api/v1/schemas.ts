/**
 * JSON Schemas of API v1: the request schemas are what Fastify validates with, and the OpenAPI
 * document is built from these same objects (see operations.ts), so the two cannot drift.
 */
import { API_SCOPES } from '../../domain/api-keys.js';
import { AUTH_SECRET_LENGTH, BACKUP_CODE_COUNT, COMFORT_BATCH_MAX, COMFORT_FILTERS, COMFORT_MIN_COINS, DEFAULT_TRANSFER_TIME, PLATFORMS, TRANSFER_TIMES } from '../../domain/comfort-trade.js';
import { EMAIL_MAX_LENGTH, EMAIL_SCHEMA_PATTERN } from '../../domain/fields.js';
import { MINIMUM_WITHDRAWAL_CENTS } from '../../domain/withdrawal.js';
import { SELLER_EVENT_TYPES } from '../../domain/seller-events.js';

export type JsonSchema = Record<string, unknown>;

/**
 * Free text may hold any character but NUL and a lone UTF-16 surrogate (half of a pair), which no
 * store keeps as sent: the database refuses NUL, and a lone surrogate turns into U+FFFD on the way
 * (see `unstorableField`, which refuses both wherever a request holds text the server reads). The
 * pattern names NUL only: a surrogate range is refused by the Rust regex engine schemathesis checks
 * patterns with (it then drops the whole pattern), and a lone surrogate is no Unicode text at all
 * (RFC 8259 calls such strings unpredictable), so the descriptions say it in words.
 */
export const PLAIN_TEXT_PATTERN = '^[^\\u0000]*$';

/**
 * One schema per kind of id, as the server makes them, so an id is checked by its format before it
 * reaches a query (a malformed one is a 400 naming the field; a well-formed unknown one is a 404).
 */
const hexId = (what: string): JsonSchema => ({ type: 'string', pattern: '^[0-9a-f]{24}$', description: `${what} id: 24 lower-case hex digits.` });
export const RunId = hexId('A comfort run');
export const WithdrawalId = hexId('A withdrawal');
const ENDPOINT_ID = 'whe_[A-Za-z0-9_-]{16}';
export const EndpointId: JsonSchema = { type: 'string', pattern: `^${ENDPOINT_ID}$`, description: 'A webhook endpoint id: whe_ and 16 base64url characters.' };
export const DeliveryId: JsonSchema = { type: 'string', pattern: `^${ENDPOINT_ID}\\.[0-9]{1,15}$`, description: 'A delivery id: <endpointId>.<position>.' };

export const ErrorSchema: JsonSchema = {
  type: 'object', required: ['error'],
  description: 'The one error answer of every v1 operation.',
  properties: {
    error: {
      type: 'object', required: ['code', 'message', 'fields'],
      properties: {
        code: { type: 'string', description: 'Stable machine code, e.g. validation_failed, rate_limited, idempotency_key_reused, idempotency_in_progress.' },
        message: { type: 'string', description: 'English, in the specification\'s words where it has them.' },
        fields: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
        data: { type: 'object', description: 'Extra facts, e.g. retryAt (epoch ms) of a rate limit.', additionalProperties: true },
      },
    },
  },
};

/**
 * The second factor, as the form decides it: `loginMethod` when given, else the authenticator key
 * when only it is sent, else backup codes. Codes and keys in their plain form (the form also
 * tolerates spaces and lower case; the document promises only what both accept).
 */
const secondFactor = {
  loginMethod: { type: 'string', enum: ['backup_codes', 'auth_secret'], description: 'backup_codes, or auth_secret; when omitted: auth_secret if only authSecret is sent, else backup_codes.' },
  backupCodes: { type: 'array', minItems: BACKUP_CODE_COUNT, maxItems: BACKUP_CODE_COUNT, items: { type: 'string', pattern: '^[0-9]{8}$' }, description: `${BACKUP_CODE_COUNT} backup codes of 8 digits (backup_codes).` },
  authSecret: { type: 'string', pattern: `^[A-Z2-7]{${AUTH_SECRET_LENGTH}}$`, description: `The ${AUTH_SECRET_LENGTH}-character authenticator key, base32 upper case (auth_secret).` },
} satisfies Record<string, JsonSchema>;
const secondFactorRule: JsonSchema = {
  anyOf: [
    { required: ['loginMethod', 'backupCodes'], properties: { loginMethod: { const: 'backup_codes' } } },
    { required: ['loginMethod', 'authSecret'], properties: { loginMethod: { const: 'auth_secret' } } },
    { required: ['backupCodes'], not: { required: ['loginMethod'] } },
    { required: ['authSecret'], not: { anyOf: [{ required: ['loginMethod'] }, { required: ['backupCodes'] }] } },
  ],
};

const Email: JsonSchema = { type: 'string', maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_SCHEMA_PATTERN };

export const ComfortSubmissionSchema: JsonSchema = {
  type: 'object', required: ['platform', 'coinAmount', 'email', 'password'],
  description: 'One game account, checked by the same rules and messages as the comfort trade form.',
  properties: {
    platform: { type: 'string', enum: [...PLATFORMS] },
    coinAmount: { type: 'integer', minimum: COMFORT_MIN_COINS, maximum: 1_000_000_000, description: 'Coins to sell; the minimum is 100,000.' },
    transferTime: { type: 'string', enum: [...TRANSFER_TIMES], default: DEFAULT_TRANSFER_TIME, description: `How long the provider may use the account; ${DEFAULT_TRANSFER_TIME} when omitted.` },
    email: { ...Email, description: 'Game web app login email.' },
    password: { type: 'string', minLength: 1, maxLength: 128, pattern: PLAIN_TEXT_PATTERN, description: 'Game web app password (sealed at once, never returned); no NUL or lone surrogate.' },
    ...secondFactor,
  },
  ...secondFactorRule,
};

/**
 * What "Try again" asks depends on the run's error (docs/comfort-trade.md, "Resubmit"): after Wrong
 * Account/Password the login (`password`, and `email` to correct the game account), the second
 * factor kept; after Wrong Backup Codes, Wrong Gauth or No Login Verification a new second factor
 * (the password optional). A body of the other shape is refused in the run's state (409
 * `details_not_asked`, each field named).
 */
export const ResubmitSchema: JsonSchema = {
  type: 'object',
  description: 'New login details after a login error, only what the error asks; backup codes used before are refused.',
  properties: {
    email: { ...Email, description: 'After Wrong Account/Password only: the corrected game web-app login email (another game account, checked as in a new submission).' },
    password: { type: 'string', maxLength: 128, pattern: PLAIN_TEXT_PATTERN, description: 'The new password: required after Wrong Account/Password; otherwise empty or omitted keeps the one sent before; no NUL or lone surrogate.' },
    ...secondFactor,
  },
  anyOf: [
    { required: ['password'], properties: { password: { minLength: 1 } }, not: { anyOf: [{ required: ['loginMethod'] }, { required: ['backupCodes'] }, { required: ['authSecret'] }] } },
    { not: { required: ['email'] }, ...secondFactorRule },
  ],
};

export const BatchSchema: JsonSchema = {
  type: 'object', required: ['runs'],
  description: `Up to ${COMFORT_BATCH_MAX} accounts; all are checked first, and runs start only when every one is good.`,
  properties: { runs: { type: 'array', minItems: 1, maxItems: COMFORT_BATCH_MAX, items: ComfortSubmissionSchema } },
};

export const WithdrawalCodeSchema: JsonSchema = {
  type: 'object', required: ['amountCents', 'email'],
  description: 'Asks for the emailed code that confirms a withdrawal to the payout details in Settings. An amount above the available balance is refused (400); an email that is not the account\'s is refused with 403.',
  properties: {
    amountCents: { type: 'integer', minimum: MINIMUM_WITHDRAWAL_CENTS, maximum: 100_000_000, description: 'Euro cents to withdraw: at least the minimum, at most the available balance.' },
    email: { ...Email, description: 'The account email (the code is sent there).' },
  },
};

export const WithdrawalConfirmSchema: JsonSchema = {
  type: 'object', required: ['withdrawalId', 'code'],
  description: 'A code that does not confirm this withdrawal (wrong, expired, used up, or another withdrawal) is refused with 403.',
  properties: { withdrawalId: WithdrawalId, code: { type: 'string', pattern: '^[0-9]{6}$', description: 'The 6-digit emailed code.' } },
};

/** Path parameters of one id each, e.g. `idParams({ runId: RunId })`. */
export const idParams = (ids: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', required: Object.keys(ids), properties: ids });

/**
 * Cursors are positions, not opaque tokens: `<sort value>.<base64url id>` for lists sorted by a
 * number and its id (KEYSET_CURSOR), `<position>` for delivery logs. Any text of that shape is a
 * position the server pages from, so the pattern is the whole rule.
 */
export const KEYSET_CURSOR = '^[0-9]{1,15}\\.[A-Za-z0-9_-]{1,200}$';
export const POSITION_CURSOR = '^[0-9]{1,15}$';
export const PageQuery = (cursorPattern = KEYSET_CURSOR, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object', additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Items per page.' },
    cursor: { type: 'string', pattern: cursorPattern, description: 'nextCursor of the previous page (items after that position).' },
    ...extra,
  },
});
export const ComfortListQuery = PageQuery(KEYSET_CURSOR, { status: { type: 'string', enum: [...COMFORT_FILTERS], default: 'all' } });

export const IdempotencyHeaders: JsonSchema = {
  type: 'object', required: ['idempotency-key'],
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$', description: 'Unique per operation (a UUID); kept 24 hours.' } },
};

const loose = (description: string, properties: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', description, properties, additionalProperties: true });
/** Where a credit's money is (domain/sale-money.ts): the same model the record pages show. */
const MoneySchema: JsonSchema = {
  type: ['object', 'null'], additionalProperties: true,
  description: 'Where its income is, in euro cents: frozen, available, in a withdrawal not paid yet, or paid out by the named withdrawals (oldest available money first, taken when a withdrawal is requested). null before it is credited.',
  properties: {
    state: { type: 'string', enum: ['frozen', 'available', 'pending_payout', 'paid_out'] },
    earnedCents: { type: 'integer' }, frozenCents: { type: 'integer' }, availableCents: { type: 'integer' }, pendingCents: { type: 'integer' }, paidOutCents: { type: 'integer' },
    withdrawals: { type: 'array', items: { type: 'object', properties: { withdrawalId: { type: 'string' }, cents: { type: 'integer' }, requestedAt: { type: 'integer' }, paidAt: { type: ['integer', 'null'] } } } },
  },
};
export const RunSchema = loose('A comfort run as the comfort sell record shows it (never a secret).', {
  runId: RunId, status: { type: 'string' }, subState: { type: 'string' }, guidance: { type: 'string' }, coinAmount: { type: 'integer' },
  coinsTransferred: { type: 'integer' }, estimatedIncomeCents: { type: 'integer' }, creditedCents: { type: ['integer', 'null'] }, createdAt: { type: 'integer' },
  settled: { type: 'boolean', description: 'Paid, and paid withdrawals have paid out all of its income (money.state paid_out).' },
  money: MoneySchema,
});
export const WalletSchema = loose('Balances in euro cents.', { available: { type: 'integer' }, frozen: { type: 'integer' }, pendingPayout: { type: 'integer' }, total: { type: 'integer' } });
export const LedgerEntrySchema = loose('One money movement and the balances after it.', { seq: { type: 'integer' }, kind: { type: 'string' }, delta: { type: 'object' }, after: WalletSchema, ref: { type: 'string' }, at: { type: 'string', format: 'date-time' } });
export const PurchaseSchema = loose('A player-card purchase as the player sell record shows it.', { purchaseId: { type: 'string' }, state: { type: 'string' }, phase: { type: 'string', description: 'settled once money.state is paid_out' }, incomeCents: { type: 'integer' }, money: MoneySchema });
export const WithdrawalSchema = loose('A withdrawal and its status.', { withdrawalId: WithdrawalId, state: { type: 'string' }, status: { type: 'string' } });
export const pageOf = (item: JsonSchema): JsonSchema => ({
  type: 'object', required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: item }, nextCursor: { type: ['string', 'null'], description: 'Pass as cursor for the next page; null on the last page.' } },
});
export const MeSchema: JsonSchema = { type: 'object', properties: { sellerId: { type: 'string' }, keyId: { type: 'string' }, scopes: { type: 'array', items: { type: 'string', enum: [...API_SCOPES] } } } };

// ---- Webhooks --------------------------------------------------------------------------------

export const WebhookIdParams = idParams({ endpointId: EndpointId });
export const WebhookDeliveryParams = idParams({ endpointId: EndpointId, deliveryId: DeliveryId });
// The receiver URL as a pattern the form's URL check (WHATWG URL) accepts in full.
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const LABEL = '(?![xX][nN]--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// The last label starts with a letter: a numeric one would make the URL parser read an IPv4 address.
const HOST = `(?:(?:${OCTET}\\.){3}${OCTET}|(?:${LABEL}\\.)*(?![xX][nN]--)[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)`;
const PORT = '(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?';
const URL_CHARS = "A-Za-z0-9._~!$&'()*+,;=:@/";
/** https (http only where the server allows it), a host name or IPv4 address, optional port, path and query; no user name or password. */
export const webhookUrlPattern = (allowHttp: boolean): string =>
  `^${allowHttp ? 'https?' : 'https'}://${HOST}${PORT}(?:/[${URL_CHARS}-]*)?(?:\\?[${URL_CHARS}?-]*)?$`;
export const webhookRegisterSchema = (allowHttp: boolean): JsonSchema => ({
  type: 'object', required: ['url'],
  description: 'An endpoint to receive signed event deliveries; checked by the same rules and messages as in Settings.',
  properties: {
    url: { type: 'string', maxLength: 2048, pattern: webhookUrlPattern(allowHttp), description: `${allowHttp ? 'http or https' : 'https'} URL of your receiver (no user name or password in it).` },
    description: { type: 'string', pattern: PLAIN_TEXT_PATTERN, description: 'Your note; trimmed, the first 200 characters are kept; no NUL or lone surrogate.' },
    events: { type: 'array', minItems: 1, items: { type: 'string', enum: [...SELLER_EVENT_TYPES] }, description: 'Event types to receive; all when omitted.' },
  },
});
export const WebhookEndpointSchema: JsonSchema = loose('A webhook endpoint (never its secret).', {
  id: EndpointId, url: { type: 'string' }, description: { type: 'string' }, events: { type: 'array', items: { type: 'string', enum: [...SELLER_EVENT_TYPES] } },
  createdAt: { type: 'string', format: 'date-time' },
  secretRotatedAt: { type: ['string', 'null'], format: 'date-time' },
  previousSecretUntil: { type: ['string', 'null'], format: 'date-time', description: 'Until then deliveries carry a second v1 signature made with the replaced secret.' },
});
export const WebhookSecretAnswerSchema: JsonSchema = {
  type: 'object', required: ['endpoint', 'secret'],
  properties: {
    endpoint: WebhookEndpointSchema,
    secret: { type: ['string', 'null'], description: 'The signing secret (whsec_…), shown only in this answer. null in an Idempotency-Key replay: the secret is never kept (see secretNote).' },
    secretNote: { type: 'string', description: 'Only in a replay: why the secret is not repeated.' },
  },
};
export const WebhookDeliverySchema: JsonSchema = loose('One delivery (endpoint × event) with every attempt, oldest first.', {
  id: DeliveryId, endpointId: EndpointId, position: { type: 'integer' }, type: { type: 'string', enum: [...SELLER_EVENT_TYPES] }, subject: { type: 'string' },
  state: { type: 'string', enum: ['pending', 'delivered', 'expired', 'cancelled'] }, createdAt: { type: 'string', format: 'date-time' }, deliveredAt: { type: ['string', 'null'], format: 'date-time' },
  attempts: { type: 'array', items: loose('One attempt.', { at: { type: 'string', format: 'date-time' }, attempt: { type: 'integer' }, redelivery: { type: ['string', 'null'] }, statusCode: { type: ['integer', 'null'] }, error: { type: ['string', 'null'] }, durationMs: { type: 'integer' } }) },
});
