/** The purchase as the record, the dialog and the balance show it, and what the player trade API answers (the web reads these types). */
import type { Platform } from '../pricing.js';
import type { WalletView } from '../wallet.js';
import type { PurchaseReason } from '../purchase-reasons.js';
import type { Decision } from '../process.js';
import type { PlayerCard, ListedCard } from './cards.js';
import type { PurchaseState, RecordPhase, RecordTab, PurchaseEvent, SellerAction } from './table.js';
import type { GameAccountView } from './inputs.js';
import type { CreditMoney } from '../sale-money.js';

/** Who resolved a stuck verification by hand, and why (kept on the record and in the ledger). */
export interface SupportDecision {
  decision: 'verified' | 'rejected' | 'retry';
  by: string;
  reason: string;
  at: number;
}

/** The read model of one purchase: the record row, the dialog and the balance's frozen lines. */
export interface PurchaseStatus {
  purchaseId: string;
  sellerId: string;
  state: PurchaseState;
  phase: RecordPhase;
  card: PlayerCard;
  gameAccount: { id: string; platform: Platform; name: string };
  /** Coins the seller spends (the buy-now price). */
  coinsSpent: number;
  /** Euro cents credited when verified (fixed at pick time). */
  incomeCents: number;
  pickedAt: number;
  /** Absolute end of the buy window (epoch ms); clients count down against it. */
  deadline: number;
  boughtAt: number | null;
  creditedAt: number | null;
  /** When the frozen income becomes available (epoch ms). */
  releaseAt: number | null;
  releasedAt: number | null;
  reason: PurchaseReason | null;
  /** Free text from the provider or support, when there is one. */
  detail: string | null;
  support: SupportDecision | null;
  /** Verification attempts made so far (for support). */
  attempts: number;
  /** What the seller may do now (`bought`, `not_bought`): the page shows exactly these buttons. */
  actions: SellerAction[];
  /** Every decision taken so far: who (seller, support agent, system), why and when. */
  decisions: Decision<PurchaseEvent>[];
}
// ---------------------------------------------------------------------------------------------
// What the API answers (the web reads these types; the routes are checked against them)

/** A read model with its write version (live events and the record carry it; a newer one wins). */
export type Versioned<T> = T & { version?: number };
/** `POST /api/player-trade/picks`, `/purchases/:id/bought|not-bought`, `GET /purchases/:id`. */
export interface PurchaseAnswer { purchase: Versioned<PurchaseStatus>; serverNow?: number }
/** `GET /api/player-trade/open`: picks still waiting or being checked. */
export interface OpenPurchasesAnswer { items: Versioned<PurchaseStatus>[]; serverNow: number }
/** `GET /api/player-trade/cards`. */
export interface CardsAnswer { items: ListedCard[]; total: number; page: number; size: number; message?: string }
/** `GET /api/player-trade/cards/:id`. */
export interface CardAnswer { card: ListedCard }
/**
 * A purchase as the sell record shows it: the status plus where its income is (`money`, null before
 * it is credited; domain/sale-money.ts). Its `phase` comes from the same money: `settled` once all of
 * it is paid out.
 */
export type PurchaseRecord = Versioned<PurchaseStatus> & { money: CreditMoney | null };
/** `GET /api/player-trade/records`. */
export interface RecordsAnswer { items: PurchaseRecord[]; total: number; page: number; size: number; tab: RecordTab }
/** `GET /api/game-accounts`. */
export interface GameAccountsAnswer { items: GameAccountView[] }
/**
 * One frozen income on the balance page, released to available at `releaseAt`: a player purchase
 * in its freeze or a comfort run under review. Together they add up to the wallet's frozen amount.
 */
export type FrozenItem =
  | { kind: 'player'; purchaseId: string; playerName: string; incomeCents: number; releaseAt: number | null }
  | { kind: 'comfort'; runId: string; originEmail: string; coinsTransferred: number; incomeCents: number; releaseAt: number | null };
/** `GET /api/wallet`. */
export interface BalanceAnswer { wallet: WalletView; frozenItems: FrozenItem[] }
