import { Placeholder } from '../components/Placeholder';

/** Player trade: price filter, player list, purchase dialog with countdown (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="playerTrade" needsSignIn />;
}
