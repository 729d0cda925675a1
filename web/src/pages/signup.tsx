import { Placeholder } from '../components/Placeholder';

/** Sign up: agreement checkbox and captcha (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="signup" />;
}
