/**
 * The one place a message gets its stable code: the name of its constant in domain/messages (or of
 * the function that made it, with its numbers as data). Clients translate by this code, never by text.
 */
import * as M from './messages.js';

const NAME_OF = new Map<string, string>(
  (Object.entries(M) as [string, unknown][]).flatMap(([name, text]) => (typeof text === 'string' ? [[text, name] as [string, string]] : [])),
);

/** The code (and numbers) of one of our messages, or undefined for words that are not ours. */
export function codeOfMessage(text: string): { code: string; data?: Readonly<Record<string, number | string>> } | undefined {
  const numbered = M.numberedMessage(text);
  if (numbered) return { code: numbered.code, data: numbered.data };
  const name = NAME_OF.get(text);
  return name ? { code: name } : undefined;
}

/**
 * A field error with its code filled in when the producer gave only the words. Generic over the
 * field error's shape so this module needs nothing from domain/errors, which calls it.
 */
export function codedField<F extends { message: string; code?: string; data?: Readonly<Record<string, unknown>> }>(f: F): F {
  if (f.code) return f;
  const coded = codeOfMessage(f.message);
  return coded ? { ...f, ...coded } : f;
}
