import { Placeholder } from '../components/Placeholder';

/** Member: player trade sell record (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="playerRecord" needsSignIn showLive />;
}
