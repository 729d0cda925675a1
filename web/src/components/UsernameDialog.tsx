import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { UsernameCheckInput, UsernameInput } from '../../../domain/account-schemas';
import { validate } from '../../../domain/validation';
import { debounce, DEBOUNCE_MS } from '../ui/debounce';
import { useT } from '../i18n';
import { request, requestJson } from '../lib/http';
import { useForm } from '../lib/form';
import { HttpError } from '../lib/http';
import { failureOf, msg, translateMessage, type Msg } from '../lib/messages';
import { loadSession, session } from '../state/session';
import { toast } from '../state/feedback';
import { Modal } from './Modal';
import { Field, FormNotice } from './Field';

type Availability = { state: 'idle' | 'checking' } | { state: 'available' | 'taken' | 'invalid'; message: Msg };

/**
 * The set-username dialog: 4-30 letters, digits, hyphens or underscores, typed twice, with a live
 * availability check 300 ms after typing stops. Once saved the username is fixed, so the dialog
 * is never offered again.
 */
export function UsernameDialog() {
  const { usernameDialog, seller } = useSnapshot(session);
  const open = usernameDialog && Boolean(seller) && !seller?.username;
  const close = () => {
    session.usernameDialog = false;
  };
  const titleId = useId();
  return (
    <Modal open={open} onClose={close} labelledBy={`${titleId}-title`} describedBy={`${titleId}-intro`} className="username-dialog">
      {open ? <UsernameForm titleId={titleId} onDone={close} /> : null}
    </Modal>
  );
}

function UsernameForm({ titleId, onDone }: { titleId: string; onDone: () => void }) {
  const { t } = useT();
  const form = useForm({ username: '', confirmUsername: '' });
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  const pending = useRef<AbortController | null>(null);

  const check = useMemo(
    () =>
      debounce((name: string) => {
        pending.current?.abort();
        const local = validate(UsernameCheckInput, { username: name });
        if (!local.ok) {
          setAvailability({ state: 'invalid', message: { code: local.errors[0].code, text: local.errors[0].message, data: local.errors[0].data } });
          return;
        }
        const abort = new AbortController();
        pending.current = abort;
        setAvailability({ state: 'checking' });
        request<{ available: boolean; message: string }>('/api/member/username/check', { query: { username: name }, signal: abort.signal })
          .then((res) => {
            if (abort.signal.aborted) return;
            if (res.ok && res.json && typeof res.data === 'object') {
              setAvailability(res.data.available ? { state: 'available', message: msg('USERNAME_AVAILABLE') } : { state: 'taken', message: msg('USERNAME_TAKEN') });
            } else {
              setAvailability({ state: 'invalid', message: failureOf(new HttpError(res.status, res.data, '')).message });
            }
          })
          .catch(() => undefined);
      }, DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => check.cancel(), [check]);

  const onSubmit = async () => {
    const input = form.check(UsernameInput);
    if (!input) return;
    const done = await form.submit(() => requestJson<{ username: string }>('/api/member/username', { method: 'POST', body: input }));
    if (done) {
      if (session.seller) session.seller.username = done.username;
      toast(t('account.username.done'), 'success');
      onDone();
    }
  };

  // A claim refused because a username exists already: take the server's view and close.
  useEffect(() => {
    if (form.notice?.message.code === 'username_already_set') void loadSession();
  }, [form.notice]);

  // Once the field shows an error (after Submit), the availability line stays quiet: one message, in one place.
  const status =
    form.errors.username ? '' : availability.state === 'checking' ? t('account.username.checking') : 'message' in availability ? translateMessage(t, availability.message) : '';

  return (
    <form {...form.formProps(onSubmit)}>
      <h2 id={`${titleId}-title`}>{t('account.username.title')}</h2>
      <p id={`${titleId}-intro`}>{t('account.username.intro')}</p>
      <Field label={t('account.username.label')} error={form.errors.username} hint={t('account.username.hint')}>
        {(c) => (
          <input
            {...c}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
            value={form.values.username}
            onChange={(e) => {
              form.set('username', e.target.value);
              if (e.target.value === '') {
                check.cancel();
                setAvailability({ state: 'idle' });
              } else check(e.target.value);
            }}
          />
        )}
      </Field>
      <p className={`availability is-${availability.state}`} aria-live="polite" data-testid="username-availability">
        {status}
      </p>
      <Field label={t('account.username.confirm')} error={form.errors.confirmUsername}>
        {(c) => (
          <input
            {...c}
            {...form.bind('confirmUsername')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
          />
        )}
      </Field>
      <FormNotice notice={form.notice} />
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('account.username.later')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {t('account.username.submit')}
        </button>
      </div>
    </form>
  );
}
