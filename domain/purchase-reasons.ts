/**
 * Why a pick was refused or a purchase ended without income: stable codes and their English words.
 * Kept free of imports: the web app's English dictionary uses these words as they are.
 */
export const PURCHASE_REASONS = [
  'card_unavailable', 'account_busy', 'account_cooldown', 'pick_limit', 'account_not_found', 'platform_mismatch',
  'not_bought', 'deadline_passed', 'not_verified', 'support_rejected',
] as const;
export type PurchaseReason = (typeof PURCHASE_REASONS)[number];

/** Words shown for each reason (translated in the web app by code). */
export const REASON_TEXT: Readonly<Record<PurchaseReason, string>> = {
  card_unavailable: 'This player is no longer available. Please pick another one.',
  account_busy: 'This game account already has a player to buy. Finish or cancel it first.',
  account_cooldown: 'One player purchase per game account per 4 hours. Please use another game account or wait.',
  pick_limit: 'Too many picks without buying. Please wait before picking again.',
  account_not_found: 'Please choose one of your game accounts.',
  platform_mismatch: 'This player is on another platform than your game account.',
  not_bought: 'Not bought',
  deadline_passed: 'The 5-minute purchase time has passed.',
  not_verified: 'The purchase could not be verified on the transfer market.',
  support_rejected: 'Support could not confirm this purchase.',
};
