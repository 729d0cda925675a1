import { useId, useState } from 'react';
import { useT } from '../i18n';
import { checkPromptValue, type OpenDialog } from '../state/feedback';
import { Modal } from '../components/Modal';

/**
 * A message box's option ("do not show again"): a plain checkbox, not the forms' CheckboxField, whose
 * message translation would bring every API message into the first view of every page.
 */
function OptionCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field-check">
      <div className="check-row">
        <input id={id} type="checkbox" name="option" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

export function MessageBox({ dialog }: { dialog: OpenDialog }) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState(dialog.initialValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const isPrompt = dialog.kind === 'prompt';
  const ok = () => {
    if (isPrompt) {
      const problem = checkPromptValue(value, dialog, { required: t('dialog.required'), invalid: t('dialog.invalid') });
      if (problem) {
        setError(problem);
        return;
      }
    }
    dialog.resolve({ action: 'ok', value, ...(dialog.option ? { checked } : {}) });
  };
  const cancel = () => dialog.resolve({ action: 'cancel' });
  return (
    <Modal open onClose={dialog.kind === 'alert' ? ok : cancel} labelledBy={`${id}-title`} describedBy={`${id}-message`} className="message-box">
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          ok();
        }}
        noValidate
      >
        <h2 id={`${id}-title`}>{dialog.title ?? t('dialog.systemPrompt')}</h2>
        <p id={`${id}-message`}>{dialog.message}</p>
        {isPrompt ? (
          <div className="field">
            <label htmlFor={`${id}-input`}>{dialog.inputLabel ?? dialog.message}</label>
            <input
              id={`${id}-input`}
              type={dialog.inputType ?? 'text'}
              autoComplete={dialog.autoComplete}
              value={value}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(null);
              }}
            />
            <p id={`${id}-error`} className="field-error" role="alert">
              {error ?? ''}
            </p>
          </div>
        ) : null}
        {dialog.option && !isPrompt ? (
          <OptionCheckbox label={dialog.option} checked={checked} onChange={setChecked} />
        ) : null}
        <div className="dialog-actions">
          {dialog.kind !== 'alert' ? (
            <button type="button" className="btn btn-ghost" onClick={cancel}>
              {dialog.cancelText ?? t('dialog.cancel')}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" autoFocus={!isPrompt}>
            {dialog.okText ?? t('dialog.ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
