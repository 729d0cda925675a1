import type { SellerSettings } from '../../../../domain/account-schemas';
import type { SessionSeller } from '../../state/session';

export interface SettingsView extends SessionSeller {
  settings: SellerSettings | null;
  payoneer: { bound: boolean; account: string | null };
}
