import { describe, expect, it } from 'vitest';
import * as M from '../../domain/messages.js';
import { codeOfMessage } from '../../domain/message-codes.js';

// A message's code is the name of its constant, found from its words in one place
// (domain/message-codes.ts). That is only sound while no two constants share words.
describe('message codes', () => {
  const texts = (Object.entries(M) as [string, unknown][]).filter((e): e is [string, string] => typeof e[1] === 'string');

  it('gives every message its own words, so its words name exactly one code', () => {
    const byText = new Map<string, string[]>();
    for (const [name, text] of texts) byText.set(text, [...(byText.get(text) ?? []), name]);
    expect([...byText.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('finds each message constant by its words, and numbered messages with their numbers', () => {
    for (const [name, text] of texts) expect(codeOfMessage(text)).toEqual({ code: name });
    expect(codeOfMessage(M.backupCodeMessage(3))).toEqual({ code: 'backupCode', data: { n: 3 } });
    expect(codeOfMessage('Words that are not ours')).toBeUndefined();
  });
});
