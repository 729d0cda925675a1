/** The transfer provider's answer (docs/provider-contract.md, "Transfer orders"), checked before a run acts on it. */
import { ERROR_SUB_STATES } from '../../domain/comfort-trade.js';
import { answerCheck, S } from '../provider-answers.js';
import type { OrderResponse } from './contract.js';

export const orderAnswer = answerCheck<OrderResponse>({
  type: 'object',
  required: ['order'],
  properties: {
    order: {
      type: 'object',
      required: ['orderId', 'seq', 'state', 'error', 'coins', 'coinsTransferred', 'successCount', 'totalCount', 'updatedAt'],
      properties: {
        orderId: S.id, seq: S.count, state: { enum: ['transferring', 'completed', 'error', 'cancelled'] },
        error: { enum: [null, 'provider_error', ...ERROR_SUB_STATES] },
        coins: S.count, coinsTransferred: S.count, successCount: S.count, totalCount: S.count, updatedAt: S.time,
      },
    },
  },
});
