import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n';
import { FormNotice } from './Field';
import { failureOf, type Msg } from '../lib/messages';
import type { Notice } from '../lib/form';
import { loadPreferences, savePreferences, type KindPreference } from '../lib/notifications';
import { PushDeviceToggle } from './PushDeviceToggle';
import { PushBrowsers } from './PushBrowsers';

type Channel = 'email' | 'inApp' | 'push';
const CHANNELS: readonly Channel[] = ['email', 'inApp', 'push'];

/**
 * Settings: which notifications arrive by email, in the app and as push notifications, per kind, and
 * push in this browser on or off (PushDeviceToggle), every browser that gets them (PushBrowsers). Money and security
 * kinds are mandatory: shown checked and disabled, with the reason beside them.
 */
export function NotificationPrefsCard() {
  const { t, lang } = useT();
  const id = useId();
  const [kinds, setKinds] = useState<KindPreference[] | null>(null);
  const [loadError, setLoadError] = useState<Msg | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  // Turning this browser on or off reloads the list; removing this browser from the list reloads the toggle.
  const [browsersRead, setBrowsersRead] = useState(0);
  const [toggleRead, setToggleRead] = useState(0);

  useEffect(() => {
    let current = true;
    loadPreferences()
      .then((p) => current && setKinds(p.kinds))
      .catch((err) => current && setLoadError(failureOf(err).message));
    return () => {
      current = false;
    };
  }, []);

  const toggle = (kind: string, channel: Channel, on: boolean) => {
    setNotice(null);
    setKinds((ks) => ks && ks.map((k) => (k.kind === kind && !k.mandatory ? { ...k, [channel]: on } : k)));
  };

  const save = async () => {
    if (!kinds) return;
    setBusy(true);
    setNotice(null);
    try {
      const answer = await savePreferences(kinds, lang);
      setKinds(answer.kinds);
      setNotice({ message: { text: t('notifications.prefs.saved') }, ok: true });
    } catch (err) {
      setNotice({ message: failureOf(err).message, ok: false });
    } finally {
      setBusy(false);
    }
  };

  const reasonId = `${id}-mandatory`;
  return (
    <section className="card settings-card notification-prefs" aria-labelledby={`${id}-title`} data-testid="notification-prefs">
      <h2 id={`${id}-title`}>{t('notifications.prefs.title')}</h2>
      <p className="muted">{t('notifications.prefs.intro')}</p>
      <PushDeviceToggle key={toggleRead} onChange={() => setBrowsersRead((n) => n + 1)} />
      <PushBrowsers refresh={browsersRead} onThisRemoved={() => setToggleRead((n) => n + 1)} />
      {!kinds ? (
        <p className={loadError ? 'form-notice is-error' : 'muted'} role={loadError ? 'alert' : undefined}>
          {loadError ? t('notifications.failed') : t('loading')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <table className="prefs-table">
            <thead>
              <tr>
                <th scope="col">{t('notifications.prefs.kind')}</th>
                {CHANNELS.map((c) => (
                  <th scope="col" key={c} id={`${id}-${c}`}>
                    {t(`notifications.prefs.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={k.kind} data-kind={k.kind} data-mandatory={k.mandatory ? 'true' : 'false'}>
                  <th scope="row" id={`${id}-${k.kind}`}>
                    {t(`notifications.${k.kind}.label`) || k.kind}
                    {k.mandatory ? ' ' : null}
                    {k.mandatory ? <span className="prefs-always">{t('notifications.prefs.always')}</span> : null}
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c}>
                      <input
                        type="checkbox"
                        name={`${k.kind}.${c}`}
                        data-testid={`pref-${k.kind}-${c}`}
                        aria-labelledby={`${id}-${k.kind} ${id}-${c}`}
                        aria-describedby={k.mandatory ? reasonId : undefined}
                        checked={k.mandatory || k[c]}
                        disabled={k.mandatory}
                        onChange={(e) => toggle(k.kind, c, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {kinds.some((k) => k.mandatory) ? (
            <p id={reasonId} className="field-hint">
              {t('notifications.prefs.mandatory')}
            </p>
          ) : null}
          <FormNotice notice={notice} />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="save-prefs">
            {busy ? t('account.submitting') : t('notifications.prefs.save')}
          </button>
        </form>
      )}
    </section>
  );
}
