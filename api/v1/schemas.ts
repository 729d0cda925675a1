/**
 * JSON Schemas of API v1: the request schemas are what Fastify validates with, and the OpenAPI
 * document is built from these same objects (see operations.ts), so the two cannot drift.
 */
import { API_SCOPES } from '../../domain/api-keys.js';
import { COMFORT_BATCH_MAX, COMFORT_FILTERS, COMFORT_MIN_COINS, PLATFORMS, TRANSFER_TIMES } from '../../domain/comfort-trade.js';
import { SELLER_EVENT_TYPES } from '../../domain/seller-events.js';

export type JsonSchema = Record<string, unknown>;

export const ErrorSchema: JsonSchema = {
  type: 'object', required: ['error'],
  description: 'The one error answer of every v1 operation.',
  properties: {
    error: {
      type: 'object', required: ['code', 'message', 'fields'],
      properties: {
        code: { type: 'string', description: 'Stable machine code, e.g. validation_failed, rate_limited, idempotency_key_reused.' },
        message: { type: 'string', description: 'English, in the specification\'s words where it has them.' },
        fields: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
        data: { type: 'object', description: 'Extra facts, e.g. retryAt (epoch ms) of a rate limit.', additionalProperties: true },
      },
    },
  },
};

export const ComfortSubmissionSchema: JsonSchema = {
  type: 'object', required: ['platform', 'coinAmount', 'email', 'password'],
  description: 'One game account, checked by the same rules and messages as the comfort trade form.',
  properties: {
    platform: { type: 'string', enum: [...PLATFORMS] },
    coinAmount: { type: 'integer', minimum: COMFORT_MIN_COINS, maximum: 1_000_000_000, description: 'Coins to sell; the minimum is 100,000.' },
    transferTime: { type: 'string', enum: [...TRANSFER_TIMES], default: '48h' },
    email: { type: 'string', maxLength: 254, description: 'Game web app login email.' },
    password: { type: 'string', maxLength: 200, description: 'Game web app password (sealed at once, never returned).' },
    loginMethod: { type: 'string', enum: ['backup_codes', 'auth_secret'] },
    backupCodes: { type: 'array', maxItems: 6, items: { type: 'string', maxLength: 20 }, description: '6 backup codes of 8 digits (backup_codes).' },
    authSecret: { type: 'string', maxLength: 64, description: 'The 16-character authenticator key (auth_secret).' },
  },
};

export const ResubmitSchema: JsonSchema = {
  type: 'object',
  description: 'New login details after a login error; backup codes used before are refused.',
  properties: {
    password: { type: 'string', maxLength: 200 },
    loginMethod: { type: 'string', enum: ['backup_codes', 'auth_secret'] },
    backupCodes: { type: 'array', maxItems: 6, items: { type: 'string', maxLength: 20 } },
    authSecret: { type: 'string', maxLength: 64 },
  },
};

export const BatchSchema: JsonSchema = {
  type: 'object', required: ['runs'],
  description: `Up to ${COMFORT_BATCH_MAX} accounts; all are checked first, and runs start only when every one is good.`,
  properties: { runs: { type: 'array', minItems: 1, maxItems: COMFORT_BATCH_MAX, items: ComfortSubmissionSchema } },
};

export const WithdrawalCodeSchema: JsonSchema = {
  type: 'object', required: ['amountCents', 'email'],
  description: 'Asks for the emailed code that confirms a withdrawal to the payout details in Settings.',
  properties: {
    amountCents: { type: 'integer', minimum: 0, maximum: 100_000_000, description: 'Euro cents to withdraw.' },
    email: { type: 'string', maxLength: 254, description: 'The account email (the code is sent there).' },
  },
};

export const WithdrawalConfirmSchema: JsonSchema = {
  type: 'object', required: ['withdrawalId', 'code'],
  properties: { withdrawalId: { type: 'string', minLength: 1, maxLength: 64 }, code: { type: 'string', maxLength: 12, description: 'The 6-digit emailed code.' } },
};

export const IdParams = (name: string): JsonSchema => ({
  type: 'object', required: [name], properties: { [name]: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
});

export const PageQuery = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object', additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Items per page.' },
    cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page.' },
    ...extra,
  },
});
export const ComfortListQuery = PageQuery({ status: { type: 'string', enum: [...COMFORT_FILTERS], default: 'all' } });

export const IdempotencyHeaders: JsonSchema = {
  type: 'object', required: ['idempotency-key'],
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$', description: 'Unique per operation (a UUID); kept 24 hours.' } },
};

const loose = (description: string, properties: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', description, properties, additionalProperties: true });
export const RunSchema = loose('A comfort run as the comfort sell record shows it (never a secret).', {
  runId: { type: 'string' }, status: { type: 'string' }, subState: { type: 'string' }, guidance: { type: 'string' }, coinAmount: { type: 'integer' },
  coinsTransferred: { type: 'integer' }, estimatedIncomeCents: { type: 'integer' }, creditedCents: { type: ['integer', 'null'] }, createdAt: { type: 'integer' },
  settled: { type: 'boolean', description: 'Paid, and a paid withdrawal has paid out all of its income (oldest earnings first).' },
});
export const WalletSchema = loose('Balances in euro cents.', { available: { type: 'integer' }, frozen: { type: 'integer' }, pendingPayout: { type: 'integer' }, total: { type: 'integer' } });
export const LedgerEntrySchema = loose('One money movement and the balances after it.', { seq: { type: 'integer' }, kind: { type: 'string' }, delta: { type: 'object' }, after: WalletSchema, ref: { type: 'string' }, at: { type: 'string', format: 'date-time' } });
export const PurchaseSchema = loose('A player-card purchase as the player sell record shows it.', { purchaseId: { type: 'string' }, state: { type: 'string' }, phase: { type: 'string' }, incomeCents: { type: 'integer' } });
export const WithdrawalSchema = loose('A withdrawal and its status.', { withdrawalId: { type: 'string' }, state: { type: 'string' }, status: { type: 'string' } });
export const pageOf = (item: JsonSchema): JsonSchema => ({
  type: 'object', required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: item }, nextCursor: { type: ['string', 'null'], description: 'Pass as cursor for the next page; null on the last page.' } },
});
export const MeSchema: JsonSchema = { type: 'object', properties: { sellerId: { type: 'string' }, keyId: { type: 'string' }, scopes: { type: 'array', items: { type: 'string', enum: [...API_SCOPES] } } } };

// ---- Webhooks --------------------------------------------------------------------------------

export const WebhookIdParams: JsonSchema = {
  type: 'object', required: ['endpointId'],
  properties: { endpointId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The endpoint id (whe_…).' } },
};
export const WebhookDeliveryParams: JsonSchema = {
  type: 'object', required: ['endpointId', 'deliveryId'],
  properties: {
    ...(WebhookIdParams.properties as Record<string, JsonSchema>),
    deliveryId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$', description: 'The delivery id (<endpointId>.<position>).' },
  },
};
export const WebhookRegisterSchema: JsonSchema = {
  type: 'object', required: ['url'],
  description: 'An endpoint to receive signed event deliveries; checked by the same rules and messages as in Settings.',
  properties: {
    url: { type: 'string', format: 'uri', maxLength: 2048, description: 'https URL of your receiver (no user name or password in it).' },
    description: { type: 'string', description: 'Your note; trimmed, the first 200 characters are kept.' },
    events: { type: 'array', minItems: 1, items: { type: 'string', enum: [...SELLER_EVENT_TYPES] }, description: 'Event types to receive; all when omitted.' },
  },
};
export const WebhookEndpointSchema: JsonSchema = loose('A webhook endpoint (never its secret).', {
  id: { type: 'string' }, url: { type: 'string' }, description: { type: 'string' }, events: { type: 'array', items: { type: 'string', enum: [...SELLER_EVENT_TYPES] } },
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
  id: { type: 'string' }, endpointId: { type: 'string' }, position: { type: 'integer' }, type: { type: 'string', enum: [...SELLER_EVENT_TYPES] }, subject: { type: 'string' },
  state: { type: 'string', enum: ['pending', 'delivered', 'expired', 'cancelled'] }, createdAt: { type: 'string', format: 'date-time' }, deliveredAt: { type: ['string', 'null'], format: 'date-time' },
  attempts: { type: 'array', items: loose('One attempt.', { at: { type: 'string', format: 'date-time' }, attempt: { type: 'integer' }, redelivery: { type: ['string', 'null'] }, statusCode: { type: ['integer', 'null'] }, error: { type: ['string', 'null'] }, durationMs: { type: 'integer' } }) },
});
