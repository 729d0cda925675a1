import { useLocation } from 'wouter';
import type { LanguageCode } from '../../../domain/client-config';
import { storeLanguage } from '../i18n';
import { localizedPath, resolveLocation } from '../location';

/** Sends the seller to the same page in another language and remembers the choice. */
export function useSwitchLanguage(): (lang: LanguageCode) => void {
  const [location, navigate] = useLocation();
  return (lang: LanguageCode) => {
    storeLanguage(lang);
    const { path } = resolveLocation(location);
    navigate(localizedPath(lang, path) + window.location.search);
  };
}
