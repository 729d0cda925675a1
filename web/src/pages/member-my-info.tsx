import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  CONTACT_METHODS,
  CURRENCIES,
  ChangePasswordInput,
  DEFAULT_CURRENCY,
  PAYMENT_METHODS,
  SettingsInput,
  type ContactMethod,
  type PaymentMethod,
} from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { Field, FormNotice } from '../components/Field';
import { EmailProof } from '../components/EmailProof';
import { MemberGate } from '../components/MemberGate';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { WebhooksCard } from '../components/webhooks/WebhooksCard';
import { NotificationPrefsCard } from '../components/NotificationPrefsCard';
import { PayoneerBinding } from '../components/withdraw/PayoneerBinding';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { failureOf, msg, translateMessage, type Msg } from '../lib/messages';
import { logout, openUsernameDialog, session, sessionEnded, type SessionSeller } from '../state/session';
import { confirmBox, toast } from '../state/feedback';
import { METHOD_LABELS } from '../lib/withdrawals';

interface SellerSettings {
  contactMethod: ContactMethod;
  contactValue: string;
  paymentMethod: PaymentMethod;
  paymentAddress: string;
  currency: string;
  trueName: string;
}

interface SettingsView extends SessionSeller {
  settings: SellerSettings | null;
  payoneer: { bound: boolean; account: string | null };
}


/** Member: seller settings (info, contact, payment, currency, true name, Payoneer binding, notifications, password, API keys). */
export default function MyInfo() {
  const { t } = useT();
  return (
    <div className="container page-body member-page">
      <h1>{t('titles.myInfo')}</h1>
      <MemberGate next="/member/my-info">
        <Settings />
      </MemberGate>
    </div>
  );
}

function Settings() {
  const { t } = useT();
  const { seller } = useSnapshot(session);
  const [view, setView] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<Msg | null>(null);

  useEffect(() => {
    let live = true;
    setView(null);
    requestJson<SettingsView>('/api/member/settings')
      .then((v) => live && setView(v))
      .catch((err) => {
        if (!live) return;
        if (failureOf(err).status === 401) sessionEnded();
        else setLoadError(failureOf(err).message);
      });
    return () => {
      live = false;
    };
  }, [seller?.id]);

  // Once shown, the proof card stays for this visit so its "verified" answer can be read.
  const proofShown = useRef(false);
  if (seller && !seller.emailVerified) proofShown.current = true;

  if (!seller) return null;
  return (
    <div className="settings-grid">
      {proofShown.current ? <EmailProof email={seller.email} /> : null}
      <section className="card settings-card" aria-labelledby="info-seller">
        <h2 id="info-seller">{t('account.info.sellerTitle')}</h2>
        <dl className="info-list">
          <div>
            <dt>{t('account.email')}</dt>
            <dd>{seller.email}</dd>
          </div>
          <div>
            <dt>{t('account.info.username')}</dt>
            <dd data-testid="my-username">
              {seller.username ?? (
                <>
                  <span className="muted">{t('account.info.notSet')}</span>{' '}
                  <button type="button" className="btn btn-small btn-ghost" onClick={openUsernameDialog}>
                    {t('account.username.open')}
                  </button>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('account.info.google')}</dt>
            <dd>{seller.google ? t('account.info.googleLinked') : t('account.info.googleNotLinked')}</dd>
          </div>
        </dl>
      </section>
      {view ? (
        <SettingsForm view={view} onSaved={setView} />
      ) : (
        <section className="card settings-card" aria-busy={!loadError}>
          {loadError ? <p role="alert">{translateMessage(t, loadError)}</p> : <p className="muted">{t('loading')}</p>}
        </section>
      )}
      <PayoneerBinding />
      <NotificationPrefsCard />
      <PasswordChange hasPassword={seller.hasPassword} />
      <ApiKeysCard />
      <WebhooksCard />
      <section className="card settings-card" aria-labelledby="info-sessions">
        <h2 id="info-sessions">{t('account.info.sessionsTitle')}</h2>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={async () => {
            const answer = await confirmBox(t('account.info.logoutAllConfirm'), { okText: t('account.info.logoutAll'), option: t('account.info.revokeApiAccess') });
            if (answer.action === 'ok') {
              await logout(true, answer.checked === true).catch(() => undefined);
              toast(t('account.logout.done'), 'success');
            }
          }}
        >
          {t('account.info.logoutAll')}
        </button>
      </section>
    </div>
  );
}

function addressHintKey(method: string): string | undefined {
  if (method === 'alipay') return 'account.info.addressHint.alipay';
  if (method === 'usdt-trc20') return 'account.info.addressHint.usdt';
  return method ? 'account.info.addressHint.email' : undefined;
}

function SettingsForm({ view, onSaved }: { view: SettingsView; onSaved: (v: SettingsView) => void }) {
  const { t } = useT();
  const s = view.settings;
  const form = useForm({
    contactMethod: s?.contactMethod ?? '',
    contactValue: s?.contactValue ?? '',
    paymentMethod: s?.paymentMethod ?? '',
    paymentAddress: s?.paymentAddress ?? '',
    currency: s?.currency ?? DEFAULT_CURRENCY,
    trueName: s?.trueName ?? '',
    currentPassword: '',
    code: '',
  });
  const v = form.values;
  // Where payouts go is confirmed with the password (or an emailed code when there is none).
  const payoutChanged = v.paymentMethod !== (s?.paymentMethod ?? '') || v.paymentAddress !== (s?.paymentAddress ?? '');
  const onSubmit = async () => {
    const { currentPassword, code, ...settings } = v;
    const input = form.check(SettingsInput, settings);
    if (!input) return;
    const confirm = !payoutChanged ? {} : view.hasPassword ? { currentPassword } : { code };
    const answer = await form.submit(() => requestJson<SettingsView & { message: string }>('/api/member/settings', { method: 'PUT', body: { ...input, ...confirm } }));
    if (answer) {
      onSaved(answer);
      form.setValues({ ...v, currentPassword: '', code: '' });
      form.setNotice({ message: msg('SETTINGS_SAVED'), ok: true });
    }
  };
  const sendCode = async () => {
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/member/settings/code', { method: 'POST', body: {} }));
    if (answer) form.setNotice({ message: msg('PAYOUT_CODE_SENT'), ok: true });
  };
  const hint = addressHintKey(v.paymentMethod);
  return (
    <form {...form.formProps(onSubmit)} className="card settings-card settings-form">
      <h2 id="info-contact">{t('account.info.contactTitle')}</h2>
      <Field label={t('account.info.contactMethod')} error={form.errors.contactMethod}>
        {(c) => (
          <select {...c} {...form.bind('contactMethod')}>
            <option value="">{t('account.info.choose')}</option>
            {CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`account.info.contact.${m}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* The value's label names what to type (WhatsApp number, Discord name...), so it appears once a method is chosen. */}
      {v.contactMethod ? (
        <Field label={t(`account.info.contact.${v.contactMethod}`)} error={form.errors.contactValue}>
          {(c) => <input {...c} {...form.bind('contactValue')} maxLength={100} />}
        </Field>
      ) : null}
      <h2>{t('account.info.paymentTitle')}</h2>
      <Field label={t('account.info.paymentMethod')} error={form.errors.paymentMethod}>
        {(c) => (
          <select {...c} {...form.bind('paymentMethod')}>
            <option value="">{t('account.info.choose')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('account.info.paymentAddress')} error={form.errors.paymentAddress} hint={hint ? t(hint) : undefined}>
        {(c) => (
          <input {...c} {...form.bind('paymentAddress')} maxLength={200} autoComplete="off" spellCheck={false} dir="ltr" />
        )}
      </Field>
      {payoutChanged && view.hasPassword ? (
        <Field label={t('account.info.payoutPassword')} error={form.errors.currentPassword} hint={t('account.info.payoutConfirmHint')}>
          {(c) => <input {...c} {...form.bind('currentPassword')} type="password" autoComplete="current-password" maxLength={50} />}
        </Field>
      ) : null}
      {payoutChanged && !view.hasPassword ? (
        <>
          <button type="button" className="btn btn-small btn-ghost" onClick={sendCode} disabled={form.busy}>
            {t('account.info.payoutSendCode')}
          </button>
          <Field label={t('account.info.payoutCode')} error={form.errors.code} hint={t('account.info.payoutConfirmHint')}>
            {(c) => <input {...c} {...form.bind('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" />}
          </Field>
        </>
      ) : null}
      <Field label={t('account.info.currency')} error={form.errors.currency}>
        {(c) => (
          <select {...c} {...form.bind('currency')}>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('account.info.trueName')} error={form.errors.trueName} hint={t('account.info.trueNameHint')}>
        {(c) => <input {...c} {...form.bind('trueName')} maxLength={100} autoComplete="name" />}
      </Field>
      <FormNotice notice={form.notice} />
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.info.save')}
      </button>
    </form>
  );
}

function PasswordChange({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useT();
  const form = useForm({ oldPassword: '', password: '', confirmPassword: '' });
  const onSubmit = async () => {
    const input = form.check(ChangePasswordInput);
    if (!input) return;
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/member/password', { method: 'POST', body: input }));
    if (answer) {
      form.setValues({ oldPassword: '', password: '', confirmPassword: '' });
      form.setNotice({ message: msg('PASSWORD_CHANGED'), ok: true });
    }
  };
  return (
    <section className="card settings-card" aria-labelledby="info-password">
      <h2 id="info-password">{t('account.info.passwordTitle')}</h2>
      {hasPassword ? (
        <form {...form.formProps(onSubmit)}>
          <Field label={t('account.oldPassword')} error={form.errors.oldPassword}>
            {(c) => (
              <input {...c} {...form.bind('oldPassword')} type="password" autoComplete="current-password" />
            )}
          </Field>
          <NewPasswordFields form={form} passwordLabel={t('account.newPassword')} confirmLabel={t('account.confirmNewPassword')} hint={t('account.passwordHint')} />
          <FormNotice notice={form.notice} />
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.info.passwordSubmit')}
          </button>
        </form>
      ) : (
        <p>{t('account.info.noPassword')}</p>
      )}
    </section>
  );
}
