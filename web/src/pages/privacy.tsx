import { LegalText } from '../components/LegalText';

/** The privacy text, in the current language. */
export default function PrivacyPage() {
  return <LegalText doc="privacy" />;
}
