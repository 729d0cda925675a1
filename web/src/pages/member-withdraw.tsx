import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { WALLET_UPDATED, type BalanceAnswer } from '../../../domain/player-trade';
import { amountProblem, feesFor, needsQuote, payoutCurrency, type Fees, type Quote, type WithdrawalStatus } from '../../../domain/withdrawal';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { Field, FormNotice } from '../components/Field';
import { LangLink } from '../components/LangLink';
import { MemberGate } from '../components/MemberGate';
import { useSecondsLeft } from '../lib/countdown';
import { api, euro, useLiveEvents } from '../lib/api';
import { failureOf, msg, waitSecondsOf, type Msg } from '../lib/messages';
import type { Notice } from '../lib/form';
import {
  centsOf, loadPayoutSettings, loadWithdrawalConfig, METHOD_LABELS, rateText, useOnShown, type PayoutSettings, type WithdrawalConfig,
} from '../lib/withdrawals';
import type { PageProps } from '../page-props';
import { session } from '../state/session';
import { WithdrawalReceipt } from '../components/withdraw/WithdrawalReceipt';
import { ZoneNote } from '../components/ZoneNote';
import { Approx } from '../components/Approx';

/** Member: withdraw the available balance to the payment details in settings, confirmed by an emailed code. */
export default function WithdrawPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body withdraw-page">
      <h1>{t('titles.withdraw')}</h1>
      <p className="lead">{t('withdraw.form.intro')}</p>
      <MemberGate next="/member/withdraw">
        <ZoneNote />
        <WithdrawForm />
      </MemberGate>
    </div>
  );
}

type FieldName = 'paymentAddress' | 'trueName' | 'amount' | 'email' | 'code';
// The API names the amount `amountCents`; the page's field is `amount`.
const FIELD_OF: Readonly<Record<string, FieldName>> = { paymentAddress: 'paymentAddress', trueName: 'trueName', amountCents: 'amount', email: 'email', code: 'code' };

/** The answer to "send the code": the request's details, fixed from here on. */
interface SentRequest {
  withdrawalId: string;
  resendAfterSeconds: number;
  expiresAt: number;
  fees: Fees;
  quote: Quote | null;
  method: PayoutSettings['paymentMethod'];
  address: string;
  trueName: string;
  currency: string;
}

function WithdrawForm() {
  const { t, lang } = useT();
  const format = useFormat();
  const [config, setConfig] = useState<WithdrawalConfig | null>(null);
  const [settings, setSettings] = useState<PayoutSettings | null | undefined>(undefined);
  const [available, setAvailable] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, Msg>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sent, setSent] = useState<SentRequest | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [preview, setPreview] = useState<Quote | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<WithdrawalStatus | null>(null);
  // The code goes to the account's own address: the seller should not have to type it.
  const accountEmail = useSnapshot(session).seller?.email ?? '';
  useEffect(() => { if (accountEmail) setEmail((e) => e || accountEmail); }, [accountEmail]);
  const waitLeft = useSecondsLeft(resendAt);
  const formRef = useRef<HTMLFormElement | null>(null);

  const loadWallet = useCallback(async () => {
    try {
      setAvailable((await api<BalanceAnswer>('/api/wallet')).wallet.available);
    } catch {
      // The gate already handles signed-out visitors.
    }
  }, []);
  useEffect(() => {
    void loadWallet();
    loadWithdrawalConfig().then(setConfig, () => undefined);
    loadPayoutSettings().then(setSettings, () => setSettings(null));
  }, [loadWallet]);
  useLiveEvents([WALLET_UPDATED], () => void loadWallet());
  useOnShown('/member/withdraw', () => {
    void loadWallet();
    loadPayoutSettings().then(setSettings, () => undefined);
  });

  const method = settings?.paymentMethod ?? null;
  const currency = method ? payoutCurrency(method, settings?.currency || 'EUR') : 'EUR';
  const quoted = method ? needsQuote(method, settings?.currency || 'EUR') : false;
  const cents = centsOf(amount);
  const amountOk = cents !== null && available !== null && amountProblem(cents, available) === null;
  const fees = sent?.fees ?? (config && method && amountOk ? feesFor(config.fees, method, cents!) : null);
  const quote = sent ? sent.quote : preview;

  // The provider's rate for another currency or USDT, quoted as the amount settles (locked only when the code is sent).
  useEffect(() => {
    setPreview(null);
    if (sent || !quoted || !amountOk) return;
    let live = true;
    const timer = setTimeout(() => {
      api<{ quote: Quote | null }>('/api/withdrawals/quote', { method: 'POST', body: { amountCents: cents } })
        .then((r) => live && setPreview(r.quote), () => undefined);
    }, 400);
    return () => { live = false; clearTimeout(timer); };
  }, [sent, quoted, amountOk, cents]);

  const show = (next: Partial<Record<FieldName, Msg>>) => {
    setErrors(next);
    const first = (['paymentAddress', 'trueName', 'amount', 'email', 'code'] as const).find((f) => next[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  // A field's message goes away as soon as the seller edits that field.
  const clear = (f: FieldName) => setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));
  const fail = (err: unknown) => {
    const f = failureOf(err);
    const mapped: Partial<Record<FieldName, Msg>> = {};
    for (const [field, m] of Object.entries(f.fields)) if (FIELD_OF[field]) mapped[FIELD_OF[field]] ??= m;
    const seconds = waitSecondsOf(f.message);
    if (seconds) setResendAt(Date.now() + seconds * 1000);
    show(mapped);
    setNotice(Object.keys(mapped).length ? null : { message: f.message, ok: false });
  };

  const sendCode = async () => {
    const next: Partial<Record<FieldName, Msg>> = {};
    if (!settings?.paymentMethod || !settings.paymentAddress.trim()) next.paymentAddress = msg('PAYMENT_ADDRESS_REQUIRED');
    if (!settings?.trueName?.trim()) next.trueName = msg('TRUE_NAME_REQUIRED');
    const amountWrong = amountProblem(cents ?? NaN, available ?? 0);
    if (amountWrong) next.amount = msg(amountWrong);
    if (!email.trim()) next.email = msg('EMAIL_REQUIRED');
    setNotice(null);
    if (Object.keys(next).length) return show(next);
    setBusy(true);
    try {
      const answer = await api<SentRequest>('/api/withdrawals/code', { method: 'POST', body: { amountCents: cents, email: email.trim() } });
      setSent(answer);
      setCode('');
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      show({});
      setNotice({ message: msg('CODE_SENT'), ok: true });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setNotice(null);
    if (!code.trim()) return show({ code: msg('CODE_REQUIRED') });
    if (!sent) return show({ code: { code: 'code_first', text: '' } });
    setBusy(true);
    try {
      const answer = await api<{ withdrawal: WithdrawalStatus }>('/api/withdrawals', { method: 'POST', body: { withdrawalId: sent.withdrawalId, code: code.trim() } });
      // The form starts over empty; the receipt shows what was requested until the seller asks for another.
      setSent(null);
      setAmount('');
      setCode('');
      setEmail(accountEmail);
      setResendAt(null);
      show({});
      setNotice(null);
      setReceipt(answer.withdrawal);
      void loadWallet();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  if (settings === undefined || available === null) return <p className="muted" aria-busy="true">{t('loading')}</p>;
  if (receipt) return <WithdrawalReceipt withdrawal={receipt} onAnother={() => setReceipt(null)} />;
  // Below the minimum, the one useful figure is how much more is needed; otherwise the range the amount can take.
  const amountHint = !config ? undefined
    : available < config.minimumCents ? t('withdraw.form.moreNeeded', { amount: euro(config.minimumCents - available, lang), min: euro(config.minimumCents, lang) })
    : t('withdraw.form.amountHint', { min: euro(config.minimumCents, lang), available: euro(available, lang) });
  return (
    <form ref={formRef} className="withdraw-layout" noValidate onSubmit={(e) => { e.preventDefault(); void confirm(); }} data-testid="withdraw-form">
      <section className="card withdraw-card" aria-labelledby="withdraw-to">
        <h2 id="withdraw-to">{t('withdraw.form.method')}</h2>
        <p data-testid="withdraw-available">{t('withdraw.form.available')}: <strong>{euro(available, lang)}</strong><Approx cents={available} currency={settings?.currency} /></p>
        <p data-testid="withdraw-method">
          {method ? METHOD_LABELS[method] : t('withdraw.balance.noMethod')}{' '}
          <LangLink to="/member/my-info" data-testid="change-settings">{t('withdraw.balance.change')}</LangLink>
        </p>
        <Field label={t('withdraw.form.address')} error={errors.paymentAddress}>
          {(c) => <input {...c} name="paymentAddress" value={sent?.address ?? settings?.paymentAddress ?? ''} readOnly dir="ltr" />}
        </Field>
        <Field label={t('withdraw.form.trueName')} error={errors.trueName}>
          {(c) => <input {...c} name="trueName" value={sent?.trueName ?? settings?.trueName ?? ''} readOnly />}
        </Field>
        <p data-testid="withdraw-currency">{t('withdraw.form.currency')}: <strong dir="ltr">{sent?.currency ?? currency}</strong></p>
        <p className="muted">{t('withdraw.balance.payoutTime')}: {t('withdraw.balance.payoutTimeValue')}; {t('withdraw.balance.processingTime')}: {t('withdraw.balance.processingTimeValue')}</p>
      </section>
      <section className="card withdraw-card" aria-labelledby="withdraw-amount">
        <h2 id="withdraw-amount">{t('withdraw.col.amount')}</h2>
        <Field label={t('withdraw.form.amount')} error={errors.amount} hint={amountHint}>
          {(c) => <input {...c} name="amount" inputMode="decimal" autoComplete="off" dir="ltr" value={sent ? (sent.fees.amountCents / 100).toFixed(2) : amount} readOnly={!!sent} onChange={(e) => { setAmount(e.target.value); clear('amount'); }} />}
        </Field>
        {fees ? (
          <dl className="withdraw-fees" data-testid="withdraw-fees">
            <div><dt>{t('withdraw.form.fee')}</dt><dd data-testid="fee">{euro(fees.feeCents, lang)}</dd></div>
            <div><dt>{t('withdraw.form.handlingFee')}</dt><dd data-testid="handling-fee">{euro(fees.handlingFeeCents, lang)}</dd></div>
            <div><dt>{t('withdraw.form.totalPayout')}</dt><dd data-testid="total-payout"><strong>{euro(fees.totalPayoutCents, lang)}</strong></dd></div>
            {quote ? (
              <div data-testid="quote">
                <dt>{t('withdraw.form.currency')}</dt>
                <dd>
                  <span dir="ltr">{rateText(quote)}</span>{' · '}
                  {t('withdraw.form.youReceive', { amount: `${(quote.payoutMinor / 100).toFixed(2)} ${quote.currency}` })}
                  <span className="field-hint" data-testid="quote-lock">{sent ? t('withdraw.form.rateLocked', { time: format.date(quote.expiresAt) }) : t('withdraw.form.ratePreview')}</span>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {sent ? (
          <p className="field-hint" data-testid="details-fixed">
            {t('withdraw.form.fixed')}{' '}
            <button type="button" className="btn btn-small btn-ghost" onClick={() => { setSent(null); setNotice(null); }}>{t('withdraw.form.startOver')}</button>
          </p>
        ) : null}
      </section>
      <section className="card withdraw-card" aria-labelledby="withdraw-confirm">
        <h2 id="withdraw-confirm">{t('withdraw.form.confirmTitle')}</h2>
        <Field label={t('withdraw.form.email')} error={errors.email}>
          {(c) => <input {...c} name="email" type="email" autoComplete="email" dir="ltr" value={email} onChange={(e) => { setEmail(e.target.value); clear('email'); }} />}
        </Field>
        <button type="button" className="btn btn-ghost" data-testid="send-code" disabled={busy || waitLeft > 0} onClick={() => void sendCode()}>{t('withdraw.form.sendCode')}</button>
        <p className="field-hint" aria-live="polite" data-testid="resend-wait">{waitLeft > 0 ? t('withdraw.form.resendIn', { seconds: waitLeft }) : ''}</p>
        <Field label={t('withdraw.form.code')} error={errors.code}>
          {(c) => <input {...c} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" value={code} onChange={(e) => { setCode(e.target.value); clear('code'); }} />}
        </Field>
        <FormNotice notice={notice} />
        <button type="submit" className="btn btn-primary" data-testid="confirm-withdrawal" disabled={busy}>{t('withdraw.form.confirm')}</button>
      </section>
    </form>
  );
}
