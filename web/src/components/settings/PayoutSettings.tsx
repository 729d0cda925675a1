import { useState } from 'react';
import { CURRENCIES, DEFAULT_CURRENCY, PAYMENT_METHODS, PayoutSettingsInput } from '../../../../domain/account-schemas';
import { useT } from '../../i18n';
import { Field, FormNotice } from '../Field';
import { requestJson } from '../../lib/http';
import { useForm } from '../../lib/form';
import { msg } from '../../lib/messages';
import { METHOD_LABELS } from '../../lib/withdrawals';
import type { SettingsView } from './settings-view';
import { session } from '../../state/session';
import { PAYOUT_FIELD } from '../PayoutSetup';

function addressHintKey(method: string): string | undefined {
  if (method === 'alipay') return 'account.info.addressHint.alipay';
  if (method === 'usdt-trc20') return 'account.info.addressHint.usdt';
  return method ? 'account.info.addressHint.email' : undefined;
}

/**
 * Settings: where payouts go (method, address, currency, true name). A new method or address is
 * confirmed with the password, or an emailed code for a seller without one; saving retries the
 * payment of every run waiting in Payment Error.
 */
export function PayoutSettings({ view, onSaved }: { view: SettingsView; onSaved: (v: SettingsView) => void }) {
  const { t } = useT();
  const s = view.settings;
  const form = useForm({
    paymentMethod: s?.paymentMethod ?? '',
    paymentAddress: s?.paymentAddress ?? '',
    currency: s?.currency ?? DEFAULT_CURRENCY,
    trueName: s?.trueName ?? '',
    currentPassword: '',
    code: '',
  });
  const [retried, setRetried] = useState(0);
  const v = form.values;
  // Where payouts go is confirmed with the password (or an emailed code when there is none).
  const payoutChanged = v.paymentMethod !== (s?.paymentMethod ?? '') || v.paymentAddress !== (s?.paymentAddress ?? '');
  const onSubmit = async () => {
    const { currentPassword, code, ...payout } = v;
    const input = form.check(PayoutSettingsInput, payout);
    if (!input) return;
    setRetried(0);
    const confirm = !payoutChanged ? {} : view.hasPassword ? { currentPassword } : { code };
    const answer = await form.submit(() => requestJson<SettingsView & { message: string; paymentRetried: number }>('/api/member/settings/payout', { method: 'PUT', body: { ...input, ...confirm } }));
    if (answer) {
      onSaved(answer);
      // The setup banner and the sell forms' notices follow at once.
      if (session.seller) session.seller.payoutDetailsSet = answer.payoutDetailsSet;
      form.setValues({ ...v, currentPassword: '', code: '' });
      form.setNotice({ message: msg('SETTINGS_SAVED'), ok: true });
      setRetried(answer.paymentRetried);
    }
  };
  const sendCode = async () => {
    const answer = await form.submit(() => requestJson<{ message: string }>('/api/member/settings/code', { method: 'POST', body: {} }));
    if (answer) form.setNotice({ message: msg('PAYOUT_CODE_SENT'), ok: true });
  };
  const hint = addressHintKey(v.paymentMethod);
  return (
    <form {...form.formProps(onSubmit)} id={PAYOUT_FIELD} className="card settings-card settings-form" aria-labelledby="info-payment" data-testid="payout-settings">
      <h2 id="info-payment">{t('account.info.paymentTitle')}</h2>
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
      {retried > 0 ? <p role="status" data-testid="payment-retried">{t('account.info.paymentRetried', { count: retried })}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.info.savePayout')}
      </button>
    </form>
  );
}
