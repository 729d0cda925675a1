/**
 * The accounts API and the shared schemas speak English, in the specification's words. This turns
 * such a message into the current language: known constants by their name in domain/messages,
 * messages with a number by their pattern; anything unknown is shown as received.
 */
import * as M from '../../../domain/messages';
import { HttpError } from './http';

const KEY_OF = new Map<string, string>(
  (Object.entries(M) as [string, unknown][]).flatMap(([name, text]) => (typeof text === 'string' ? [[text, name] as [string, string]] : [])),
);

const WITH_NUMBER: readonly [RegExp, string, string][] = [
  [/^Please enter at most (\d+) characters$/, 'tooLong', 'max'],
  [/^Please wait (\d+) seconds before requesting another email$/, 'resendWait', 'seconds'],
  [/^Too many attempts, please try again in (\d+) minute\(s\)$/, 'tooMany', 'minutes'],
];

const OTHER: Record<string, string> = {
  'The password was changed meanwhile, please try again': 'changedMeanwhile',
  'Something went wrong, please try again': 'generic',
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The message in the current language (English messages pass through `t`'s dictionary). */
export function translateMessage(t: Translate, english: string): string {
  const name = KEY_OF.get(english) ?? OTHER[english];
  if (name) return t(`account.msg.${name}`) || english;
  for (const [pattern, key, param] of WITH_NUMBER) {
    const m = pattern.exec(english);
    if (m) return t(`account.msg.${key}`, { [param]: m[1] }) || english;
  }
  return english;
}

/** Seconds a "please wait N seconds" refusal asks for, or null. */
export function waitSecondsOf(english: string): number | null {
  const m = /^Please wait (\d+) seconds/.exec(english);
  return m ? Number(m[1]) : null;
}

export interface ApiFailure {
  /** The English message for the whole form. */
  message: string;
  /** English messages by field name. */
  fields: Record<string, string>;
  status: number;
}

/** What a failed API call says: its field errors and summary (a network failure has status 0). */
export function failureOf(err: unknown): ApiFailure {
  if (err instanceof HttpError) {
    const body = err.body as { error?: { message?: string; fields?: { field: string; message: string }[] } } | null;
    const fields: Record<string, string> = {};
    for (const f of body?.error?.fields ?? []) if (!(f.field in fields)) fields[f.field] = f.message;
    return { message: body?.error?.message ?? M.INVALID_VALUE, fields, status: err.status };
  }
  return { message: '', fields: {}, status: 0 };
}
