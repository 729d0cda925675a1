import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';
import { loadTexts, setLanguage, t } from '../../web/src/i18n/index.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };
const FORM = /^(.*)_(zero|one|two|few|many|other)$/;

/** Every text of a dictionary as [dotted path, text]. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** The placeholders a text can be counted by (web/src/i18n/index.ts picks the form by the first that is a number). */
const COUNTED = ['count', 'minutes', 'seconds', 'coins'] as const;
const countedBy = (text: string) => COUNTED.find((name) => text.includes(`{{${name}}}`));

/** Counted texts (a {{count}}, {{minutes}}, {{seconds}} or {{coins}} in English) by base key, with the forms a language gives each. */
function countedForms(dict: Dict): Map<string, Map<string, string>> {
  const counted = new Map<string, Map<string, string>>();
  for (const [key, text] of leaves(dict)) {
    const form = FORM.exec(key);
    if (!form && !countedBy(text)) continue;
    const base = form ? form[1] : key;
    if (!counted.has(base)) counted.set(base, new Map());
    counted.get(base)!.set(form ? form[2] : '(no plural form)', text);
  }
  return counted;
}

/** Whether a plural category of a language stands for exactly one whole number, so its text may say it in words. */
function singleNumber(lang: LanguageCode, category: string): boolean {
  const rules = new Intl.PluralRules(lang);
  return Array.from({ length: 1001 }, (_, n) => n).filter((n) => rules.select(n) === category).length === 1;
}

const english = countedForms(en);

describe('counted texts have every plural form of each language', () => {
  it('English counts things in several texts', () => {
    expect([...english.keys()].sort()).toEqual([
      'account.info.paymentRetried', 'account.msg.resendWait', 'account.msg.tooMany', 'account.signin.codeHint', 'account.signin.resendIn',
      'comfort.batch.created', 'comfort.record.remainder', 'faq.resultCount',
      // The notifications' own counted texts live with their mails' (tests/unit/notification-plurals.test.ts).
      'notifications.bellUnread', 'notifications.unreadSummary',
      'player.balance.comfortItem', 'withdraw.form.resendIn',
    ]);
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: each counted text has exactly the forms of ${lang}'s plural rules, each showing the count unless it stands for one number`, () => {
      const wanted = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      const mine = countedForms(DICTS[lang]);
      expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [base, forms] of mine) {
        expect([...forms.keys()].sort(), `${lang}:${base}`).toEqual(wanted);
        // The placeholder the English text is counted by: each form that stands for more than one number shows it.
        const by = countedBy(english.get(base)!.get('other')!)!;
        for (const [category, text] of forms) {
          expect(text.trim(), `${lang}:${base}_${category}`).not.toBe('');
          if (!singleNumber(lang, category)) expect(text, `${lang}:${base}_${category}`).toContain(`{{${by}}}`);
        }
      }
    });
  }
});

describe('t() picks the form by the count', () => {
  it('in English, Arabic, French and Chinese', async () => {
    await setLanguage('en');
    await loadTexts(['comfort']);
    expect(t('comfort.batch.created', { count: 1 })).toBe('1 account was submitted.');
    expect(t('comfort.batch.created', { count: 2 })).toBe('2 accounts were submitted.');
    expect(t('comfort.batch.created', { count: 1200 })).toBe('1,200 accounts were submitted.');
    await setLanguage('ar');
    const arabic = [0, 1, 2, 3, 11, 100].map((count) => t('comfort.batch.created', { count }));
    expect(arabic).toEqual(['لم يُرسَل أي حساب.', 'تم إرسال حساب واحد.', 'تم إرسال حسابين.', 'تم إرسال 3 حسابات.', 'تم إرسال 11 حسابًا.', 'تم إرسال 100 حساب.']);
    await setLanguage('fr');
    expect([0, 1, 5, 1_000_000].map((count) => t('comfort.batch.created', { count }))).toEqual(['0 compte a été envoyé.', '1 compte a été envoyé.', '5 comptes ont été envoyés.', '1\u202f000\u202f000 de comptes ont été envoyés.']);
    await setLanguage('zh');
    expect(t('comfort.batch.created', { count: 1 })).toBe('已提交 1 个账号。');
    await setLanguage('en');
  });

  it('minutes, seconds and coins pick their form too (issue 33: Arabic "3 دقيقة" read wrong)', async () => {
    await setLanguage('ar');
    await loadTexts(['account', 'withdraw', 'player']);
    expect([1, 2, 3, 10, 11, 100].map((minutes) => t('account.msg.tooMany', { minutes }))).toEqual([
      'محاولات كثيرة جدًا، يرجى المحاولة بعد دقيقة واحدة', 'محاولات كثيرة جدًا، يرجى المحاولة بعد دقيقتين',
      'محاولات كثيرة جدًا، يرجى المحاولة بعد 3 دقائق', 'محاولات كثيرة جدًا، يرجى المحاولة بعد 10 دقائق',
      'محاولات كثيرة جدًا، يرجى المحاولة بعد 11 دقيقة', 'محاولات كثيرة جدًا، يرجى المحاولة بعد 100 دقيقة',
    ]);
    expect(t('withdraw.form.resendIn', { seconds: 5 })).toBe('يمكنك طلب رمز آخر بعد 5 ثوانٍ');
    // Coins are an amount: isolated (FSI…PDI) inside the Arabic sentence, as everywhere.
    expect(t('player.balance.comfortItem', { coins: 4 })).toBe('البيع المريح، \u20684\u2069 عملات');
    await setLanguage('en');
    expect([1, 30].map((seconds) => t('account.signin.resendIn', { seconds }))).toEqual(['Resend in 1 second', 'Resend in 30 seconds']);
    expect(t('player.balance.comfortItem', { coins: 150_000 })).toBe('Comfort trade, 150,000 coins');
  });
});
