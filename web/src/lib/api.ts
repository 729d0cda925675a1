/** The whole app's API client: typed calls to the API, error answers, money formatting and live-event hooks. */
import { useEffect, useRef } from 'react';
import { subscribe } from 'valtio';
import type { LiveEventOf, LiveEventType } from '../../../domain/live-events';
import { formatMoney } from '../ui/format';
import type { ErrorBody } from '../../../domain/errors';
import { HttpError, requestJson, type RequestOptions } from './http';
import { live } from '../state/live';
import { startLive } from '../live/start';
import { LOCALES } from '../i18n';
import { isolate } from '../i18n/bidi';
import type { LanguageCode } from '../../../domain/client-config';

/** Server clock minus ours (ms), from the Date header of the last answer: countdowns use it. */
export let clockOffsetMs = 0;

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // http.ts adds the session's CSRF header to writes.
  const res = await requestJson<T>(path, options);
  const serverNow = (res as { serverNow?: unknown })?.serverNow;
  if (typeof serverNow === 'number') clockOffsetMs = serverNow - Date.now();
  return res;
}

/** The server's error (the one contract: code, message, fields, data such as `retryAt`) of a failed call; pages translate by `code`. */
export function errorOf(err: unknown): ErrorBody['error'] {
  if (err instanceof HttpError) {
    const e = (err.body as Partial<ErrorBody> | null)?.error;
    return { code: e?.code ?? String(err.status), message: e?.message ?? err.message, fields: e?.fields ?? [], ...(e?.data ? { data: e.data } : {}) };
  }
  return { code: 'network', message: String((err as Error)?.message ?? err), fields: [] };
}

/** Calls `onEvent` for each new live event of the given types (the socket is started if needed). */
export function useLiveEvents<T extends LiveEventType>(types: readonly T[], onEvent: (e: LiveEventOf<T>) => void) {
  const cb = useRef(onEvent);
  cb.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    void startLive();
    let seen = live.events.at(-1)?.id ?? '';
    return subscribe(live, () => {
      for (const e of live.events) {
        if (e.id.length > seen.length || (e.id.length === seen.length && e.id > seen)) {
          if (isOneOf(e, types)) cb.current(e);
        }
      }
      seen = live.events.at(-1)?.id ?? seen;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

const isOneOf = <T extends LiveEventType>(e: { type: LiveEventType }, types: readonly T[]): e is LiveEventOf<T> =>
  (types as readonly LiveEventType[]).includes(e.type);

/** Euro cents in the interface language (the marketplace prices in euro), one bidi-isolated run. */
export const euro = (cents: number, lang: LanguageCode) => isolate(formatMoney(cents, 'EUR', LOCALES[lang]), lang);
export const coins = (n: number, lang: LanguageCode) => isolate(new Intl.NumberFormat(LOCALES[lang]).format(n), lang);
