import { useT } from '../i18n';
import { copyText } from '../lib/clipboard';

/** A button that copies `text` and reports "Copy successful" / "Copy failed". */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useT();
  return (
    <button type="button" className="btn btn-small btn-ghost" onClick={() => void copyText(text)} aria-label={label ? `${t('copy.button')}: ${label}` : undefined}>
      {t('copy.button')}
    </button>
  );
}
