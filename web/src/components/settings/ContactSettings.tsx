import { CONTACT_METHODS, ContactSettingsInput } from '../../../../domain/account-schemas';
import { useT } from '../../i18n';
import { Field, FormNotice } from '../Field';
import { requestJson } from '../../lib/http';
import { useForm } from '../../lib/form';
import { msg } from '../../lib/messages';
import type { SettingsView } from './settings-view';

/** Settings: how support reaches the seller, saved on its own (no password, no proven address needed). */
export function ContactSettings({ view, onSaved }: { view: SettingsView; onSaved: (v: SettingsView) => void }) {
  const { t } = useT();
  const s = view.settings;
  const form = useForm({ contactMethod: s?.contactMethod ?? '', contactValue: s?.contactValue ?? '' });
  const v = form.values;
  const onSubmit = async () => {
    const input = form.check(ContactSettingsInput);
    if (!input) return;
    const answer = await form.submit(() => requestJson<SettingsView & { message: string }>('/api/member/settings/contact', { method: 'PUT', body: input }));
    if (answer) {
      onSaved(answer);
      form.setNotice({ message: msg('SETTINGS_SAVED'), ok: true });
    }
  };
  return (
    <form {...form.formProps(onSubmit)} className="card settings-card settings-form" aria-labelledby="info-contact" data-testid="contact-settings">
      <h2 id="info-contact">{t('account.info.contactTitle')}</h2>
      <p className="muted">{t('account.info.contactHint')}</p>
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
      <FormNotice notice={form.notice} />
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t('account.info.saveContact')}
      </button>
    </form>
  );
}
