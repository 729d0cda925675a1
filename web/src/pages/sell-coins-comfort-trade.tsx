import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { MemberGate } from '../components/MemberGate';
import { Field, FormNotice } from '../components/Field';
import { LangLink } from '../components/LangLink';
import { CredentialFields } from '../components/comfort/CredentialFields';
import { BatchUpload } from '../components/comfort/BatchUpload';
import { PayoutSetupNotice } from '../components/PayoutSetup';
import { useForm } from '../lib/form';
import { euro } from '../lib/api';
import { COMFORT_MIN_COINS, DEFAULT_TRANSFER_TIME, PLATFORMS, TRANSFER_TIMES, transferTimeHours, validateSubmission } from '../../../domain/comfort-trade';
import {
  CREDENTIAL_ALIASES, EMPTY_CREDENTIALS, credentialsOf, errorsByField, estimateOf, loadComfortConfig, newRequestId, submitRun,
  type ComfortConfig, type CredentialValues,
} from '../lib/comfort';
import { msg } from '../lib/messages';
import type { PageProps } from '../page-props';

type Mode = 'single' | 'batch';

type SellValues = CredentialValues & {
  platform: string;
  coinAmount: string;
  transferTime: string;
};

/** Comfort trade: one account by form, or many by batch file; visitors are asked to log in. */
export default function ComfortTradePage(_: PageProps) {
  const { t } = useT();
  const [mode, setMode] = useState<Mode>('single');
  return (
    <div className="container page-body comfort-page">
      <h1>{t('titles.comfortTrade')}</h1>
      <p className="lead">{t('comfort.intro')}</p>
      <section className="card comfort-before" aria-labelledby="comfort-before-title" data-testid="comfort-before">
        <h2 id="comfort-before-title">{t('comfort.before.title')}</h2>
        <ul>
          <li>{t('comfort.before.minimum')}</li>
          <li>{t('comfort.before.market')}</li>
          <li>{t('comfort.before.noLogin')}</li>
        </ul>
      </section>
      <MemberGate next="/sell-coins-comfort-trade">
        <div className="comfort-modes" role="radiogroup" aria-label={t('comfort.modeLabel')}>
          {(['single', 'batch'] as const).map((m) => (
            <label key={m} className={`comfort-mode${mode === m ? ' is-active' : ''}`}>
              <input type="radio" name="comfort-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-testid={`mode-${m}`} />
              {t(m === 'single' ? 'comfort.modeSingle' : 'comfort.modeBatch')}
            </label>
          ))}
        </div>
        {mode === 'single' ? <SellForm /> : <BatchUpload />}
      </MemberGate>
    </div>
  );
}

function SellForm() {
  const { t, lang } = useT();
  const format = useFormat();
  const [config, setConfig] = useState<ComfortConfig | null>(null);
  const [sold, setSold] = useState(false);
  // One key per account being sold: a double click or a retried request creates one run.
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useForm<SellValues>({ platform: PLATFORMS[0], coinAmount: String(COMFORT_MIN_COINS), transferTime: DEFAULT_TRANSFER_TIME, ...EMPTY_CREDENTIALS });
  useEffect(() => { void loadComfortConfig().then(setConfig).catch(() => undefined); }, []);

  const estimate = config ? estimateOf(config, form.values.platform, form.values.coinAmount) : null;

  const sell = async () => {
    setSold(false);
    const v = form.values;
    const input = { platform: v.platform, coinAmount: v.coinAmount, transferTime: v.transferTime, email: v.email, password: v.password, ...credentialsOf(v) };
    // The domain's rule, the same the API applies: every bad field at once, in the specification's words.
    const checked = validateSubmission(input);
    if (!checked.ok) {
      form.setErrors(errorsByField(checked.errors));
      form.setNotice(null);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="comfort-form"] [aria-invalid="true"]')?.focus());
      return;
    }
    // A refusal shows by its code: on the fields it names (account busy on the email), else on the form.
    const done = await form.submit(() => submitRun({ ...input, requestId }), CREDENTIAL_ALIASES);
    if (!done) return;
    setSold(true);
    setRequestId(newRequestId());
    form.setValues({ ...EMPTY_CREDENTIALS, loginMethod: v.loginMethod });
    form.setNotice({ message: msg('RUN_SUBMITTED'), ok: true });
  };

  return (
    <form className="card comfort-form" {...form.formProps(sell)} aria-label={t('comfort.modeSingle')} data-testid="comfort-form">
      <div className="comfort-grid">
        <Field label={t('comfort.platform')} error={form.errors.platform}>
          {(c) => (
            <select {...c} {...form.bind('platform')}>
              {PLATFORMS.map((p) => <option key={p} value={p}>{t(`player.platforms.${p}`)}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('comfort.coins')} hint={t('comfort.coinsHint')} error={form.errors.coinAmount}>
          {(c) => <input {...c} {...form.bind('coinAmount')} inputMode="numeric" autoComplete="off" dir="ltr" />}
        </Field>
        <Field label={t('comfort.transferTime')} error={form.errors.transferTime} hint={<span data-testid="transfer-time-help">{t('comfort.transferTimeHelp')}</span>}>
          {(c) => (
            <select {...c} {...form.bind('transferTime')}>
              {TRANSFER_TIMES.map((x) => <option key={x} value={x}>{t('comfort.transferTimeHours', { hours: format.number(transferTimeHours(x)) })}</option>)}
            </select>
          )}
        </Field>
      </div>
      <dl className="comfort-estimate" aria-live="polite">
        <div><dt>{t('comfort.unitPrice')}</dt><dd data-testid="unit-price">{estimate ? t('comfort.unitPriceValue', { price: euro(estimate.unitPriceCents, lang) }) : '—'}</dd></div>
        <div><dt>{t('comfort.estimatedIncome')}</dt><dd data-testid="estimated-income">{estimate ? euro(estimate.incomeCents, lang) : '—'}</dd></div>
      </dl>
      <CredentialFields form={form} />
      {/* Said before selling: a run that finishes without payout details stops in Payment Error. */}
      <PayoutSetupNotice />
      <FormNotice notice={form.notice} />
      {sold ? <p><LangLink to="/member/sold-record" data-testid="to-record">{t('comfort.viewRecord')}</LangLink></p> : null}
      <button className="btn btn-accent btn-large" type="submit" disabled={form.busy} data-testid="sell-now">{t('comfort.submit')}</button>
    </form>
  );
}
