import { Placeholder } from '../components/Placeholder';

/** Member: seller settings (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="myInfo" needsSignIn showLive />;
}
