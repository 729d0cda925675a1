import { LegalText } from '../components/LegalText';

/** The terms text, in the current language. */
export default function TermsPage() {
  return <LegalText doc="terms" />;
}
