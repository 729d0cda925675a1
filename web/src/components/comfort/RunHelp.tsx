import type { ComfortRunView } from '../../../../domain/comfort-trade';
import { useT } from '../../i18n';
import { LangLink } from '../LangLink';
import { SupportContacts } from '../SupportContacts';

/**
 * What a seller can do about a run that waits: in Payment Error, fix the payout details in Settings
 * (saving them retries the payment) or contact support; where the run waits for support, the contacts.
 */
export function RunHelp({ run }: { run: Pick<ComfortRunView, 'status' | 'waitingFor'> }) {
  const { t } = useT();
  const paymentError = run.status === 'payment_error';
  if (!paymentError && run.waitingFor !== 'support') return null;
  return (
    <span className="run-help">
      {paymentError ? (
        <LangLink to="/member/my-info" className="btn btn-small btn-primary" data-testid="fix-payment">{t('comfort.record.fixPayment')}</LangLink>
      ) : null}
      <SupportContacts label={t('comfort.record.contactSupport')} />
    </span>
  );
}
