import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { EmailProofInput } from '../../../domain/account-schemas';
import { useT } from '../i18n';
import { useSecondsLeft } from '../lib/countdown';
import { requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { failureOf, msg, NETWORK, waitSecondsOf } from '../lib/messages';
import { session } from '../state/session';
import { Field, FormNotice } from './Field';
import { PROOF_FIELD } from './PayoutSetup';

/**
 * "Verify your email address": until the seller types back a code mailed to their address, payout
 * settings cannot be saved and Google cannot be linked. Shown on the settings page while unproven.
 */
export function EmailProof({ email }: { email: string }) {
  const { t } = useT();
  const form = useForm({ code: '' });
  // A code mailed at sign-up in this visit counts: "Send code" waits for the same resend time the server keeps.
  const { proofResendAt } = useSnapshot(session);
  const [resendAt, setResendAt] = useState<number | null>(proofResendAt);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const wait = useSecondsLeft(resendAt);

  const sendCode = async () => {
    setSending(true);
    form.setNotice(null);
    try {
      const answer = await requestJson<{ message: string; resendAfterSeconds?: number }>('/api/member/email/code', { method: 'POST', body: {} });
      if (answer.resendAfterSeconds) setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      form.setNotice({ message: msg('CODE_SENT'), ok: true });
    } catch (err) {
      const failure = failureOf(err);
      const seconds = waitSecondsOf(failure.message);
      if (seconds) setResendAt(Date.now() + seconds * 1000);
      form.setNotice({ message: failure.status === 0 ? NETWORK : failure.message, ok: false });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async () => {
    const input = form.check(EmailProofInput);
    if (!input) return;
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/member/email/verify', { method: 'POST', body: input }));
    if (answer) {
      form.setNotice({ message: msg('EMAIL_VERIFIED'), ok: true });
      setDone(true);
      if (session.seller) session.seller.emailVerified = true;
    }
  };

  return (
    <section id={PROOF_FIELD} className="card settings-card email-proof" aria-labelledby="info-verify" data-testid="email-proof">
      <h2 id="info-verify">{t('account.verify.title')}</h2>
      {done ? (
        <FormNotice notice={form.notice} />
      ) : (
        <form {...form.formProps(onSubmit)}>
          <p>{t('account.verify.notice')}</p>
          {proofResendAt ? <p>{t('account.setup.mailedAtSignUp')}</p> : null}
          <p dir="ltr" className="email-proof-address">
            {email}
          </p>
          <Field label={t('account.signin.code')} error={form.errors.code}>
            {(c) => (
              <div className="code-row">
                <input {...c} {...form.bind('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={32} />
                <button type="button" className="btn btn-ghost" disabled={sending || wait > 0} onClick={() => void sendCode()} data-testid="send-proof-code">
                  {wait > 0 ? t('account.signin.resendIn', { seconds: wait }) : t('account.verify.send')}
                </button>
              </div>
            )}
          </Field>
          <FormNotice notice={form.notice} />
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.verify.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
