import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { focusField } from '../lib/focus-field';
import { session } from '../state/session';
import { LangLink } from './LangLink';

/** Where the two steps are done: the settings page's proof card and payout form (their element ids). */
export const SETTINGS_PATH = '/member/my-info';
export const PROOF_FIELD = 'email-proof';
export const PAYOUT_FIELD = 'payout-details';

/** A link to one field of the settings page: it navigates there and puts the cursor in the field. */
function FieldLink({ field, children }: { field: string; children: string }) {
  return (
    <LangLink to={`${SETTINGS_PATH}#${field}`} onClick={() => focusField(field)} data-testid={`setup-${field}`}>
      {children}
    </LangLink>
  );
}

/** What is still missing for payouts, in the order it can be done (payout details need the proven address). */
function MissingSteps() {
  const { t } = useT();
  const { seller, proofResendAt } = useSnapshot(session);
  if (!seller) return null;
  return (
    <ul className="setup-steps">
      {seller.emailVerified ? null : (
        <li>
          <FieldLink field={PROOF_FIELD}>{t('account.setup.verify')}</FieldLink>{' '}
          <span className="muted">{t(proofResendAt ? 'account.setup.verifyMailed' : 'account.setup.verifyHow')}</span>
        </li>
      )}
      {seller.payoutDetailsSet ? null : (
        <li>
          <FieldLink field={PAYOUT_FIELD}>{t('account.setup.payout')}</FieldLink>
        </li>
      )}
    </ul>
  );
}

/** Whether the signed-in seller still lacks something payouts need. */
export const payoutSetupMissing = (seller: { emailVerified: boolean; payoutDetailsSet: boolean } | null): boolean =>
  seller !== null && (!seller.emailVerified || !seller.payoutDetailsSet);

/**
 * The banner over every page of a signed-in seller until the address is proven and payout details
 * are set: what is missing, why, and a link to each field. It goes as soon as the session says both
 * are done (the settings page updates it on each save).
 */
export function PayoutSetupBanner() {
  const { t } = useT();
  const { seller } = useSnapshot(session);
  if (!payoutSetupMissing(seller)) return null;
  return (
    <section className="setup-banner container" aria-labelledby="setup-banner-title" data-testid="payout-setup-banner">
      <p id="setup-banner-title" className="setup-title">{t('account.setup.title')}</p>
      <p>{t('account.setup.why')}</p>
      <MissingSteps />
    </section>
  );
}

/** Above a sell form's submit button: the same steps, said before the seller sells. */
export function PayoutSetupNotice() {
  const { t } = useT();
  const { seller } = useSnapshot(session);
  // Kept-alive pages may hold two forms at once: each notice names its own title.
  const titleId = useId();
  if (!payoutSetupMissing(seller)) return null;
  return (
    <div className="notice setup-notice" role="note" aria-labelledby={titleId} data-testid="payout-setup-notice">
      <p id={titleId} className="setup-title">{t('account.setup.formTitle')}</p>
      <p>{t('account.setup.formWhy')}</p>
      <MissingSteps />
    </div>
  );
}
