/**
 * Counted notification texts (issue 33): each `{coins, plural, …}` of domain/notification-texts/<lang>.ts
 * has exactly the forms of the language's plural rules, and the mail, push and page pick the form by
 * the count (one source, so they pick the same).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/client-config.js';
import { NOTIFICATION_TEXTS, notificationText } from '../../domain/notification-texts.js';
import { PLURAL, pluralForms } from '../../domain/notification-texts/fill.js';

/** Whether a plural category of a language stands for exactly one whole number, so its form may say it in words. */
function singleNumber(lang: string, category: string): boolean {
  const rules = new Intl.PluralRules(lang);
  return Array.from({ length: 1001 }, (_, n) => n).filter((n) => rules.select(n) === category).length === 1;
}

describe('counted notification texts', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every counted text has exactly ${lang}'s plural forms, each showing the count unless it stands for one number`, () => {
      const wanted = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      let counted = 0;
      for (const [code, text] of Object.entries(NOTIFICATION_TEXTS[lang])) {
        for (const m of text.matchAll(PLURAL)) {
          counted++;
          const forms = pluralForms(m[2]!);
          expect([...forms.keys()].sort(), `${lang} ${code}`).toEqual(wanted);
          for (const [category, form] of forms) if (!singleNumber(lang, category)) expect(form, `${lang} ${code} ${category}`).toContain('#');
        }
        // No count is left outside a plural form ("1 coins").
        expect(text.replace(PLURAL, ''), `${lang} ${code}`).not.toContain('{coins}');
      }
      // The comfort run's bodies (5 seller fixes, 8 support waits) and the transfer's.
      expect(counted, lang).toBe(14);
    });
  }

  it('picks the form by the count, in the language\'s digits', () => {
    expect(notificationText('en', 'transfer_completed.body', { coins: 1 })).toMatch(/^1 coin was transferred\./);
    expect(notificationText('en', 'transfer_completed.body', { coins: 180_000 })).toMatch(/^180,000 coins were transferred\./);
    expect(notificationText('ar', 'transfer_completed.body', { coins: 2 })).toMatch(/^تم تحويل عملتين\./);
    // The number isolated (FSI … PDI) in a right-to-left sentence, as every filled value there is.
    expect(notificationText('ar', 'transfer_completed.body', { coins: 3 })).toMatch(/^تم تحويل \u20683\u2069 عملات\./);
    expect(notificationText('fr', 'transfer_completed.body', { coins: 1 })).toMatch(/^1 pièce a été transférée\./);
    expect(notificationText('zh', 'transfer_completed.body', { coins: 5 })).toMatch(/^已转移 5 金币。/);
  });
});
