import { useT } from '../i18n';

interface Props {
  /** Whether a filter narrows the list: then its emptiness is the filter's, and the seller can clear it. */
  filtered: boolean;
  /** The words for a history with nothing in it at all ("No records yet."). */
  none: string;
  /** Back to the unfiltered list. */
  onClear: () => void;
  testId?: string;
}

/** What an empty list says: "no record matches this filter" (with a way back to all) or "none yet". */
export function EmptyList({ filtered, none, onClear, testId }: Props) {
  const { t } = useT();
  if (!filtered) return <p className="muted" data-testid={testId}>{none}</p>;
  return (
    <p className="muted empty-filter" data-testid={testId} data-filtered="true">
      {t('comfort.emptyFilter.text')}{' '}
      <button type="button" className="btn btn-small btn-ghost" data-testid="clear-filter" onClick={onClear}>{t('comfort.emptyFilter.clear')}</button>
    </p>
  );
}
