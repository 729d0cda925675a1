import { Placeholder } from '../components/Placeholder';

/** Member: withdraw (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="withdraw" needsSignIn />;
}
