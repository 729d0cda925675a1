import { describe, expect, it } from 'vitest';
import { SettingsInput } from '../../domain/account-schemas.js';
import { FORMULA_START, HIDDEN_CHARACTERS } from '../../domain/messages.js';
import { GameAccountInput } from '../../domain/player-trade.js';
import { csvCell } from '../../domain/plain-text.js';
import { validate } from '../../domain/validation.js';

const settings = (over: Record<string, string>) =>
  validate(SettingsInput, { contactMethod: 'whatsapp', contactValue: '+44 7700 900123', paymentMethod: 'paypal', paymentAddress: 'me@example.com', currency: 'EUR', trueName: 'Ana Lima', ...over });
const errorOf = (r: ReturnType<typeof validate>, field: string) => (r.ok ? null : r.errors.find((e) => e.field === field)?.message);

// Each of these renders as an honest name while carrying something else.
const SPOOFS: [string, string][] = [
  ['right-to-left override', 'Ana\u202Egnp.exe'],
  ['right-to-left isolate', 'Ana\u2067Lima'],
  ['zero-width space', 'Ana\u200BLima'],
  ['zero-width joiner', 'Ana\u200DLima'],
  ['zero-width no-break space', 'Ana\uFEFFLima'],
  ['control character', 'Ana\u0007Lima'],
  ['newline', 'Ana\nLima'],
  ['Hangul filler', 'Ana\u3164Lima'],
];

describe('names people and spreadsheets read', () => {
  it.each(SPOOFS)('true name with a %s is refused', (_, name) => {
    expect(errorOf(settings({ trueName: name }), 'trueName')).toBe(HIDDEN_CHARACTERS);
  });

  it.each(SPOOFS)('contact value with a %s is refused', (_, value) => {
    expect(errorOf(settings({ contactValue: value }), 'contactValue')).toBe(HIDDEN_CHARACTERS);
  });

  it.each(SPOOFS)('game-account name with a %s is refused', (_, name) => {
    const r = validate(GameAccountInput, { platform: 'ps', name });
    expect(errorOf(r, 'name')).toBe(HIDDEN_CHARACTERS);
  });

  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)'])('a name starting like a formula (%s) is refused', (name) => {
    expect(errorOf(settings({ trueName: name }), 'trueName')).toBe(FORMULA_START);
    expect(errorOf(validate(GameAccountInput, { platform: 'ps', name }), 'name')).toBe(FORMULA_START);
  });

  it('full-width and compatibility forms become one spelling (NFKC)', () => {
    const r = validate(GameAccountInput, { platform: 'ps', name: '\uFF2D\uFF59\uFF23\uFF4C\uFF55\uFF42' }); // ＭｙＣｌｕｂ
    expect(r.ok && r.value.name).toBe('MyClub');
    const s = settings({ trueName: ' ﬁona Lima ' }); // the fi ligature
    expect(s.ok && s.value.trueName).toBe('fiona Lima');
  });

  it('honest values still pass: phone numbers, Telegram names, Persian and Arabic names', () => {
    const r = settings({ contactMethod: 'telegram', contactValue: '@ana_lima', trueName: 'علی رضایی' });
    expect(r.ok).toBe(true);
    expect(settings({}).ok).toBe(true);
    expect(validate(GameAccountInput, { platform: 'ps', name: 'Club 2026_x' }).ok).toBe(true);
  });

  it('exports neutralise formula-looking contact values', () => {
    expect(csvCell('+44 7700 900123')).toBe(`"'+44 7700 900123"`);
    expect(csvCell('@ana')).toBe(`"'@ana"`);
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
});
