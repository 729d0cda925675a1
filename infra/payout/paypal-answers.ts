/** PayPal's answers, checked before anything acts on them (the parts we read; PayPal's document has the rest). */
import { answerCheck } from '../provider-answers.js';

const id = { type: 'string', minLength: 1, maxLength: 256 } as const;

export interface PaypalToken { access_token: string; expires_in: number }
export const paypalTokenAnswer = answerCheck<PaypalToken>({
  type: 'object', required: ['access_token', 'expires_in'],
  properties: { access_token: { type: 'string', minLength: 1, maxLength: 4096 }, expires_in: { type: 'integer', minimum: 0 } },
});

const BATCH_STATUS = { enum: ['DENIED', 'PENDING', 'PROCESSING', 'SUCCESS', 'CANCELED'] } as const;

export interface PaypalCreated { batch_header: { payout_batch_id: string; batch_status: string } }
export const paypalCreatedAnswer = answerCheck<PaypalCreated>({
  type: 'object', required: ['batch_header'],
  properties: { batch_header: { type: 'object', required: ['payout_batch_id', 'batch_status'], properties: { payout_batch_id: id, batch_status: BATCH_STATUS } } },
});

export interface PaypalItem { payout_item_id: string; transaction_status?: string; transaction_id?: string; errors?: { name?: string } }
export interface PaypalBatch {
  batch_header: { payout_batch_id: string; batch_status: string; sender_batch_header: { sender_batch_id?: string } };
  items?: PaypalItem[];
}
export const paypalBatchAnswer = answerCheck<PaypalBatch>({
  type: 'object', required: ['batch_header'],
  properties: {
    batch_header: {
      type: 'object', required: ['payout_batch_id', 'batch_status', 'sender_batch_header'],
      properties: { payout_batch_id: id, batch_status: BATCH_STATUS, sender_batch_header: { type: 'object', properties: { sender_batch_id: { type: 'string' } } } },
    },
    items: {
      type: 'array',
      items: {
        type: 'object', required: ['payout_item_id'],
        properties: { payout_item_id: id, transaction_status: { type: 'string' }, transaction_id: { type: 'string' }, errors: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
  },
});

/** A refusal: PayPal's error object (`name`, `details`, `links`); only these parts are read. */
export interface PaypalError { name?: string; details?: { field?: string; issue?: string }[]; links?: { href?: string; rel?: string }[] }
