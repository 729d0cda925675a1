import { useState } from 'react';
import { PasswordResetInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { CheckboxField, FormNotice } from '../components/Field';
import { msg } from '../lib/messages';
import { LangLink } from '../components/LangLink';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';

/** Set a new password from the emailed link (/password/reset?token=…): the rule, twice, not the old one. */
export default function ResetPassword() {
  const { t } = useT();
  // The token of the address this page was opened with (kept-alive pages are keyed by address).
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [done, setDone] = useState(false);
  const form = useForm({ password: '', confirmPassword: '' });
  // A reset ends sessions; API keys and webhooks a stolen session minted end only when asked.
  const [revokeApiAccess, setRevokeApiAccess] = useState(false);

  const onSubmit = async () => {
    const input = form.check(PasswordResetInput, { ...form.values, token });
    if (!input) {
      if (!token) form.setNotice({ message: msg('RESET_LINK_INVALID'), ok: false });
      return;
    }
    const body = revokeApiAccess ? { ...input, revokeApiAccess } : input;
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/auth/password/reset', { method: 'POST', body }));
    if (answer) {
      form.setNotice({ message: msg('PASSWORD_RESET_DONE'), ok: true });
      setDone(true);
    }
  };
  const linkBad = !done && form.notice && !form.notice.ok && form.notice.message.code === 'RESET_LINK_INVALID';

  return (
    <div className="container page-body auth-page">
      <div className="auth-card card">
        <h1>{t('titles.passwordReset')}</h1>
        <p className="muted">{t('account.reset.intro')}</p>
        <form {...form.formProps(onSubmit)}>
          <NewPasswordFields form={form} passwordLabel={t('account.newPassword')} confirmLabel={t('account.confirmNewPassword')} hint={t('account.passwordHint')} />
          <CheckboxField label={t('account.info.revokeApiAccess')} name="revokeApiAccess" checked={revokeApiAccess} onChange={setRevokeApiAccess} />
          <FormNotice notice={form.notice} />
          {done ? (
            <LangLink to="/signin" className="btn btn-primary btn-block">
              {t('nav.signIn')}
            </LangLink>
          ) : (
            <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
              {form.busy ? t('account.submitting') : t('account.reset.submit')}
            </button>
          )}
        </form>
        {linkBad ? (
          <p className="auth-switch">
            <LangLink to="/password">{t('account.reset.again')}</LangLink>
          </p>
        ) : null}
      </div>
    </div>
  );
}
