import { Placeholder } from '../components/Placeholder';

/** Player detail (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="auctionDetail" needsSignIn />;
}
