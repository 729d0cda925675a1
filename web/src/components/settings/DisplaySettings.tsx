import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../../i18n';
import { browserZone } from '../../i18n/format';
import { Field, FormNotice } from '../Field';
import { requestJson } from '../../lib/http';
import { useForm } from '../../lib/form';
import { msg } from '../../lib/messages';
import { settings } from '../../state/settings';
import { session } from '../../state/session';
import type { SettingsView } from './settings-view';
import { TIME_ZONE_FIELD } from '../ZoneNote';


/**
 * Settings: the zone times are shown in and the currency amounts are also shown in. The empty
 * choice is the default (this browser's zone; the payout currency). Saved on the account, so every
 * device and the mails follow; the server checks both against what it knows.
 */
export function DisplaySettings({ view, onSaved }: { view: SettingsView; onSaved: (v: SettingsView) => void }) {
  const { t } = useT();
  const { config } = useSnapshot(settings);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const form = useForm({ timeZone: view.timeZone ?? '', displayCurrency: view.displayCurrency ?? '' });
  const onSubmit = async () => {
    const body = { timeZone: form.values.timeZone || null, displayCurrency: form.values.displayCurrency || null };
    const answer = await form.submit(() => requestJson<SettingsView & { message: string }>('/api/member/settings/display', { method: 'PUT', body }));
    if (answer) {
      onSaved(answer);
      // Every page's times and amounts follow at once.
      if (session.seller) Object.assign(session.seller, { timeZone: answer.timeZone, displayCurrency: answer.displayCurrency });
      form.setNotice({ message: msg('SETTINGS_SAVED'), ok: true });
    }
  };
  return (
    <form {...form.formProps(onSubmit)} id={TIME_ZONE_FIELD} className="card settings-card settings-form" aria-labelledby="info-display" data-testid="display-settings">
      <h2 id="info-display">{t('account.display.title')}</h2>
      <Field label={t('account.display.timeZone')} error={form.errors.timeZone} hint={t('account.display.timeZoneHint')}>
        {(c) => (
          <select {...c} {...form.bind('timeZone')} dir="ltr">
            <option value="">{t('account.display.browserZone', { zone: browserZone() })}</option>
            {zones.map((z) => <option key={z} value={z}>{z}</option>)}
          </select>
        )}
      </Field>
      <Field label={t('account.display.currency')} error={form.errors.displayCurrency} hint={t('account.display.currencyHint')}>
        {(c) => (
          <select {...c} {...form.bind('displayCurrency')}>
            <option value="">{t('account.display.payoutCurrency')}</option>
            {(config?.currencyList ?? []).map((code) => <option key={code} value={code}>{code}</option>)}
          </select>
        )}
      </Field>
      <FormNotice notice={form.notice} />
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.display.save')}
      </button>
    </form>
  );
}
