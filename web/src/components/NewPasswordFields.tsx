import { Field } from './Field';
import type { FormState } from '../lib/form';

interface Props {
  /** Any account form with these two fields. */
  form: Pick<FormState<{ password: string; confirmPassword: string }>, 'errors' | 'bind'>;
  passwordLabel: string;
  confirmLabel: string;
  hint: string;
}

/** A new password and its confirmation (sign-up, reset, password change), checked by the form's schema. */
export function NewPasswordFields({ form, passwordLabel, confirmLabel, hint }: Props) {
  return (
    <>
      <Field label={passwordLabel} error={form.errors.password} hint={hint}>
        {(c) => <input {...c} {...form.bind('password')} type="password" autoComplete="new-password" />}
      </Field>
      <Field label={confirmLabel} error={form.errors.confirmPassword}>
        {(c) => <input {...c} {...form.bind('confirmPassword')} type="password" autoComplete="new-password" />}
      </Field>
    </>
  );
}
