import { useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SignUpInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { localizedPath } from '../location';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { CheckboxField, Field, FormNotice } from '../components/Field';
import { LangLink } from '../components/LangLink';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { nextPath, type SignInAnswer } from '../lib/auth';
import { msg, translateMessage } from '../lib/messages';
import { offerUsername, session, signedInAs } from '../state/session';
import { toast } from '../state/feedback';
import { NewPasswordFields } from '../components/NewPasswordFields';

/** Sign up: email, password twice, the proof-of-work captcha, the agreement; then signed in. */
export default function SignUp() {
  const { t, lang } = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const captcha = useRef<CaptchaHandle>(null);
  const form = useForm({ email: '', password: '', confirmPassword: '', captcha: '', agreement: false as boolean });
  const v = form.values;

  const onSubmit = async () => {
    const input = form.check(SignUpInput, v);
    if (!input) return;
    const answer = await form.submit(() => requestJson<SignInAnswer>('/api/auth/signup', { method: 'POST', body: { ...input, language: lang } }));
    if (!answer) {
      // The solution was used up by this try, whatever the answer.
      captcha.current?.refresh();
      return;
    }
    form.setNotice({ message: msg('SIGN_UP_SUCCESS'), ok: true });
    toast(translateMessage(t, msg('SIGN_UP_SUCCESS')), 'success');
    signedInAs(answer.seller);
    // The proof code is in the mailbox: the banner and the settings card say so, and when another may be sent.
    if (answer.emailProof?.codeSent) session.proofResendAt = Date.now() + answer.emailProof.resendAfterSeconds * 1000;
    offerUsername();
    navigate(localizedPath(lang, nextPath(search)));
  };

  return (
    <div className="container page-body auth-page">
      <div className="auth-card card">
        <h1>{t('titles.signup')}</h1>
        <p className="muted">{t('account.signup.intro')}</p>
        <form {...form.formProps(onSubmit)}>
          <Field label={t('account.email')} error={form.errors.email}>
            {(c) => <input {...c} {...form.bind('email')} type="email" autoComplete="email" />}
          </Field>
          <NewPasswordFields form={form} passwordLabel={t('account.password')} confirmLabel={t('account.confirmPassword')} hint={t('account.passwordHint')} />
          <Captcha ref={captcha} error={form.errors.captcha} onChange={(payload) => form.set('captcha', payload)} />
          <CheckboxField name="agreement" label={t('account.signup.agreement')} checked={v.agreement} error={form.errors.agreement} onChange={(on) => form.set('agreement', on)}>
            <p className="check-links">
              <LangLink to="/terms">
                {t('footer.terms')}
              </LangLink>
              {' · '}
              <LangLink to="/privacy">
                {t('footer.privacy')}
              </LangLink>
            </p>
          </CheckboxField>
          <FormNotice notice={form.notice} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.signup.submit')}
          </button>
        </form>
        <p className="auth-switch">
          {t('account.signup.haveAccount')} <LangLink to="/signin">{t('nav.signIn')}</LangLink>
        </p>
      </div>
    </div>
  );
}
