import { useEffect, useState } from 'react';
import { transferEta, transferTimeHours, type ComfortRunView } from '../../../../domain/comfort-trade';
import { LOCALES, useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { relativeTime } from '../../lib/notifications';

/** Re-reads the clock every `everyMs`, so "2 minutes ago" and "No progress" move on without a new event. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** "7 minutes", "3 hours" in the language's words and digits (minutes up to two hours). */
function duration(ms: number, locale: string): string {
  const minutes = Math.floor(ms / 60_000);
  const [value, unit] = minutes < 120 ? [Math.max(1, minutes), 'minute'] : [Math.floor(minutes / 60), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

type TimedRun = Pick<ComfortRunView, 'status' | 'transferTime' | 'successCount' | 'totalCount' | 'pace' | 'completedAt'>;

/**
 * A transferring run's expected finish, last update and, when nothing moved for N minutes, what that
 * means and what happens next (the domain's `transferEta`); after the transfer, that the seller may log
 * in again, held for as long as the record shows the run.
 */
export function RunTiming({ run }: { run: TimedRun }) {
  const { t, lang } = useT();
  const format = useFormat();
  const now = useNow(30_000);
  const locale = LOCALES[lang];
  const eta = run.status === 'transferring' ? transferEta(run, now) : null;
  if (eta) {
    const left = relativeTime(eta.finishAt, now, locale);
    return (
      <span className="record-timing" data-testid="run-timing">
        <span className="record-guidance" data-testid="run-eta" data-measured={eta.measured ? 'true' : 'false'}>
          {t(eta.measured ? 'comfort.eta.finish' : 'comfort.eta.finishChosen', { time: format.date(eta.finishAt), left })}
        </span>
        <span className="record-guidance" data-testid="run-last-update">{t('comfort.eta.lastUpdate', { ago: relativeTime(eta.lastUpdateAt, now, locale) })}</span>
        {eta.stalledForMs !== null ? (
          <span className="record-stalled" role="status" data-testid="run-stalled">
            <strong>{t('comfort.eta.stalled', { duration: duration(eta.stalledForMs, locale) })}</strong>{' '}
            {t('comfort.eta.stalledMeaning', { threshold: duration(eta.stallAfterMs, locale) })}
          </span>
        ) : null}
      </span>
    );
  }
  // Transfer Completed lasts one step (the income is credited at once): every later state keeps saying it on the run.
  if (run.completedAt !== null && run.status !== 'transferring') {
    return <span className="record-login-safe" data-testid="run-login-safe">{t('comfort.eta.loginSafe', { time: format.date(run.completedAt) })}</span>;
  }
  return null;
}

/** The transfer time the seller chose, as the record shows it. */
export function TransferTimeValue({ run }: { run: Pick<ComfortRunView, 'transferTime'> }) {
  const { t } = useT();
  const format = useFormat();
  return <span data-testid="run-transfer-time">{t('comfort.transferTimeHours', { hours: format.number(transferTimeHours(run.transferTime)) })}</span>;
}
