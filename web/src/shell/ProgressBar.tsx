import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { progress } from '../state/progress';
import { useT } from '../i18n';

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

/** Full-page overlay for blocking work; fades in and out in about 400 ms. */
export function LoadingOverlay() {
  const { blocking } = useSnapshot(progress);
  const { t } = useT();
  const visible = blocking > 0;
  return (
    <div className={`overlay${visible ? ' is-visible' : ''}`} data-testid="loading-overlay" aria-hidden={!visible}>
      <div className="spinner" aria-hidden="true" />
      <p role="status">{visible ? t('loading') : ''}</p>
    </div>
  );
}
