import { useId, type ReactNode } from 'react';
import { useT } from '../i18n';
import { translateMessage, type Msg } from '../lib/messages';
import type { Notice } from '../lib/form';

/** What a form control needs to be labelled, described and marked invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

interface Props {
  label: ReactNode;
  /** The message of this field (translated here by its code), or undefined. */
  error?: Msg;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled form field: its error sits right below it, is tied to the control by
 * aria-describedby and is announced politely when it appears.
 */
export function Field({ label, error, hint, className, children }: Props) {
  const { t } = useT();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? translateMessage(t, error) : ''}
      </p>
    </div>
  );
}

/** A form-level message: errors are alerts, successes are polite status messages. */
export function FormNotice({ notice }: { notice: Notice | null }) {
  const { t } = useT();
  const text = notice ? translateMessage(t, notice.message) : '';
  return (
    <div className={`form-notice${notice ? (notice.ok ? ' is-ok' : ' is-error') : ''}`} role={notice?.ok ? 'status' : 'alert'} data-testid="form-notice">
      {text}
    </div>
  );
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({
  label,
  error,
  checked,
  name,
  onChange,
  children,
}: {
  label: ReactNode;
  error?: Msg;
  checked: boolean;
  name: string;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="field field-check">
      <div className="check-row">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? translateMessage(t, error) : ''}
      </p>
    </div>
  );
}
