/**
 * What the texts tell a seller agrees with itself and with the system: one brand spelling, and FAQ
 * answers that give the same durations as the statuses they explain.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { STATUS_TEXT } from '../../domain/comfort-trade.js';
import { fillPromises } from '../../domain/timing-promises.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };
const leaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(leaves);
/** Western and Persian digits alike. */
const digits = (s: string) => s.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));

describe('texts a seller reads', () => {
  for (const lang of LANGUAGES) {
    const d = DICTS[lang];
    it(`${lang}: spells the brand one way (${en.brand})`, () => {
      expect(leaves(d).filter((s) => /coin[\s-]market/i.test(s))).toEqual([]);
    });

    it(`${lang}: the FAQ's Pending Payment gives the review's promised hours and no other bound, like the comfort answer and the record`, () => {
      // One promise (domain/timing-promises.ts): "3-7 days" contradicted "within 24 hours of completion" (issue 32, finding 5).
      for (const text of [d.faq.statuses[2].text, d.faq.general[3].a, d.comfort.statuses.pending_payment.text]) {
        expect(text).toContain('{{reviewHours}}');
        expect(digits(text)).not.toMatch(/3\s*(-|–|to|à|a|تا)\s*7/);
      }
    });

    it(`${lang}: the FAQ on a missing record names the record's own states (${en.player.states.checking}, ${en.player.states.frozen})`, () => {
      const answer = d.faq.player[5].a;
      expect(answer).toContain(d.player.states.checking);
      expect(answer).toContain(d.player.states.frozen);
    });
  }

  it('en: the FAQ says for Pending Payment what the record says', () => {
    expect(en.faq.statuses[2].name).toBe(STATUS_TEXT.pending_payment.label);
    expect(fillPromises(en.faq.statuses[2].text)).toBe(STATUS_TEXT.pending_payment.guidance);
  });
});
