/** The market provider's answers (docs/provider-contract.md, "Game-market provider contract"), checked before we list or credit anything. */
import { PLATFORMS } from '../../domain/pricing.js';
import { answerCheck, S } from '../provider-answers.js';
import type { CardsResponse, VerifyAnswer } from './contract.js';

/** Shown only (the list's countdown): a fraction of a millisecond is harmless (the simulator sends one). */
const AUCTION_END = { type: 'number', minimum: 0 };

const CARD = {
  type: 'object',
  required: ['id', 'platform', 'playerName', 'versionName', 'chemistryStyle', 'startPrice', 'buyNowPrice', 'marketPrice', 'owner', 'contracts', 'auctionEndsAt', 'rev'],
  properties: {
    id: S.id, platform: { enum: PLATFORMS }, playerName: S.text, versionName: S.text, chemistryStyle: S.text,
    startPrice: S.count, buyNowPrice: S.count, marketPrice: S.count, owner: S.text, contracts: S.count, auctionEndsAt: AUCTION_END, rev: S.count,
  },
};

export const cardsAnswer = answerCheck<CardsResponse>({ type: 'object', required: ['cards', 'at'], properties: { cards: { type: 'array', items: CARD }, at: S.time } });

/** Bought (when, at what price: both needed to check it against the pick) or not (why). */
export const verifyAnswer = answerCheck<VerifyAnswer>({
  oneOf: [
    { type: 'object', required: ['bought', 'boughtAt', 'price'], properties: { bought: { const: true }, boughtAt: S.time, price: S.count } },
    { type: 'object', required: ['bought', 'reason'], properties: { bought: { const: false }, reason: { enum: ['no_purchase', 'bought_by_other'] } } },
  ],
});
