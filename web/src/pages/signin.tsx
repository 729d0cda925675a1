import { Placeholder } from '../components/Placeholder';

/** Sign in: password or emailed code, remember me, third-party sign-in (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="signin" />;
}
