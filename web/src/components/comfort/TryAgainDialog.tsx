import { useEffect } from 'react';
import { resubmitAsks, validateResubmit, type ComfortRunView } from '../../../../domain/comfort-trade';
import { useT } from '../../i18n';
import { Modal } from '../Modal';
import { FormNotice } from '../Field';
import { CredentialFields } from './CredentialFields';
import { useForm } from '../../lib/form';
import { toast } from '../../state/feedback';
import { CREDENTIAL_ALIASES, EMPTY_CREDENTIALS, credentialsOf, errorsByField, resubmitRun } from '../../lib/comfort';

/**
 * "Try again": new login details for a run that waits for the seller, asking only what its error
 * is about (domain `resubmitAsks`): after Wrong Account/Password the email (prefilled, correctable)
 * and the password, the backup codes or authSecret kept; after wrong or expired backup codes, a
 * wrong authSecret or no login verification a new second factor, the email fixed and an empty
 * password keeping the old one.
 */
export function TryAgainDialog({ run, onClose, onDone }: { run: ComfortRunView | null; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const form = useForm({ ...EMPTY_CREDENTIALS });
  const runId = run?.runId ?? null;
  const asksLogin = run ? resubmitAsks(run.subState) === 'login' : false;
  useEffect(() => {
    form.setValues({ ...EMPTY_CREDENTIALS, email: run?.originEmail ?? '', loginMethod: run?.loginMethod ?? 'backup_codes' });
    form.setErrors({});
    form.setNotice(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId]);

  const send = async () => {
    if (!run) return;
    const input = asksLogin ? { email: form.values.email, password: form.values.password } : { password: form.values.password, ...credentialsOf(form.values) };
    const checked = validateResubmit(input, run);
    if (!checked.ok) {
      form.setErrors(errorsByField(checked.errors));
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="try-again-dialog"] [aria-invalid="true"]')?.focus());
      return;
    }
    // Refusals show by their code: codes used before on each code field, anything else on the form.
    const done = await form.submit(() => resubmitRun(run.runId, input), CREDENTIAL_ALIASES);
    if (!done) return;
    toast(t('comfort.record.resubmitted'), 'success');
    onDone();
    onClose();
  };

  return (
    <Modal open={!!run} onClose={onClose} labelledBy="try-again-title" className="comfort-dialog">
      {run ? (
        <form {...form.formProps(send)} data-testid="try-again-dialog">
          <h2 id="try-again-title">{t('comfort.record.tryTitle')}</h2>
          <p>{t(asksLogin ? 'comfort.record.tryIntroLogin' : 'comfort.record.tryIntro')}</p>
          {asksLogin
            ? <CredentialFields form={form} secondFactor={false} />
            : <CredentialFields form={form} fixedEmail={run.originEmail} passwordHint={t('comfort.record.keepPassword')} />}
          <FormNotice notice={form.notice} />
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>{t('comfort.record.cancel')}</button>
            <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="try-again-send">{t('comfort.record.trySend')}</button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
