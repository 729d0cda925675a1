import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { solveChallenge } from 'altcha-lib/v1';
import { useT } from '../i18n';
import { requestJson } from '../lib/http';
import { translateMessage, type Msg } from '../lib/messages';

/** A proof-of-work challenge as GET /api/captcha serves it (ALTCHA). */
interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

type Phase = 'idle' | 'working' | 'verified' | 'failed';

export interface CaptchaHandle {
  /** A solution counts once: after any submit a new challenge is solved (if the box was ticked). */
  refresh(): void;
}

interface Props {
  error?: Msg;
  /** The base64 payload the sign-up sends, or '' while unsolved. */
  onChange: (payload: string) => void;
}

/**
 * "I am not a robot": ticking the box makes this browser solve our server's proof-of-work
 * challenge (tens of thousands of hashes, a second or two), so nobody has to read, hear or type
 * anything. Progress and the result are announced; the hashing yields between tries, so the page
 * stays responsive, and needs no worker or outside service (our CSP stays as strict as it is).
 */
export const Captcha = forwardRef<CaptchaHandle, Props>(function Captcha({ error, onChange }, ref) {
  const { t } = useT();
  const id = useId();
  const [phase, setPhase] = useState<Phase>('idle');
  const run = useRef<{ abort: () => void } | null>(null);

  const stop = () => {
    run.current?.abort();
    run.current = null;
  };

  const solve = useCallback(() => {
    stop();
    onChange('');
    setPhase('working');
    let aborted = false;
    let controller: AbortController | null = null;
    run.current = { abort: () => ((aborted = true), controller?.abort()) };
    requestJson<Challenge>('/api/captcha')
      .then(async (c) => {
        if (aborted) return;
        const work = solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber);
        controller = work.controller;
        const solution = await work.promise;
        if (aborted) return;
        if (!solution) throw new Error('unsolved');
        onChange(btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })));
        setPhase('verified');
      })
      .catch(() => !aborted && setPhase('failed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => stop, []);
  useImperativeHandle(ref, () => ({ refresh: () => (phase === 'idle' ? undefined : solve()) }), [phase, solve]);

  const status =
    phase === 'working' ? t('account.captcha.working') : phase === 'verified' ? t('account.captcha.verified') : phase === 'failed' ? t('account.captcha.failed') : '';
  return (
    <div className="field field-check captcha">
      <div className="check-row">
        <input
          id={id}
          type="checkbox"
          name="captcha"
          checked={phase === 'working' || phase === 'verified'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status ${id}-error`}
          aria-busy={phase === 'working' || undefined}
          onChange={(e) => {
            if (e.target.checked) solve();
            else {
              stop();
              onChange('');
              setPhase('idle');
            }
          }}
        />
        <label htmlFor={id}>{t('account.captcha.label')}</label>
      </div>
      <p id={`${id}-status`} className="field-hint captcha-status" role="status" data-phase={phase} data-testid="captcha-status">
        {status}
      </p>
      {phase === 'failed' ? (
        <button type="button" className="btn btn-small btn-ghost" onClick={solve}>
          {t('account.captcha.refresh')}
        </button>
      ) : null}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? translateMessage(t, error) : ''}
      </p>
    </div>
  );
});
