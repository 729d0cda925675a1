import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import * as messages from '../../domain/messages.js';
import { fillPromises } from '../../domain/timing-promises.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';
import { language, loadTexts, setLanguage, t, tValue } from '../../web/src/i18n/index.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };

/** Every leaf of a dictionary as [dotted path, string]. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const enLeaves = new Map(leaves(en));
// A counted text's forms differ by language (tests/unit/web-i18n-plurals.test.ts checks them): compare its base key.
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>): string[] => [...new Set([...keys].map((k) => k.replace(PLURAL_FORM, '')))].sort();
// Words that are the same in these languages (brands, payment methods, technical names).
const SAME_EVERYWHERE = new Set(['brand', 'channels.discord', 'channels.whatsapp', 'channels.telegram', 'channels.qq']);
// Words spelled the same in one other language (French "Notifications").
const SAME_IN: Partial<Record<LanguageCode, ReadonlySet<string>>> = {
  fr: new Set(['titles.notifications', 'notifications.bell', 'notifications.prefs.title']),
};

describe('dictionaries', () => {
  it('covers all eight languages', () => {
    expect(Object.keys(DICTS).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: has exactly the keys and list lengths of English, none empty`, () => {
      const mine = new Map(leaves(DICTS[lang]));
      expect(baseKeys(mine.keys())).toEqual(baseKeys(enLeaves.keys()));
      for (const [key, text] of mine) expect(text.trim(), `${lang}:${key}`).not.toBe('');
    });

    it(`${lang}: keeps every {{placeholder}} of English`, () => {
      for (const [key, text] of leaves(DICTS[lang])) {
        const english = enLeaves.get(key) ?? enLeaves.get(key.replace(PLURAL_FORM, '_other'))!;
        // A form for exactly one number ("one account", Arabic "حسابين", "دقيقتين") may leave the counted number out.
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).filter((p) => !(PLURAL_FORM.test(key) && /^\{\{(count|minutes|seconds|coins)\}\}$/.test(p))).sort();
        expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(english));
      }
    });
  }

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: leaves no English sentence untranslated`, () => {
      for (const [key, text] of leaves(DICTS[lang])) {
        if (SAME_EVERYWHERE.has(key) || SAME_IN[lang]?.has(key)) continue;
        const english = enLeaves.get(key) ?? enLeaves.get(key.replace(PLURAL_FORM, '_other'))!;
        // Short labels may coincide (es "General", fr "Menu"); anything longer must differ. A pattern
        // with no word outside its placeholders ("{{column}} ({{zone}})") has nothing to translate.
        const words = english.replace(/\{\{\w+\}\}/g, '');
        if (english.length > 12 && /\p{L}/u.test(words)) expect(text, `${lang}:${key}`).not.toBe(english);
      }
    });
  }

  it('English uses the specification messages verbatim', () => {
    expect(en.copy.ok).toBe(messages.COPY_SUCCESS);
    expect(en.copy.failed).toBe(messages.COPY_FAILED);
    expect(en.placeholder.visitor).toBe(messages.LOG_IN_TO_VIEW);
    expect(en.dialog.required).toBe(messages.REQUIRED);
    expect(en.faq.general.map((x) => x.a).join(' ')).toContain(messages.MARKET_LOCKED);
  });

  it('the FAQ answers what the specification covers', () => {
    // The promised times are interpolated (domain/timing-promises.ts): the FAQ as a seller reads it.
    const faq = fillPromises(JSON.stringify(en.faq));
    for (const fact of ['5 minutes', '4 hours', '24 hours', '21 days', '72 hours', '20 EUR', '5% tax', '7-10 days', '20-25 matches', 'Not Bought', 'Player Bought']) {
      expect(faq).toContain(fact);
    }
    for (const status of ['Transferring', 'Transfer Completed', 'Pending Payment', 'Paid', 'Error', 'Payment Error', 'No Login Verification', 'Customer Online', 'Wrong Account/Password', 'Wrong Backup Codes', 'Wrong Gauth', 'Captcha', 'Wrong Platform', 'No Club', 'Tradepile Full', 'Market Locked']) {
      expect(en.faq.statuses.map((s) => s.name)).toContain(status);
    }
  });
});

describe('texts loaded in parts', () => {
  it('a language brings its core texts; a page part loads on demand and follows every later switch', async () => {
    await setLanguage('de');
    expect(language.current).toBe('de');
    expect(t('titles.faq')).toBe('Häufig gestellte Fragen');
    expect(t('footer.rights', { year: 2030 })).toContain('© 2030');
    // The FAQ's texts are not part of the language's first download.
    expect(tValue('faq.payment')).toBe('');
    await loadTexts(['faq']);
    expect(tValue<unknown[]>('faq.payment')).toHaveLength(en.faq.payment.length);
    // After the switch resolves, the part already shown is there in the new language: no empty texts.
    await setLanguage('fa');
    expect(t('titles.faq')).toBe('پرسش‌های متداول');
    expect(tValue<{ q: string }[]>('faq.payment')[0].q).toBe(fa.faq.payment[0].q);
    expect(t('no.such.key')).toBe('');
  });

  it('a part asked for during a switch is ready in the language shown and in the one coming', async () => {
    await setLanguage('fa');
    const switching = setLanguage('ar');
    await loadTexts(['rules']);
    // Whichever of the two is shown when the page renders, its texts are there.
    expect(t('rules.intro', undefined, 'fa')).toBe(fa.rules.intro);
    expect(t('rules.intro', undefined, 'ar')).toBe(ar.rules.intro);
    await switching;
    expect(t('rules.intro')).toBe(ar.rules.intro);
  });

  it('the last of two quick choices wins', async () => {
    await setLanguage('en');
    const first = setLanguage('zh');
    await setLanguage('es');
    await first;
    expect(language.current).toBe('es');
    expect(t('titles.faq')).toBe(es.titles.faq);
  });
});

describe('API error codes', () => {
  it('translates "try again" and a replayed pick by their code, and fills in numbers, in English and Arabic', async () => {
    await setLanguage('en');
    await loadTexts(['account']);
    expect(t('errors.unavailable')).toBe(messages.TRY_AGAIN);
    expect(t('errors.duplicate_request')).toMatch(/pick again/);
    expect(t('errors.too_many_accounts', { max: 5 })).toBe('You can add at most 5 game accounts');
    // Counted (issue 33): "3 minutes", no longer "3 minute(s)".
    expect(t('account.msg.tooMany', { minutes: 3 })).toBe('Too many attempts, please try again in 3 minutes');
    await setLanguage('ar');
    expect(t('errors.unavailable')).toBe(ar.errors.unavailable);
    expect(t('errors.duplicate_request')).toBe(ar.errors.duplicate_request);
    expect(t('errors.too_many_accounts', { max: 5 })).toBe('يمكنك إضافة 5 حسابات لعب كحد أقصى');
    expect(t('account.msg.tooMany', { minutes: 3 })).toBe('محاولات كثيرة جدًا، يرجى المحاولة بعد 3 دقائق');
    await setLanguage('en');
  });
});
