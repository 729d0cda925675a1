import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { NOTIFICATION_TEXTS } from '../../domain/notification-texts.js';
import { DEFAULT_COMFORT_TIMINGS, STATUS_TEXT, TRANSFER_TIMES, transferTimeHours } from '../../domain/comfort-trade.js';
import { DEFAULT_WITHDRAWAL_TIMINGS, PAYOUT_TIME_TEXT, PROCESSING_TIME_TEXT } from '../../domain/withdrawal.js';
import { FREEZE_MS } from '../../domain/timing.js';
import { TIMING_PROMISES, fillPromises, isTimingPromise } from '../../domain/timing-promises.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';
import { loadTexts, setLanguage, t, tValue } from '../../web/src/i18n/index.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };
const HOUR = 3_600_000;

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Time words of the eight languages, each read as the unit it names. */
const UNITS: [RegExp, 'minute' | 'hour' | 'day'][] = [
  [/^(minutes?|minuten?|minutos?|دقائق|دقيقة|دقیقه|分钟)$/i, 'minute'],
  [/^(hours?|stunden?|horas?|heures?|ساعات|ساعة|ساعته|ساعت|小时|個小時)$/i, 'hour'],
  [/^(days?|tagen?|tage|días?|dias?|jours?|أيام|يومًا|يوما|يوم|روز|天)$/i, 'day'],
];
const UNIT_WORDS = '(?:minutes?|Minuten?|minutos?|دقائق|دقيقة|دقیقه|分钟|hours?|Stunden?|horas?|heures?|ساعات|ساعة|ساعته|ساعت|小时|個小時|days?|Tagen?|Tage|días?|dias?|jours?|أيام|يومًا|يوما|يوم|روز|天)';
const NUMBER = '[\\p{Nd}]+';
const RANGE = '(?:\\s*(?:[-–]|تا|à|a|bis|至|到|إلى)\\s*)';
const WRITTEN = new RegExp(`(${NUMBER})(?:${RANGE}(${NUMBER}))?\\s*(${UNIT_WORDS})`, 'gu');

/** One digit of any of the languages' scripts as 0-9. */
function toLatin(d: string): string {
  for (const zero of [0x660, 0x6f0, 0xff10]) {
    const n = d.codePointAt(0)! - zero;
    if (n >= 0 && n <= 9) return String(n);
  }
  return d;
}

/**
 * Durations the texts may write out: facts and rules of the specification, not promises of when the
 * seller's coins or money arrive (those are interpolated from domain/timing-promises.ts).
 */
const WRITTEN_FACTS = new Set([
  '7-10 day', // a secondary game account unlocks the transfer market (the game's rule)
  '21 day', // PayPal's hold on receive-only accounts
  '30 day', // PayPal returns an unclaimed payment
  '5 minute', // the player buy window (a rule the seller must meet)
  '4 hour', // one purchase per game account per 4 hours (a rule)
  '4-6 hour', // a bought card should appear in the record, else contact support
]);

/** Every hour/day/minute figure written out in `texts` that is not a listed fact, as "where: words". */
function writtenPromises(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) => [...text.matchAll(WRITTEN)].flatMap((m) => {
    const unit = UNITS.find(([re]) => re.test(m[3]!))![1];
    const figure = `${[m[1], m[2]].filter((d) => d !== undefined).map((d) => [...d!].map(toLatin).join('')).join('-')} ${unit}`;
    return WRITTEN_FACTS.has(figure) ? [] : [`${where}: ${m[0]}`];
  }));
}

/** Placeholders that look like a duration but name no timing promise. */
const unknownPlaceholders = (texts: [string, string][]) =>
  texts.flatMap(([where, text]) => [...text.matchAll(/\{\{?\s*(\w+(?:Hours|Days|Minutes))\s*\}?\}/g)].filter((m) => !isTimingPromise(m[1]!)).map((m) => `${where}: ${m[0]}`));

describe('timing promises: one set, interpolated everywhere', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: no dictionary text or mail text writes a promised time out`, () => {
      const texts = [...leaves(DICTS[lang]), ...Object.entries(NOTIFICATION_TEXTS[lang]).map(([k, v]) => [`mail.${k}`, v] as [string, string])];
      expect(writtenPromises(texts)).toEqual([]);
      expect(unknownPlaceholders(texts)).toEqual([]);
    });
  }

  it('reads the old contradicting texts as written-out promises', () => {
    expect(writtenPromises([
      ['home', 'Money within 24 hours'], ['home', 'Coins sold within 12 hours'], ['status', 'Paid on schedule, 3-7 days at the latest.'],
      ['withdraw', 'within 3 days / 72 hours of request'], ['fa', 'دریافت پول ظرف ۲۴ ساعت'], ['fr', 'en 3 à 7 jours au plus'], ['zh', '24 小时内到账'],
    ])).toHaveLength(8);
    expect(writtenPromises([['market', 'may need 7-10 days and 20-25 matches'], ['fa', '۷ تا ۱۰ روز'], ['buy', 'within 5 minutes']])).toEqual([]);
  });

  it('agrees with the specification and with the timers that keep the promises', () => {
    expect(TIMING_PROMISES).toEqual({
      transferMinHours: 12, transferMaxHours: 72, reviewHours: 24, freezeHours: 24, payoutHours: 72, payoutDays: 3, processingMinHours: 24, processingMaxHours: 48,
    });
    expect(TRANSFER_TIMES.map(transferTimeHours)).toEqual([12, 24, 48, 72]);
    expect(Math.min(...TRANSFER_TIMES.map(transferTimeHours))).toBe(TIMING_PROMISES.transferMinHours);
    expect(Math.max(...TRANSFER_TIMES.map(transferTimeHours))).toBe(TIMING_PROMISES.transferMaxHours);
    expect(DEFAULT_COMFORT_TIMINGS.reviewMs).toBe(TIMING_PROMISES.reviewHours * HOUR);
    expect(FREEZE_MS).toBe(TIMING_PROMISES.freezeHours * HOUR);
    expect(DEFAULT_WITHDRAWAL_TIMINGS.overdueMs).toBe(TIMING_PROMISES.payoutHours * HOUR);
    expect(TIMING_PROMISES.payoutDays * 24).toBe(TIMING_PROMISES.payoutHours);
  });

  it('fills the API English and the pages from the same figures', async () => {
    expect(STATUS_TEXT.pending_payment.guidance).toBe('Paid on schedule. The account review takes about 24 hours after the transfer is completed; then the income is added to your available balance.');
    expect(PAYOUT_TIME_TEXT).toBe('within 3 days / 72 hours of request (longer on holidays)');
    expect(PROCESSING_TIME_TEXT).toBe('24-48 hours with verification');
    expect(fillPromises('{count} in {reviewHours} h, {{payoutHours}} h, {{other}}', (n) => `#${n}`)).toBe('{count} in #24 h, #72 h, {{other}}');

    await loadTexts(['home', 'withdraw', 'comfort']);
    await setLanguage('en');
    expect(t('home.claimMoney')).toBe('Money within 24 hours of the transfer');
    expect(t('home.claimCoins')).toBe('Coins sold in 12 to 72 hours');
    expect(t('withdraw.balance.payoutTimeValue')).toBe(PAYOUT_TIME_TEXT);
    expect(t('comfort.statuses.pending_payment.text')).toBe(STATUS_TEXT.pending_payment.guidance);
    expect(tValue<{ title: string }[]>('home.advantages')[0]!.title).toBe('Money within 24 hours of the transfer');
    await setLanguage('fa');
    expect(t('home.claimMoney')).toBe('دریافت پول ظرف ۲۴ ساعت پس از انتقال');
    await setLanguage('en');
  });
});
