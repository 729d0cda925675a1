import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ChangePasswordInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { Field, FormNotice } from '../components/Field';
import { EmailProof } from '../components/EmailProof';
import { MemberGate } from '../components/MemberGate';
import { LangLink } from '../components/LangLink';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { WebhooksCard } from '../components/webhooks/WebhooksCard';
import { NotificationPrefsCard } from '../components/NotificationPrefsCard';
import { PayoneerBinding } from '../components/withdraw/PayoneerBinding';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { failureOf, msg, translateMessage, type Msg } from '../lib/messages';
import { logout, openUsernameDialog, session, sessionEnded } from '../state/session';
import { confirmBox, toast } from '../state/feedback';
import { ContactSettings } from '../components/settings/ContactSettings';
import { PayoutSettings } from '../components/settings/PayoutSettings';
import { DisplaySettings } from '../components/settings/DisplaySettings';
import type { SettingsView } from '../components/settings/settings-view';
import { fieldOfHash, focusField } from '../lib/focus-field';

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

  // An address naming a field (a setup link opened in a new tab or from a mail) lands on it once the page shows it.
  useEffect(() => {
    const field = fieldOfHash();
    if (view && field) focusField(field);
  }, [view !== null]); // eslint-disable-line react-hooks/exhaustive-deps

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
        <>
          <ContactSettings view={view} onSaved={setView} />
          <PayoutSettings view={view} onSaved={setView} />
          <DisplaySettings view={view} onSaved={setView} />
        </>
      ) : (
        <section className="card settings-card" aria-busy={!loadError}>
          {loadError ? <p role="alert">{translateMessage(t, loadError)}</p> : <p className="muted">{t('loading')}</p>}
        </section>
      )}
      <PayoneerBinding />
      <section className="card settings-card" aria-labelledby="info-game-accounts">
        <h2 id="info-game-accounts">{t('account.info.gameAccountsTitle')}</h2>
        <p className="muted">{t('account.info.gameAccountsText')}</p>
        <LangLink to="/member/account-list" className="btn" data-testid="settings-game-accounts">{t('account.info.gameAccountsLink')}</LangLink>
      </section>
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
