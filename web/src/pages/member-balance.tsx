import type { PageProps } from '../routes';
import { Placeholder } from '../components/Placeholder';

/** Member: balance of a product (/member/{product}-balance); placeholder until its feature lands. */
export default function Page({ params }: PageProps) {
  return (
    <div data-product={params.product}>
      <Placeholder id="balance" needsSignIn showLive />
    </div>
  );
}
