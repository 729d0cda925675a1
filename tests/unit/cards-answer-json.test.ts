import { describe, expect, it } from 'vitest';
import { cardsAnswerJson } from '../../api/player-trade/card-list.js';
import type { ListedCard } from '../../domain/player-trade.js';
import { NO_PLAYERS } from '../../domain/messages.js';

const card = (id: string, playerName: string): ListedCard => ({
  id, platform: 'ps', playerName, versionName: 'Gold "Rare"', chemistryStyle: 'Basic', startPrice: 1000, buyNowPrice: 1500,
  marketPrice: 1400, owner: 'someone\\else', contracts: 7, auctionEndsAt: 1_790_000_000_000, incomeCents: 123,
});

/** The player list's answer is built from each card's JSON made once: it must be exactly what JSON.stringify gives. */
describe('the player list answer built from each card\'s JSON', () => {
  it('is byte for byte JSON.stringify of the answer, for names with quotes, backslashes, Arabic and line separators, and again from the kept JSON', () => {
    const cards = [card('c1', 'Zé "The Wall" \\ أحمد\u2028'), card('c2', '</script><b>x</b>')];
    const rest = { total: 2, page: 1, size: 20 };
    const expected = JSON.stringify({ items: cards, ...rest });
    expect(cardsAnswerJson(cards, rest)).toBe(expected);
    expect(cardsAnswerJson(cards, rest)).toBe(expected);
    expect(JSON.parse(cardsAnswerJson(cards, rest))).toEqual({ items: cards, ...rest });
  });

  it('answers no cards with the message, and a page past the end with an empty list', () => {
    const none = { total: 0, page: 1, size: 20, message: NO_PLAYERS };
    expect(cardsAnswerJson([], none)).toBe(JSON.stringify({ items: [], ...none }));
    expect(JSON.parse(cardsAnswerJson([], { total: 5, page: 9, size: 20 }))).toEqual({ items: [], total: 5, page: 9, size: 20 });
    expect(cardsAnswerJson([], {})).toBe('{"items":[]}');
  });
});
