import { LANGUAGE_OPTIONS, type LanguageCode } from '../../../domain/client-config';
import { storeLanguage, useT } from '../i18n';
import { Modal } from '../components/Modal';

/** The language picker; loaded when first opened (Header), so it is not in the first view. */
export function LanguageDialog({ open, onClose, switchTo }: { open: boolean; onClose: () => void; switchTo: (lang: LanguageCode) => void }) {
  const { t, lang } = useT();
  return (
    <Modal open={open} onClose={onClose} labelledBy="lang-title" className="lang-dialog">
      <h2 id="lang-title">{t('lang.title')}</h2>
      <ul className="lang-list">
        {LANGUAGE_OPTIONS.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              className="lang-option"
              lang={option.code}
              dir={option.rtl ? 'rtl' : 'ltr'}
              aria-pressed={option.code === lang}
              onClick={() => {
                onClose();
                if (option.code !== lang) switchTo(option.code);
                else storeLanguage(option.code);
              }}
            >
              {option.localName}
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Modal>
  );
}
