import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { progress } from '../state/feedback';
import { useT } from '../i18n';
import { OVERLAY_DELAY_MS, OVERLAY_MAX_MS } from '../../../domain/timing';

type Phase = 'idle' | 'running' | 'finishing';

/** The thin bar at the top while a lazy page or a dictionary downloads. */
export function ProgressBar() {
  const { pending } = useSnapshot(progress);
  const { t } = useT();
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (pending > 0) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'finishing' : p));
    const timer = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(timer);
  }, [pending]);
  return (
    <div
      className={`progress progress-${phase}`}
      data-testid="progress-bar"
      data-phase={phase}
      role="progressbar"
      aria-label={t('loading')}
      aria-hidden={phase === 'idle'}
      aria-busy={phase === 'running'}
    >
      <div className="progress-fill" />
    </div>
  );
}

/**
 * The specification's loading overlay, for waits over 400 ms (a page chunk, a language, a form
 * submission): a short wait never flashes it. It takes no focus and steps aside after 10 s, so a
 * request that never ends leaves the page usable. Its status line says "Loading…" while it shows.
 */
export function LoadingOverlay() {
  const { blocking, pending } = useSnapshot(progress);
  const { t } = useT();
  const waiting = blocking + pending > 0;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setVisible(false);
      return;
    }
    const show = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    const hide = setTimeout(() => setVisible(false), OVERLAY_MAX_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [waiting]);
  return (
    <div className={`overlay${visible ? ' is-visible' : ''}`} data-testid="loading-overlay" aria-hidden={!visible} aria-busy={visible}>
      <div className="spinner" aria-hidden="true" />
      <p role="status">{visible ? t('loading') : ''}</p>
    </div>
  );
}
