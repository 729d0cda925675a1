import { Placeholder } from '../components/Placeholder';

/** Member: comfort trade sell record (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="soldRecord" needsSignIn />;
}
