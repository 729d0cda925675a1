import { Placeholder } from '../components/Placeholder';

/** Member: account list (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="accountList" needsSignIn showLive />;
}
