import { Placeholder } from '../components/Placeholder';

/** Comfort trade form, single or batch upload (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="comfortTrade" needsSignIn />;
}
