import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { PausableTimer } from '../lib/timer';
import {
  dismissNotification,
  dismissToast,
  feedback,
  type NotificationItem,
  type OpenDialog,
  type ToastItem,
} from '../state/feedback';

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

/** Loaded when the first dialog opens: the dialog and its modal stay out of every visitor's first view. */
const MessageBox = lazy(() => import('./MessageBox').then((m) => ({ default: m.MessageBox })));

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
      {snap.dialogs.length ? (
        <Suspense fallback={null}>
          {(snap.dialogs as readonly OpenDialog[]).map((d) => (
            <MessageBox key={d.id} dialog={d} />
          ))}
        </Suspense>
      ) : null}
    </>
  );
}
