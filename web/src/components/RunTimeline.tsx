import { useId, useState } from 'react';
import type { RecordTimeline } from '../../../domain/record-timeline';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { api } from '../lib/api';
import { guidanceText, statusLabel } from '../lib/comfort';
import { Modal } from './Modal';

interface Props {
  kind: 'comfort-run' | 'player-purchase';
  id: string;
}

const pathOf = ({ kind, id }: Props) =>
  kind === 'comfort-run' ? `/api/comfort-trade/runs/${encodeURIComponent(id)}/timeline` : `/api/player-trade/purchases/${encodeURIComponent(id)}/timeline`;

/**
 * A record's steps in a dialog, oldest first: each with its time, its status in the seller's words
 * and who it waited for; the current (last) step also says what happens next. Read when opened, so
 * a record page's list costs nothing more.
 */
export function RunTimeline(props: Props) {
  const { t } = useT();
  const format = useFormat();
  const titleId = useId();
  const [timeline, setTimeline] = useState<RecordTimeline | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');

  const show = async () => {
    setOpen(true);
    setError('');
    try {
      setTimeline((await api<{ timeline: RecordTimeline }>(pathOf(props))).timeline);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const words = (s: RecordTimeline['steps'][number]) =>
    props.kind === 'comfort-run' ? statusLabel(t, s.status, s.subState) : t(`player.states.${s.state}`);
  const next = (s: RecordTimeline['steps'][number]) =>
    (props.kind === 'comfort-run' && s.waitingFor !== 'nobody' && guidanceText(t, { status: s.status as never, subState: s.subState as never, guidance: '' }))
    || t(`comfort.timeline.nextBy.${s.waitingFor}`);

  return (
    <>
      <button type="button" className="btn btn-small btn-ghost" data-testid="open-timeline" onClick={() => void show()}>{t('comfort.timeline.open')}</button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={titleId} className="timeline-dialog">
        <h2 id={titleId}>{t('comfort.timeline.title')}</h2>
        {error ? <p role="alert">{error}</p> : null}
        {timeline ? (
          <ol className="timeline" data-testid="timeline-steps">
            {timeline.steps.map((s, i) => {
              const current = i === timeline.steps.length - 1;
              return (
                <li key={`${s.at}-${i}`} data-testid="timeline-step" data-state={s.state} data-waiting-for={s.waitingFor} aria-current={current ? 'step' : undefined}>
                  <time dateTime={new Date(s.at).toISOString()}>{format.date(s.at)}</time>
                  <strong>{words(s)}</strong>
                  <span className="record-guidance">{t(`comfort.timeline.waitedFor.${s.waitingFor}`)}</span>
                  {current ? <p data-testid="timeline-next"><strong>{t('comfort.timeline.next')}</strong> {next(s)}</p> : null}
                </li>
              );
            })}
          </ol>
        ) : null}
        {timeline?.truncated ? <p>{t('comfort.timeline.truncated', { n: timeline.steps.length })}</p> : null}
        <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>{t('comfort.timeline.close')}</button>
      </Modal>
    </>
  );
}
