import type { ContactMethod, PaymentMethod } from '../../../../domain/account-schemas';
import type { SessionSeller } from '../../state/session';

/** The seller's settings as GET /api/member/settings answers them; either section may be unsaved. */
export interface SellerSettings {
  contactMethod?: ContactMethod;
  contactValue?: string;
  paymentMethod?: PaymentMethod;
  paymentAddress?: string;
  currency?: string;
  trueName?: string;
}

export interface SettingsView extends SessionSeller {
  settings: SellerSettings | null;
  payoneer: { bound: boolean; account: string | null };
}
