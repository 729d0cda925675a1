import { Placeholder } from '../components/Placeholder';

/** Transfer page (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="transferPage" needsSignIn />;
}
