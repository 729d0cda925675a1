import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CodeRequestInput, CodeSignInInput, PasswordSignInInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { localizedPath } from '../location';
import { CheckboxField, Field, FormNotice } from '../components/Field';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { LangLink } from '../components/LangLink';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { authOptions, nextPath, type SignInAnswer } from '../lib/auth';
import { failureOf, msg, NETWORK, waitSecondsOf } from '../lib/messages';
import { useSecondsLeft } from '../lib/countdown';
import { offerUsername, signedInAs } from '../state/session';
import { SupportContacts } from '../components/SupportContacts';
import type { Notice } from '../lib/form';

/** Refusals of a seller support suspended or closed: only support helps, so its contacts are shown open. */
const PENALTY_CODES: ReadonlySet<string> = new Set(['account_suspended', 'account_closed']);

function PenaltyHelp({ notice }: { notice: Notice | null }) {
  const { t } = useT();
  if (!notice || notice.ok || !PENALTY_CODES.has(notice.message.code ?? '')) return null;
  return <SupportContacts label={t('account.signin.contactSupport')} open />;
}

const TABS = ['password', 'code'] as const;
type Tab = (typeof TABS)[number];

/** Sign in by password or by a code emailed to the address, with remember me, forgot password and Google. */
export default function SignIn() {
  const { t, lang } = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [tab, setTab] = useState<Tab>('password');
  const uid = useId();
  const [remember, setRemember] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ password: null, code: null });

  const done = (answer: SignInAnswer) => {
    signedInAs(answer.seller);
    offerUsername();
    navigate(localizedPath(lang, nextPath(search)));
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = document.documentElement.dir === 'rtl';
    const i = TABS.indexOf(tab);
    let next: number | null = null;
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight') || e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (i + 1) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next]);
    tabRefs.current[TABS[next]]?.focus();
  };

  return (
    <div className="container page-body auth-page">
      <div className="auth-card card">
        <h1>{t('titles.signin')}</h1>
        <div role="tablist" aria-label={t('account.signin.tabsLabel')} className="tabs">
          {TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                tabRefs.current[id] = el;
              }}
              type="button"
              role="tab"
              id={`${uid}-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`${uid}-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              className="tab"
              onClick={() => setTab(id)}
              onKeyDown={onTabKey}
            >
              {t(id === 'password' ? 'account.signin.tabPassword' : 'account.signin.tabCode')}
            </button>
          ))}
        </div>
        {/* Both panels stay mounted so a typed address survives switching tabs. */}
        <div role="tabpanel" id={`${uid}-panel-password`} aria-labelledby={`${uid}-tab-password`} hidden={tab !== 'password'}>
          <PasswordForm remember={remember} setRemember={setRemember} onSignedIn={done} />
        </div>
        <div role="tabpanel" id={`${uid}-panel-code`} aria-labelledby={`${uid}-tab-code`} hidden={tab !== 'code'}>
          <CodeForm remember={remember} setRemember={setRemember} onSignedIn={done} />
        </div>
        <div className="auth-or" aria-hidden="true">
          <span>{t('account.signin.or')}</span>
        </div>
        <GoogleSignIn remember={remember} onSignedIn={done} />
        <p className="auth-switch">
          {t('account.signin.noAccount')} <LangLink to="/signup">{t('account.signin.createAccount')}</LangLink>
        </p>
      </div>
    </div>
  );
}

interface FormProps {
  remember: boolean;
  setRemember: (on: boolean) => void;
  onSignedIn: (answer: SignInAnswer) => void;
}

function RememberAndForgot({ remember, setRemember }: Pick<FormProps, 'remember' | 'setRemember'>) {
  const { t } = useT();
  return (
    <div className="auth-row">
      <CheckboxField name="remember" label={t('account.signin.remember')} checked={remember} onChange={setRemember} />
      <LangLink to="/password">{t('account.signin.forgot')}</LangLink>
    </div>
  );
}

function PasswordForm({ remember, setRemember, onSignedIn }: FormProps) {
  const { t } = useT();
  const form = useForm({ email: '', password: '' });
  const onSubmit = async () => {
    const input = form.check(PasswordSignInInput, { ...form.values, remember });
    if (!input) return;
    const answer = await form.submit(() => requestJson<SignInAnswer>('/api/auth/signin', { method: 'POST', body: input }));
    if (answer) onSignedIn(answer);
  };
  return (
    <form {...form.formProps(onSubmit)}>
      <Field label={t('account.email')} error={form.errors.email}>
        {(c) => <input {...c} {...form.bind('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label={t('account.password')} error={form.errors.password}>
        {(c) => (
          <input {...c} {...form.bind('password')} type="password" autoComplete="current-password" />
        )}
      </Field>
      <RememberAndForgot remember={remember} setRemember={setRemember} />
      <FormNotice notice={form.notice} />
      <PenaltyHelp notice={form.notice} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.signin.submit')}
      </button>
    </form>
  );
}

function CodeForm({ remember, setRemember, onSignedIn }: FormProps) {
  const { t } = useT();
  const form = useForm({ email: '', code: '' });
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [ttlMinutes, setTtlMinutes] = useState(10);
  const wait = useSecondsLeft(resendAt);

  useEffect(() => {
    authOptions()
      .then((o) => setTtlMinutes(Math.round(o.codeTtlSeconds / 60)))
      .catch(() => undefined);
  }, []);

  const sendCode = async () => {
    const input = form.check(CodeRequestInput, { email: form.values.email });
    if (!input) return;
    setSending(true);
    form.setNotice(null);
    try {
      const answer = await requestJson<{ message: string; resendAfterSeconds: number }>('/api/auth/code', { method: 'POST', body: input });
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      form.setNotice({ message: msg('CODE_SENT'), ok: true });
    } catch (err) {
      const failure = failureOf(err);
      const seconds = waitSecondsOf(failure.message);
      if (seconds) setResendAt(Date.now() + seconds * 1000);
      if (failure.fields.email) form.setErrors({ email: failure.fields.email });
      else form.setNotice({ message: failure.status === 0 ? NETWORK : failure.message, ok: false });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async () => {
    const input = form.check(CodeSignInInput, { ...form.values, remember });
    if (!input) return;
    const answer = await form.submit(() => requestJson<SignInAnswer>('/api/auth/signin/code', { method: 'POST', body: input }));
    if (answer) onSignedIn(answer);
  };

  return (
    <form {...form.formProps(onSubmit)}>
      <Field label={t('account.email')} error={form.errors.email}>
        {(c) => <input {...c} {...form.bind('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label={t('account.signin.code')} error={form.errors.code} hint={t('account.signin.codeHint', { minutes: ttlMinutes })}>
        {(c) => (
          <div className="code-row">
            <input
              {...c}
              {...form.bind('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
            />
            <button type="button" className="btn btn-ghost" disabled={sending || wait > 0} onClick={() => void sendCode()} data-testid="send-code">
              {wait > 0 ? t('account.signin.resendIn', { seconds: wait }) : t('account.signin.sendCode')}
            </button>
          </div>
        )}
      </Field>
      <RememberAndForgot remember={remember} setRemember={setRemember} />
      <FormNotice notice={form.notice} />
      <PenaltyHelp notice={form.notice} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.signin.submit')}
      </button>
    </form>
  );
}
