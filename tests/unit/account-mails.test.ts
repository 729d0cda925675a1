/**
 * Issue 33: the account mails (sign-up proof, sign-in code, password reset, payout-change and
 * re-authentication codes, withdrawal code) in the seller's language and the one mail layout that
 * notifications use too: the brand as header, the footer, the language's direction.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, RTL_LANGUAGES } from '../../domain/client-config.js';
import { payoutCodeMail, reauthCodeMail, resetLinkMail, signInCodeMail } from '../../api/auth/mails.js';
import { emailProofMail } from '../../api/auth/email-proof.js';
import { withdrawalCodeMail } from '../../api/withdrawals/mail.js';
import { notificationMail } from '../../infra/notifications/mail.js';
import { ACCOUNT_MAIL_TEXTS } from '../../infra/mail/account-texts.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';

const TO = 'seller@example.com';
const withdrawal = { amountCents: 5_000, method: 'paypal' as const, payee: 'seller@example.com', totalPayoutCents: 4_800 };

const mailsIn = (lang: (typeof LANGUAGES)[number]): Record<string, OutgoingMail> => ({
  signUpProof: emailProofMail(lang, TO, '123456', 10, true),
  proof: emailProofMail(lang, TO, '123456', 10),
  signIn: signInCodeMail(lang, TO, '123456', 10),
  reset: resetLinkMail(lang, TO, 'https://coins.example.com/ar/password/reset?token=abc', 30),
  payout: payoutCodeMail(lang, TO, '123456', 10),
  reauth: reauthCodeMail(lang, TO, '123456', 10),
  withdrawal: withdrawalCodeMail(lang, TO, '123456', 10, withdrawal),
  notification: notificationMail(TO, lang, { kind: 'withdrawal_paid', titleCode: 'withdrawal_paid.title', bodyCode: 'withdrawal_paid.body', params: { amountCents: 5_000 }, link: '/member/withdraw' } as never, 'n1', 'https://coins.example.com'),
});

describe('account mails in the seller language, one layout', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every mail has the layout, the language and its direction; the code in the body only`, () => {
      const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
      for (const [name, mail] of Object.entries(mailsIn(lang))) {
        expect(mail.html, `${lang} ${name}`).toContain(`<html lang="${lang}" dir="${dir}">`);
        expect(mail.html, `${lang} ${name}`).toContain(`<div lang="${lang}" dir="${dir}"`);
        expect(mail.html, `${lang} ${name}`).toMatch(/<header[^>]*>CoinMarket<\/header>/);
        expect(mail.html, `${lang} ${name}`).toMatch(/<footer[^>]*>[^<]+<\/footer>/);
        expect(mail.subject, `${lang} ${name}`).not.toMatch(/\d{6}|token=/);
        expect(`${mail.subject}\n${mail.text}`, `${lang} ${name}`).not.toMatch(/Coin Market|\bpaypal\b/);
      }
      // The account mails' own words are this language's (English only for English).
      const mails = mailsIn(lang);
      const t = ACCOUNT_MAIL_TEXTS[lang];
      expect(mails.signIn!.subject).toBe(t.signInSubject);
      expect(mails.reset!.subject).toBe(t.resetSubject);
      expect(mails.withdrawal!.text).toContain('PayPal');
      expect(mails.withdrawal!.text).toContain(t.withdrawLead);
      if (lang !== 'en') expect(mails.signIn!.subject).not.toBe(ACCOUNT_MAIL_TEXTS.en.signInSubject);
    });
  }

  it('the sign-in code mail says it is for signing in; the sign-up mail names the brand as the pages do', () => {
    expect(signInCodeMail('en', TO, '123456', 10).subject).toBe('Your verification code to sign in');
    expect(emailProofMail('en', TO, '123456', 10, true).text).toContain('A CoinMarket account was just created');
  });

  it('minutes are counted in the language (Arabic: دقيقة واحدة, دقيقتين, 3 دقائق, 11 دقيقة)', () => {
    const close = (n: number) => signInCodeMail('ar', TO, '123456', n).text;
    expect(close(1)).toContain('خلال دقيقة واحدة');
    expect(close(2)).toContain('خلال دقيقتين');
    expect(close(3)).toContain('خلال 3 دقائق');
    expect(close(11)).toContain('خلال 11 دقيقة');
    expect(signInCodeMail('en', TO, '123456', 1).text).toContain('expires in 1 minute and');
  });
});
