import { PasswordResetRequestInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { Field, FormNotice } from '../components/Field';
import { msg } from '../lib/messages';
import { LangLink } from '../components/LangLink';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';

/** Forgot password: asks for the address and emails a single-use reset link. */
export default function ForgotPassword() {
  const { t } = useT();
  const form = useForm({ email: '' });
  const onSubmit = async () => {
    const input = form.check(PasswordResetRequestInput);
    if (!input) return;
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/auth/password/forgot', { method: 'POST', body: input }));
    if (answer) form.setNotice({ message: msg('EMAIL_SENT'), ok: true });
  };
  return (
    <div className="container page-body auth-page">
      <div className="auth-card card">
        <h1>{t('titles.password')}</h1>
        <p className="muted">{t('account.forgot.intro')}</p>
        <form {...form.formProps(onSubmit)}>
          <Field label={t('account.email')} error={form.errors.email}>
            {(c) => <input {...c} {...form.bind('email')} type="email" autoComplete="email" />}
          </Field>
          <FormNotice notice={form.notice} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.forgot.submit')}
          </button>
        </form>
        <p className="auth-switch">
          <LangLink to="/signin">{t('account.forgot.back')}</LangLink>
        </p>
      </div>
    </div>
  );
}
