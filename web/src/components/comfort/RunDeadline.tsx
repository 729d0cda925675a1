import type { ComfortRunView } from '../../../../domain/comfort-trade';
import { LOCALES, useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { relativeTime } from '../../lib/notifications';

/**
 * The deadline of a run waiting for the seller (`fixBy`: when it closes without new login details),
 * in the words the bell and the mail use, so the card, the list and the mail say the same time.
 */
export function RunDeadline({ run }: { run: Pick<ComfortRunView, 'fixBy' | 'waitingFor'> }) {
  const { t, lang } = useT();
  const format = useFormat();
  if (!run.fixBy || run.waitingFor !== 'seller') return null;
  return (
    <strong className="record-deadline" data-testid="run-fix-by">
      {t('notifications.deadline', { time: format.date(run.fixBy), left: relativeTime(run.fixBy, Date.now(), LOCALES[lang]) })}
    </strong>
  );
}
