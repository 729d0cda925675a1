import { Placeholder } from '../components/Placeholder';

/** Set a new password from the emailed link (placeholder until its feature lands). */
export default function Page() {
  return <Placeholder id="passwordReset" />;
}
