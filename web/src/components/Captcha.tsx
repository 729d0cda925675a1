import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import { useT } from '../i18n';
import { requestJson } from '../lib/http';
import { Field } from './Field';

interface Challenge {
  captchaId: string;
  mode: 'image' | 'question';
  svg: string | null;
  question: string | null;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** The server asks in English ("What is seven plus four?"); other languages get the same sum in their words. */
function localQuestion(question: string, lang: string, t: (key: string, params?: Record<string, unknown>) => string): string {
  const m = /^What is (\w+) plus (\w+)\?$/.exec(question);
  if (lang === 'en' || !m || !NUMBER_WORDS.includes(m[1]) || !NUMBER_WORDS.includes(m[2])) return question;
  return t('account.captcha.question', { a: NUMBER_WORDS.indexOf(m[1]), b: NUMBER_WORDS.indexOf(m[2]) }) || question;
}

/** Arabic-Indic and Persian digits typed into an answer become ASCII digits. */
export const asciiDigits = (text: string): string =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });

export interface CaptchaHandle {
  /** Fetches a new challenge (each one is single-use: after any answer a new one is needed). */
  refresh(): void;
}

interface Props {
  value: string;
  error?: string;
  onChange: (answer: string, captchaId: string) => void;
}

/**
 * Our server's captcha: an SVG image of distorted characters, or as the accessible alternative a
 * question a screen reader can read aloud. Both can be renewed; switching asks for a new one.
 */
export const Captcha = forwardRef<CaptchaHandle, Props>(function Captcha({ value, error, onChange }, ref) {
  const { t, lang } = useT();
  const [mode, setMode] = useState<'image' | 'question'>('image');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    (wanted: 'image' | 'question') => {
      setFailed(false);
      requestJson<Challenge>('/api/captcha', { query: wanted === 'question' ? { mode: 'question' } : undefined })
        .then((c) => {
          setChallenge(c);
          onChange('', c.captchaId);
        })
        .catch(() => setFailed(true));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => load(mode), [mode, load]);
  useImperativeHandle(ref, () => ({ refresh: () => load(mode) }), [mode, load]);

  const question = challenge?.mode === 'question' && challenge.question ? localQuestion(challenge.question, lang, t) : null;
  const label = question ?? t('account.captcha.label');
  return (
    <div className="captcha">
      <div className="captcha-challenge" aria-live="polite">
        {challenge?.mode === 'image' && challenge.svg ? (
          <img
            className="captcha-image"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.svg)}`}
            alt={t('account.captcha.imageAlt')}
            width={150}
            height={50}
          />
        ) : null}
        {challenge?.mode === 'question' ? (
          <p className="captcha-question" data-testid="captcha-question">
            {question}
          </p>
        ) : null}
        {!challenge && !failed ? <span className="muted">{t('account.captcha.loading')}</span> : null}
        {failed ? <span className="field-error">{t('account.captcha.failed')}</span> : null}
        <button type="button" className="btn btn-small btn-ghost" onClick={() => load(mode)}>
          {t('account.captcha.refresh')}
        </button>
      </div>
      <button type="button" className="link-button" onClick={() => setMode((m) => (m === 'image' ? 'question' : 'image'))}>
        {mode === 'image' ? t('account.captcha.useQuestion') : t('account.captcha.useImage')}
      </button>
      <Field label={label} error={error} hint={mode === 'image' ? t('account.captcha.imageHint') : undefined}>
        {(c) => (
          <input
            {...c}
            name="captcha"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={mode === 'question' ? 'numeric' : 'text'}
            value={value}
            onChange={(e) => onChange(e.target.value, challenge?.captchaId ?? '')}
          />
        )}
      </Field>
    </div>
  );
});
