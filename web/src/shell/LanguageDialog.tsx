import { useLocation } from 'wouter';
import { LANGUAGE_OPTIONS, type LanguageCode } from '../../../domain/client-config';
import { storeLanguage, useT } from '../i18n';
import { localizedPath, resolveLocation } from '../location';
import { Modal } from '../components/Modal';

/** Sends the seller to the same page in another language and remembers the choice. */
export function useSwitchLanguage(): (lang: LanguageCode) => void {
  const [location, navigate] = useLocation();
  return (lang: LanguageCode) => {
    storeLanguage(lang);
    const { path } = resolveLocation(location);
    navigate(localizedPath(lang, path) + window.location.search);
  };
}

/** The language picker. */
export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang } = useT();
  const switchTo = useSwitchLanguage();
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
