/** Who mails come from (MAIL_FROM, infra/mail/from.ts): the brand by default, the operator's sender checked at start. */
import { describe, expect, it } from 'vitest';
import { MailConfigError, mailFrom } from '../../infra/mail/from.js';

describe('the sender of every mail', () => {
  it('is the brand at the public host by default; localhost for an IP address or no PUBLIC_URL', () => {
    expect(mailFrom({ PUBLIC_URL: 'https://coins.example.com' })).toBe('CoinMarket <no-reply@coins.example.com>');
    expect(mailFrom({ PUBLIC_URL: 'https://coins.example.com:8443/app' })).toBe('CoinMarket <no-reply@coins.example.com>');
    expect(mailFrom({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe('CoinMarket <no-reply@localhost>');
    expect(mailFrom({ PUBLIC_URL: 'http://[::1]:3000' })).toBe('CoinMarket <no-reply@localhost>');
    expect(mailFrom({})).toBe('CoinMarket <no-reply@localhost>');
    expect(mailFrom({ MAIL_FROM: '  ', PUBLIC_URL: 'https://coins.example.com' })).toBe('CoinMarket <no-reply@coins.example.com>');
  });

  it('is the operator\'s MAIL_FROM: a name and address as given, a bare address under the brand', () => {
    expect(mailFrom({ MAIL_FROM: 'Coin Market Support <help@coins.example.com>' })).toBe('Coin Market Support <help@coins.example.com>');
    expect(mailFrom({ MAIL_FROM: 'Coin Market<help@coins.example.com>' })).toBe('Coin Market <help@coins.example.com>');
    expect(mailFrom({ MAIL_FROM: 'help@coins.example.com', PUBLIC_URL: 'https://other.example.com' })).toBe('CoinMarket <help@coins.example.com>');
  });

  it('refuses a malformed MAIL_FROM at start, naming it, and never lets a line break into the header', () => {
    for (const bad of ['no-reply', 'Coin Market', 'Coin Market <no-reply>', '<help@coins.example.com>', 'Coin\r\nBcc: x@evil.example <a@b.example>', 'a@b.example\r\nBcc: x@evil.example', 'A <b@c.example> extra']) {
      expect(() => mailFrom({ MAIL_FROM: bad }), bad).toThrow(MailConfigError);
    }
    expect(() => mailFrom({ MAIL_FROM: 'nope' })).toThrow('MAIL_FROM must be an address (no-reply@example.com) or "Name <address>", not "nope"');
  });
});
