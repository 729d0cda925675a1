/** The payout provider's answers (docs/provider-contract.md, "Payout provider contract"), checked before anything acts on them. */
import { answerCheck, S } from '../provider-answers.js';
import type { PayoutView, QuoteResponse } from './contract.js';

/**
 * A payout as the provider has it. "paid" needs the provider's reference and "failed" its reason:
 * a bare `{"state":"paid"}` pays nobody and is refused. An unknown failure code is still a failure
 * (read as `rejected`); an unknown state is not.
 */
const PAYOUT_VIEW = {
  type: 'object',
  // `failure` and `reference` may be left out (null) except where the state needs them.
  required: ['payoutId', 'key', 'state', 'updatedAt'],
  properties: {
    payoutId: S.id, key: S.id, state: { enum: ['pending', 'paid', 'failed'] },
    failure: { anyOf: [S.code, { type: 'null' }] }, reference: { anyOf: [S.id, { type: 'null' }] }, updatedAt: S.time,
  },
  allOf: [
    { if: { properties: { state: { const: 'paid' } } }, then: { required: ['reference'], properties: { reference: S.id } } },
    { if: { properties: { state: { const: 'failed' } } }, then: { required: ['failure'], properties: { failure: S.code } } },
  ],
};

export const payoutAnswer = answerCheck<{ payout: PayoutView }>({ type: 'object', required: ['payout'], properties: { payout: PAYOUT_VIEW } });

export const quoteAnswer = answerCheck<QuoteResponse>({
  type: 'object',
  required: ['quoteId', 'currency', 'rate', 'payoutMinor', 'expiresAt'],
  properties: {
    quoteId: S.id, currency: { type: 'string', pattern: '^[A-Z]{3,5}$' }, rate: { type: 'string', pattern: '^[0-9]{1,12}(\\.[0-9]{1,12})?$' },
    payoutMinor: { type: 'integer', minimum: 1 }, expiresAt: S.time,
  },
});

export const payoneerTokenAnswer = answerCheck<{ payeeId: string; email: string }>({
  type: 'object', required: ['payeeId', 'email'], properties: { payeeId: S.id, email: { type: 'string', minLength: 3, maxLength: 320 } },
});
