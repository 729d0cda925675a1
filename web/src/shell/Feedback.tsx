import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { PausableTimer } from '../lib/timer';
import {
  checkPromptValue,
  dismissNotification,
  dismissToast,
  feedback,
  type NotificationItem,
  type OpenDialog,
  type ToastItem,
} from '../state/feedback';
import { Modal } from '../components/Modal';

function useAutoDismiss(duration: number, onDone: () => void) {
  const timer = useRef<PausableTimer | null>(null);
  useEffect(() => {
    const tm = new PausableTimer(duration, onDone);
    timer.current = tm;
    tm.start();
    return () => tm.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [duration]);
  return {
    onMouseEnter: () => timer.current?.pause(),
    onMouseLeave: () => timer.current?.resume(),
    onFocus: () => timer.current?.pause(),
    onBlur: () => timer.current?.resume(),
  };
}

function Toast({ item }: { item: ToastItem }) {
  const pause = useAutoDismiss(item.duration, () => dismissToast(item.id));
  return (
    <div className={`toast toast-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'} data-testid="toast" {...pause}>
      {item.text}
    </div>
  );
}

function Notification({ item }: { item: NotificationItem }) {
  const { t } = useT();
  const pause = useAutoDismiss(item.duration, () => dismissNotification(item.id));
  return (
    <div className={`notification notification-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'} data-testid="notification" {...pause}>
      <div className="notification-body">
        <strong>{item.title}</strong>
        <p>{item.message}</p>
      </div>
      <button type="button" className="icon-button" aria-label={t('dialog.close')} onClick={() => dismissNotification(item.id)}>
        ×
      </button>
    </div>
  );
}

/**
 * A message box's option ("do not show again"): a plain checkbox, not the forms' CheckboxField, whose
 * message translation would bring every API message into the first view of every page.
 */
function OptionCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field-check">
      <div className="check-row">
        <input id={id} type="checkbox" name="option" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

function MessageBox({ dialog }: { dialog: OpenDialog }) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState(dialog.initialValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const isPrompt = dialog.kind === 'prompt';
  const ok = () => {
    if (isPrompt) {
      const problem = checkPromptValue(value, dialog, { required: t('dialog.required'), invalid: t('dialog.invalid') });
      if (problem) {
        setError(problem);
        return;
      }
    }
    dialog.resolve({ action: 'ok', value, ...(dialog.option ? { checked } : {}) });
  };
  const cancel = () => dialog.resolve({ action: 'cancel' });
  return (
    <Modal open onClose={dialog.kind === 'alert' ? ok : cancel} labelledBy={`${id}-title`} describedBy={`${id}-message`} className="message-box">
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          ok();
        }}
        noValidate
      >
        <h2 id={`${id}-title`}>{dialog.title ?? t('dialog.systemPrompt')}</h2>
        <p id={`${id}-message`}>{dialog.message}</p>
        {isPrompt ? (
          <div className="field">
            <label htmlFor={`${id}-input`}>{dialog.inputLabel ?? dialog.message}</label>
            <input
              id={`${id}-input`}
              type={dialog.inputType ?? 'text'}
              autoComplete={dialog.autoComplete}
              value={value}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(null);
              }}
            />
            <p id={`${id}-error`} className="field-error" role="alert">
              {error ?? ''}
            </p>
          </div>
        ) : null}
        {dialog.option && !isPrompt ? (
          <OptionCheckbox label={dialog.option} checked={checked} onChange={setChecked} />
        ) : null}
        <div className="dialog-actions">
          {dialog.kind !== 'alert' ? (
            <button type="button" className="btn btn-ghost" onClick={cancel}>
              {dialog.cancelText ?? t('dialog.cancel')}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" autoFocus={!isPrompt}>
            {dialog.okText ?? t('dialog.ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Toasts (top centre), notifications (top, inline end) and message boxes. */
export function FeedbackLayer() {
  const snap = useSnapshot(feedback);
  return (
    <>
      <div className="toast-stack">
        {snap.toasts.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </div>
      <div className="notification-stack">
        {snap.notifications.map((item) => (
          <Notification key={item.id} item={item} />
        ))}
      </div>
      {/* Read through the snapshot so a new dialog re-renders this layer; entries are ref()s, the originals. */}
      {(snap.dialogs as readonly OpenDialog[]).map((d) => (
        <MessageBox key={d.id} dialog={d} />
      ))}
    </>
  );
}
