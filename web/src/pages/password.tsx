import { Placeholder } from '../components/Placeholder';

/** Forgot password: the reset link is emailed (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="password" />;
}
