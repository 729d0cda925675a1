import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { NOTIFICATION_TEXTS, notificationText } from '../../domain/notification-texts.js';
import { BRAND_NAME, mailFrom } from '../../infra/mail/from.js';
import { ACCOUNT_MAIL_TEXTS } from '../../infra/mail/account-texts.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };

/** The product's words as pages and mails must spell them, and how a stray spelling looks. */
const GLOSSARY = [
  { word: 'CoinMarket', stray: /coin[\s\-_.]*market/gi },
  { word: 'PayPal', stray: /pay[\s\-_.]*pal/gi },
];

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Every spelling of a glossary word that is not the glossary's, as "where: spelling". */
function strays(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) =>
    // Addresses and paths (no-reply@coin-market.test, /api/payouts/paypal-webhook) are not words a seller reads.
    GLOSSARY.flatMap(({ word, stray }) => [...text.replace(/\S*[@/]\S*/g, '').matchAll(stray)].map((m) => m[0]).filter((s) => s !== word).map((s) => `${where}: ${s}`)),
  );
}

describe('glossary: brand and payment method spelled one way in pages and mails', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: web dictionary and mail texts`, () => {
      expect(strays(leaves(DICTS[lang]))).toEqual([]);
      expect(strays(Object.entries(NOTIFICATION_TEXTS[lang]))).toEqual([]);
      expect(strays(leaves(ACCOUNT_MAIL_TEXTS[lang]))).toEqual([]);
    });
  }

  it('a mail names the payout method by its brand, in every language', () => {
    for (const lang of LANGUAGES) {
      const text = notificationText(lang, 'payout_details_changed.body', { method: 'paypal', address: 'seller@example.com' });
      expect(text, lang).toContain('PayPal');
      expect(strays([[lang, text]])).toEqual([]);
    }
  });

  it('the mails are sent as the brand', () => {
    expect(BRAND_NAME).toBe('CoinMarket');
    expect(mailFrom({ PUBLIC_URL: 'https://coins.example.com' })).toBe('CoinMarket <no-reply@coins.example.com>');
  });
});
