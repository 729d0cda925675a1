/**
 * Whether a seller can be paid: the rule a comfort run checks before paying (else Payment Error)
 * and the one the site's "finish setting up payouts" banner and the sell forms' warnings show.
 */

/** Payout details are set when a payment method and a non-blank address are saved. */
export const hasPayoutDetails = (settings?: { paymentMethod?: string | null; paymentAddress?: string | null } | null): boolean =>
  !!settings?.paymentMethod && !!settings.paymentAddress?.trim();
