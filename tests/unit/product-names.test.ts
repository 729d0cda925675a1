/**
 * Mails and push messages name the products as the pages do: the glossary equals the web app's menu
 * words in every language, and no notification text of another language writes the English name
 * (Arabic mails said "Comfort Trade" where the app says "البيع المريح").
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { NOTIFICATION_TEXTS, notificationText } from '../../domain/notification-texts.js';
import { PRODUCT_NAMES, inSentence } from '../../domain/product-names.js';

const coreTexts = async (lang: LanguageCode) =>
  ((await import(`../../web/src/i18n/dict/core/${lang}.ts`)) as { default: { nav: { comfortTrade: string; playerTrade: string } } }).default;

describe('product names in mails', () => {
  it.each(LANGUAGES)('%s: the glossary is the menu of the web app', async (lang) => {
    const { nav } = await coreTexts(lang);
    expect(PRODUCT_NAMES[lang]).toEqual({ comfortTrade: nav.comfortTrade, playerTrade: nav.playerTrade });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s: no notification text writes the English product name', (lang) => {
    const english = Object.entries(NOTIFICATION_TEXTS[lang]).filter(([, text]) => /comfort\s*trade|player\s*trade/i.test(text));
    expect(english).toEqual([]);
  });

  it.each(LANGUAGES)('%s: a stopped comfort run, its credit and its payment error name the product in the language', (lang) => {
    for (const code of ['action_needed.generic', 'credited.body', 'payment_error.body']) {
      expect(notificationText(lang, code, { coins: 100_000, amountCents: 2500, deadline: 0, availableAt: 0 })).toContain(inSentence(lang, 'comfortTrade'));
    }
  });
});
