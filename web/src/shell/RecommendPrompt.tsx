import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isLanguage } from '../../../domain/client-config';
import { storedLanguage, storeLanguage, useT } from '../i18n';
import { settings } from '../state/settings';
import { useSwitchLanguage } from './switch-language';

/**
 * Offers the language the configuration recommends (from the browser's languages) when the
 * seller has not chosen one yet; either answer is remembered.
 */
export function RecommendPrompt() {
  const { lang } = useT();
  const { config } = useSnapshot(settings);
  const [dismissed, setDismissed] = useState(false);
  const switchTo = useSwitchLanguage();
  // Read on every render: a language chosen in the picker since this mounted is a choice too.
  if (dismissed || storedLanguage() !== null || !config) return null;
  const recommended = config.recommendLanguage;
  if (!isLanguage(recommended) || recommended === lang) return null;
  const texts = config.recommendLanguagePopTitle;
  const dir = config.languages.find((l) => l.code === recommended)?.rtl ? 'rtl' : 'ltr';
  return (
    <aside className="recommend" role="dialog" aria-labelledby="recommend-title" lang={recommended} dir={dir}>
      <p id="recommend-title">{texts.title}</p>
      <div className="recommend-actions">
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => {
            setDismissed(true);
            switchTo(recommended);
          }}
        >
          {texts.confirm}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setDismissed(true);
            storeLanguage(lang);
          }}
        >
          {texts.cancel}
        </button>
      </div>
    </aside>
  );
}
