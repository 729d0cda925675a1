import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n';
import { failureOf, translateMessage } from '../lib/messages';
import { withFreshAuth } from '../lib/confirm-identity';
import { currentSubscription, disablePush, enablePush, loadPushStatus, pushSupported, PushRefused, unsubscribeThisBrowser } from '../lib/push';

type State = 'loading' | 'unsupported' | 'unavailable' | 'denied' | 'on' | 'off';

/**
 * Settings: push notifications in this browser. Turning it on asks the browser's permission,
 * registers the service worker and saves the subscription, after the seller confirms it is them (a
 * browser gets every security notice); off removes it. Which kinds are pushed is the "Push" column
 * of the preferences table beside it; `onChange` tells the list of browsers below.
 */
export function PushDeviceToggle({ onChange }: { onChange?: () => void }) {
  const { t } = useT();
  const id = useId();
  const [state, setState] = useState<State>('loading');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What the seller just asked for, shown while the browser and the server answer.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    (async () => {
      if (!pushSupported()) return 'unsupported' as const;
      const status = await loadPushStatus();
      if (!current) return null;
      setPublicKey(status.publicKey);
      if (!status.publicKey) return 'unavailable' as const;
      if (Notification.permission === 'denied') return 'denied' as const;
      return (await currentSubscription()) && status.subscriptions > 0 ? ('on' as const) : ('off' as const);
    })()
      .then((s) => current && s && setState(s))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setWanted(on);
    setMessage(null);
    try {
      if (on && !(await withFreshAuth(() => enablePush(publicKey)))) {
        // The seller did not confirm: this browser is not left subscribed for nothing.
        await unsubscribeThisBrowser();
        return;
      }
      if (!on) await disablePush();
      setState(on ? 'on' : 'off');
      setMessage({ text: t(on ? 'notifications.push.turnedOn' : 'notifications.push.turnedOff'), ok: true });
      onChange?.();
    } catch (err) {
      if (err instanceof PushRefused) {
        setState(err.reason);
      } else {
        // The server's refusal in its words; the browser's push service failing (no HTTP answer) in ours.
        const failure = failureOf(err);
        setMessage({ text: failure.status ? translateMessage(t, failure.message) : t('notifications.push.failed'), ok: false });
      }
    } finally {
      setBusy(false);
      setWanted(null);
    }
  };

  const hintId = `${id}-hint`;
  const reason = state === 'unsupported' || state === 'unavailable' || state === 'denied' ? t(`notifications.push.${state}`) : null;
  return (
    <div className="push-device" data-testid="push-device" data-state={state}>
      <label className="push-device-label">
        <input
          type="checkbox"
          data-testid="push-device-toggle"
          checked={wanted ?? state === 'on'}
          disabled={busy || state !== 'on' && state !== 'off'}
          aria-describedby={hintId}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>{t('notifications.push.device')}</span>
      </label>
      <p id={hintId} className="field-hint">
        {reason ?? t('notifications.push.hint')}
      </p>
      <p className={`form-notice${message ? (message.ok ? ' is-ok' : ' is-error') : ''}`} role={message?.ok === false ? 'alert' : 'status'} data-testid="push-notice">
        {message?.text ?? ''}
      </p>
    </div>
  );
}
