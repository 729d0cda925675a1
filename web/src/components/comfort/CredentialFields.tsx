import { useId, useState, type ClipboardEvent } from 'react';
import { useT } from '../../i18n';
import { Field } from '../Field';
import { translateMessage } from '../../lib/messages';
import type { FormState } from '../../lib/form';
import { CODE_FIELDS, pasteCodes, type CredentialValues } from '../../lib/comfort';

/**
 * The game web-app login of a comfort trade: email, password, then either the 6 backup codes (one
 * by one, or all at once by one-click paste) or the authSecret. Used by the form and by "try again"
 * (which shows the email fixed, or leaves out the second factor after Wrong Account/Password).
 */
export function CredentialFields<V extends CredentialValues>({ form, fixedEmail, passwordHint, secondFactor = true }: {
  form: FormState<V>; fixedEmail?: string; passwordHint?: string; secondFactor?: boolean;
}) {
  const { t } = useT();
  const uid = useId();
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [pasteNote, setPasteNote] = useState<{ ok: boolean; text: string } | null>(null);
  const f = form as unknown as FormState<CredentialValues>;
  // <Field> shows each message in the seller's language by its code.
  const msg = (name: keyof CredentialValues & string) => f.errors[name];

  /** Puts six parsed codes into the six fields; false when the text does not hold six codes. */
  const fill = (text: string): boolean => {
    const codes = pasteCodes(text);
    if (!codes) {
      setPasteNote({ ok: false, text: t('comfort.pasteFailed') });
      return false;
    }
    const next: Partial<CredentialValues> = {};
    CODE_FIELDS.forEach((name, i) => { next[name] = codes[i]; });
    f.setValues(next);
    f.setErrors(Object.fromEntries(Object.entries(f.errors).filter(([k]) => !(CODE_FIELDS as readonly string[]).includes(k))));
    setPasteNote({ ok: true, text: t('comfort.pasteFilled') });
    return true;
  };

  // The same refusal on several codes (all six were used before) is said once above them, and every
  // refused field points to it, instead of six copies of one sentence down a phone screen.
  const codeTexts = CODE_FIELDS.map((name) => { const m = msg(name); return m ? translateMessage(t, m) : ''; });
  const refusedTexts = codeTexts.filter(Boolean);
  const shared = refusedTexts.length > 1 && refusedTexts.every((x) => x === refusedTexts[0]) ? refusedTexts[0] : null;
  const sharedId = `${uid}-codes-error`;

  const onePaste = async () => {
    setPasteNote(null);
    try {
      const text = await navigator.clipboard.readText();
      if (fill(text)) return;
    } catch {
      // No clipboard access (permission or insecure origin): the seller pastes into the box instead.
    }
    setPasteOpen(true);
  };

  // Pasting the whole "1.code 2.code ..." text into any one code field fills all six.
  const onCodePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (/\d{8}\D+\d/.test(text) && pasteCodes(text)) {
      e.preventDefault();
      fill(text);
    }
  };

  return (
    <>
      {fixedEmail === undefined ? (
        <Field label={t('comfort.email')} error={msg('email')}>
          {(c) => <input {...c} {...f.bind('email')} type="email" autoComplete="off" dir="ltr" />}
        </Field>
      ) : (
        <p className="comfort-fixed-email"><span>{t('comfort.email')}:</span> <strong dir="ltr">{fixedEmail}</strong></p>
      )}
      <Field label={t('comfort.password')} hint={passwordHint} error={msg('password')}>
        {(c) => <input {...c} {...f.bind('password')} type="password" autoComplete="off" />}
      </Field>
      {secondFactor ? secondFactorFields() : null}
    </>
  );

  /** The second factor's choice and fields (a render helper, not a component: the inputs keep their focus). */
  function secondFactorFields() {
    return (
    <>
      <fieldset className="comfort-method">
        <legend>{t('comfort.verification')}</legend>
        <label className="check-row">
          <input type="radio" name={`${uid}-method`} checked={f.values.loginMethod === 'backup_codes'} onChange={() => f.set('loginMethod', 'backup_codes')} />
          {t('comfort.useCodes')}
        </label>
        <label className="check-row">
          <input type="radio" name={`${uid}-method`} checked={f.values.loginMethod === 'auth_secret'} onChange={() => f.set('loginMethod', 'auth_secret')} />
          {t('comfort.useSecret')}
        </label>
      </fieldset>
      {f.values.loginMethod === 'backup_codes' ? (
        <div className="comfort-codes" data-testid="backup-codes">
          <p className="field-hint">{t('comfort.codesHint')}</p>
          <div className="comfort-paste">
            <button type="button" className="btn btn-ghost btn-small" data-testid="paste-codes" onClick={() => void onePaste()}>{t('comfort.pasteButton')}</button>
            <p className={pasteNote ? (pasteNote.ok ? 'comfort-ok' : 'field-error') : 'visually-hidden'} role="status">{pasteNote?.text ?? ''}</p>
          </div>
          {pasteOpen ? (
            <Field label={t('comfort.pasteLabel')} hint={t('comfort.pasteHint')}>
              {(c) => (
                <div className="comfort-paste-box">
                  <textarea {...c} rows={3} name="pasteCodes" data-testid="paste-box" value={pasteText} onChange={(e) => setPasteText(e.target.value)} />
                  <button type="button" className="btn btn-small btn-primary" data-testid="paste-apply" onClick={() => { if (fill(pasteText)) { setPasteOpen(false); setPasteText(''); } }}>{t('comfort.pasteApply')}</button>
                </div>
              )}
            </Field>
          ) : null}
          {shared ? <p id={sharedId} className="field-error" role="alert" data-testid="codes-error">{shared}</p> : null}
          <div className="comfort-code-grid">
            {CODE_FIELDS.map((name, i) => (
              <Field key={name} label={t('comfort.code', { n: i + 1 })} error={shared ? undefined : msg(name)}>
                {(c) => (
                  <input
                    {...c}
                    {...(shared && codeTexts[i] ? { 'aria-invalid': true, 'aria-describedby': `${c['aria-describedby']} ${sharedId}` } : {})}
                    {...f.bind(name)} inputMode="numeric" autoComplete="off" maxLength={40} onPaste={onCodePaste} dir="ltr"
                  />
                )}
              </Field>
            ))}
          </div>
        </div>
      ) : (
        <Field label={t('comfort.secret')} hint={t('comfort.secretHint')} error={msg('authSecret')}>
          {(c) => <input {...c} {...f.bind('authSecret')} autoComplete="off" spellCheck={false} dir="ltr" />}
        </Field>
      )}
    </>
    );
  }
}
