/** A seller's balances as every side reads them (integer euro cents). */
export type Bucket = 'available' | 'frozen' | 'pendingPayout';
export type Balances = Record<Bucket, number>;

/** The wallet as the balance page, the API and live events show it. */
export interface WalletView extends Balances {
  sellerId: string;
  total: number;
}
