/**
 * Notifications: which change of which process tells the seller what. Every process state maps to a
 * rule here (an exhaustive record per table, so a new state must say whether and how it notifies),
 * and a state whose row `waitsFor: 'seller'` is an `action_needed` unless its rule says otherwise.
 * The worker's announcer (infra/seller-feed/announce.ts) hands every seller event to
 * `notificationsFor`; what comes back is stored once per key and kind (in-app) and mailed once per
 * key and kind (outbox). Texts are message codes with params (domain/notification-texts.ts), so the
 * web app shows them in the seller's current language and the mail in the stored one. Pure.
 */
import { COMFORT_TABLE, isErrorSubState, SUB_STATE_TEXT, type ComfortState } from './comfort-trade.js';
import { PURCHASE_TABLE, type PurchaseState } from './player-trade.js';
import { WITHDRAWAL_TABLE, type WithdrawalState } from './withdrawal.js';
import type { SellerEvent, SellerEventInput } from './seller-events.js';
import type { ProcessTable } from './process.js';

export const NOTIFICATION_KINDS = [
  'action_needed', 'reminder', 'transfer_completed', 'credited', 'payment_error',
  'withdrawal_paid', 'withdrawal_failed', 'withdrawal_delayed',
  'api_access_enabled', 'api_key_issued', 'payout_details_changed', 'api_access_disabled', 'api_key_revoked',
  'waiting_support', 'funds_available',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Money and security notices: always mailed and listed; preferences cannot turn them off. */
export const MANDATORY_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'credited', 'funds_available', 'payment_error', 'withdrawal_paid', 'withdrawal_failed', 'withdrawal_delayed',
  'api_access_enabled', 'api_key_issued', 'payout_details_changed', 'api_access_disabled', 'api_key_revoked',
]);
export const isNotificationKind = (v: unknown): v is NotificationKind => typeof v === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(v);
export const isMandatory = (k: NotificationKind): boolean => MANDATORY_KINDS.has(k);

export type NotificationChannel = 'email' | 'inApp' | 'push';
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['email', 'inApp', 'push'];

export type NotificationProcess = 'comfort-run' | 'withdrawal' | 'purchase' | 'account';
export type NotificationParams = Record<string, string | number>;

/** One notification as stored in the seller's in-app list (collection `notifications`): its plan, stored once. */
export interface NotificationDoc extends Omit<NotificationPlan, 'eventId'> {
  /** `<eventId>:<kind>`: the unique key that makes the entry once. */
  _id: string;
  sellerId: string;
  createdAt: number;
  readAt: number | null;
  /** Rendered English, for logs and clients that do not translate. */
  title?: string;
  body?: string;
  /** When the wait it told of ended (the run moved on); absent while it still waits or for an entry that waits on nothing. */
  resolvedAt?: number | null;
  /** How that wait ended. */
  resolution?: NotificationResolution;
}

/** A notification as the API answers it. */
export type NotificationView = Omit<NotificationDoc, '_id' | 'sellerId'> & { id: string };
export const toNotificationView = ({ _id, sellerId: _s, ...rest }: NotificationDoc): NotificationView => ({ id: _id, ...rest });

export interface NotificationPage { items: NotificationView[]; unread: number; total: number; page: number; pageSize: number }
export const NOTIFICATION_PAGE_SIZE = 20;

/** The seller's choice per kind and channel (mandatory kinds are on whatever is stored). */
export type NotificationPreferences = Record<NotificationKind, Record<NotificationChannel, boolean>>;
/** `push`: Web Push to the browsers the seller allowed (domain/web-push.ts); nothing is pushed to a seller with none. */
export interface KindPreference { kind: NotificationKind; mandatory: boolean; email: boolean; inApp: boolean; push: boolean }
export interface PreferencesView { kinds: KindPreference[]; language?: string }

/** Defaults all on; a stored `false` counts only for a kind that may be turned off. */
export function effectivePreferences(stored: Partial<Record<string, Partial<Record<NotificationChannel, boolean>>>> | null | undefined): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const kind of NOTIFICATION_KINDS) {
    const s = isMandatory(kind) ? {} : (stored?.[kind] ?? {});
    out[kind] = { email: s.email !== false, inApp: s.inApp !== false, push: s.push !== false };
  }
  return out;
}

export const preferencesView = (p: NotificationPreferences): KindPreference[] =>
  NOTIFICATION_KINDS.map((kind) => ({ kind, mandatory: isMandatory(kind), ...p[kind] }));

/** What one event should tell the seller: one entry per kind, each made once under `eventId`. */
export interface NotificationPlan {
  /** What makes it once: the feed change (`<type>:<subject>:v<version>`) or, for once-per-process kinds, the process. */
  eventId: string;
  kind: NotificationKind;
  subject: { process: NotificationProcess; id: string };
  titleCode: string;
  bodyCode: string;
  params: NotificationParams;
  /** App path of the page to open (`/member/sold-record?run=…`). */
  link: string;
  /** When the seller must have acted (ms epoch). */
  deadline?: number;
  /**
   * The wait it tells of: the state the process waits for the seller (or support) in and the process's
   * version at that entry. The entry resolves when a later version of the process is in another state.
   */
  waits?: { state: string; version: number };
}

/** How a wait for the seller ended: their fix arrived, the sale was paid, support cancelled it, or its deadline passed. */
export const NOTIFICATION_RESOLUTIONS = ['fixed', 'paid', 'cancelled', 'expired'] as const;
export type NotificationResolution = (typeof NOTIFICATION_RESOLUTIONS)[number];

/**
 * How a comfort run's wait for the seller ends, by the state it moves to (every state has a row, so
 * a new state must say): null where it still waits (a new wait is an entry of its own). A stopped
 * or closed run says by its sub-state whether its deadline passed or it was cancelled.
 */
export const COMFORT_RESOLVES: Readonly<Record<ComfortState, NotificationResolution | 'stopped' | null>> = {
  waiting_seller: null, payment_error: null,
  transferring: 'fixed', retrying: 'fixed', stalled: 'fixed', waiting_support: 'fixed', transfer_completed: 'fixed', pending_payment: 'fixed',
  paid: 'paid',
  stopped: 'stopped', closed: 'stopped',
};

/** The resolution a comfort run's change brings to its earlier waits, or null (it still waits). */
export function comfortResolution(state: ComfortState, subState: string): NotificationResolution | null {
  const r = COMFORT_RESOLVES[state];
  if (r !== 'stopped') return r;
  return subState === 'expired' ? 'expired' : 'cancelled';
}

/** How a state notifies: the kind, and whether once per entry into the state or once per process. */
interface Rule { kind: NotificationKind; once: 'entry' | 'process' }
/** null: this state tells the seller nothing (they are on the page, or nothing changed for them). */
type Rules<S extends string> = Readonly<Record<S, Rule | null | 'by-table'>>;

const entry = (kind: NotificationKind): Rule => ({ kind, once: 'entry' });
const once = (kind: NotificationKind): Rule => ({ kind, once: 'process' });

/** Every comfort state: `by-table` is `action_needed` where the row waits for the seller. */
export const COMFORT_NOTIFY: Rules<ComfortState> = {
  transferring: null, retrying: null, stopped: null, closed: null,
  waiting_seller: 'by-table',
  // Only support can solve these (Customer Online, Captcha, ..., retries run out): the seller is told it waits, once per wait.
  waiting_support: entry('waiting_support'), stalled: entry('waiting_support'),
  transfer_completed: once('transfer_completed'),
  payment_error: entry('payment_error'),
  pending_payment: once('credited'),
  // The review ended: the income moved from frozen to available.
  paid: once('funds_available'),
};

/** Every purchase state. The buy window (reserved) waits for a seller who just picked and is on the page: no mail. */
export const PURCHASE_NOTIFY: Rules<PurchaseState> = {
  picking: null, reserved: null, checking: null, released: null, expired: null, rejected: null, refused: null,
  frozen: once('credited'),
  // The provider could not be asked after the last retry: support checks the purchase.
  stuck: entry('waiting_support'),
  // The freeze ended: the income moved from frozen to available.
  available: once('funds_available'),
};

/** Every withdrawal state. */
export const WITHDRAWAL_NOTIFY: Rules<WithdrawalState> = {
  // A manual payout is still a payment in progress: its page row says so; the seller is told when it is paid or returned.
  checking: null, sent: null, in_progress: null, manual_payout: null,
  delayed: once('withdrawal_delayed'), needs_support: once('withdrawal_delayed'),
  paid: once('withdrawal_paid'), failed: once('withdrawal_failed'), refused: once('withdrawal_failed'),
};

function ruleOf<S extends string, E extends string>(table: ProcessTable<S, E>, rules: Rules<S>, state: S): Rule | null {
  const r = rules[state];
  if (r !== 'by-table') return r;
  return table.states[state].waitsFor === 'seller' ? entry('action_needed') : null;
}

export const comfortLink = (runId: string) => `/member/sold-record?run=${encodeURIComponent(runId)}`;
export const purchaseLink = (id: string) => `/member/player-record?purchase=${encodeURIComponent(id)}`;
/** The balance page, whose history holds the withdrawal (the withdraw page is the form for a new one). */
export const withdrawalLink = (id: string) => `/member/coins-balance?withdrawal=${encodeURIComponent(id)}`;
export const ACCOUNT_LINK = '/member/my-info';
/** The withdraw form: money that became available can go out from there. */
export const WITHDRAW_LINK = '/member/withdraw';

/** A feed event, or the same change before the feed numbered it (the reminder sweep builds one from the read model). */
export type NotifiableEvent = SellerEvent | SellerEventInput;

const keyOf = (e: NotifiableEvent, rule: Rule) => (rule.once === 'process' ? `${e.type}:${e.subject}` : `${e.type}:${e.subject}:v${e.data.version}`);

/** The one shape of a plan: the title is its kind's, the deadline there only when there is one. */
function plan(eventId: string, kind: NotificationKind, subject: NotificationPlan['subject'], link: string, bodyCode: string, params: NotificationParams, deadline?: number, waits?: NotificationPlan['waits']): NotificationPlan {
  return { eventId, kind, subject, titleCode: `${kind}.title`, bodyCode, params, link, ...(deadline ? { deadline } : {}), ...(waits ? { waits } : {}) };
}

/**
 * The plans of one process change under `rule`: the same key, kind, subject and link, a body of its
 * own; a change into a state that waits for the seller carries that wait, so it can resolve.
 */
const tellFor = <S extends string, E extends string>(e: NotifiableEvent, table: ProcessTable<S, E>, state: S, rule: Rule, subject: NotificationPlan['subject'], link: string) =>
  (bodyCode: string, params: NotificationParams, deadline?: number): NotificationPlan[] => [
    plan(keyOf(e, rule), rule.kind, subject, link, bodyCode, params, deadline, waitsOn(table, state) ? { state, version: e.data.version } : undefined),
  ];

/** A state that waits for someone the seller is told about: themselves, or support (the entry resolves when the process moves on). */
const waitsOn = <S extends string, E extends string>(table: ProcessTable<S, E>, state: S) =>
  table.states[state].waitsFor === 'seller' || table.states[state].waitsFor === 'support';

/** What a change ends: the waits of `subject` before this version in another state end with `resolution`. */
export interface WaitsEnded { subject: NotificationPlan['subject']; now: { state: string; version: number }; resolution: NotificationResolution }

/**
 * How a purchase's wait (support checking a stuck purchase) ends, by the state it moves to: null while
 * it still waits (or never waited).
 */
export const PURCHASE_RESOLVES: Readonly<Record<PurchaseState, NotificationResolution | null>> = {
  picking: null, reserved: null, stuck: null,
  checking: 'fixed', frozen: 'fixed', available: 'fixed',
  released: 'cancelled', expired: 'cancelled', rejected: 'cancelled', refused: 'cancelled',
};

/** The waits one seller event ends, or null (it ends none: the process still waits, or tells of no wait). */
export function waitsEndedBy(e: NotifiableEvent): WaitsEnded | null {
  if (e.type === 'comfort-run:updated') {
    const d = e.data;
    const resolution = comfortResolution(d.state, d.subState);
    return resolution ? { subject: { process: 'comfort-run', id: d.runId }, now: { state: d.state, version: d.version }, resolution } : null;
  }
  if (e.type === 'purchase:updated') {
    const d = e.data;
    const resolution = PURCHASE_RESOLVES[d.state];
    return resolution ? { subject: { process: 'purchase', id: d.purchaseId }, now: { state: d.state, version: d.version }, resolution } : null;
  }
  return null;
}

/** The sub-states support solves, each with words of its own; anything else reads as the generic support wait. */
export const SUPPORT_SUB_STATES = ['customer_online', 'captcha', 'wrong_platform', 'no_club', 'tradepile_full', 'market_locked', 'retries_exhausted'] as const;
const supportSubState = (state: ComfortState, subState: string): string =>
  state === 'stalled' ? 'retries_exhausted' : (SUPPORT_SUB_STATES as readonly string[]).includes(subState) ? subState : 'generic';

/** What the event does not carry about its run: the batch file's line it came from (the seller's own numbering). */
export interface RunContext { batchLine?: number | null }

/**
 * The notifications one seller event makes (usually none). A comfort run's name the game account
 * (`account`, the origin email) and, for a run from a batch file, its line (`batchLine`), so a
 * seller with many runs knows which one it is.
 */
export function notificationsFor(e: NotifiableEvent, run: RunContext = {}): NotificationPlan[] {
  if (e.type === 'comfort-run:updated') {
    const d = e.data;
    const rule = ruleOf(COMFORT_TABLE, COMFORT_NOTIFY, d.state);
    if (!rule) return [];
    const tell = tellFor(e, COMFORT_TABLE, d.state, rule, { process: 'comfort-run', id: d.runId }, comfortLink(d.runId));
    const which = { account: d.originEmail, ...(run.batchLine ? { batchLine: run.batchLine } : {}) };
    const coins = { coins: d.coinAmount, platform: d.platform, ...which };
    switch (rule.kind) {
      case 'action_needed': {
        const sub = isErrorSubState(d.subState) && SUB_STATE_TEXT[d.subState].fixer === 'seller' ? d.subState : 'generic';
        return tell(`action_needed.${sub}`, { ...coins, ...(d.fixBy ? { deadline: d.fixBy } : {}) }, d.fixBy ?? undefined);
      }
      case 'transfer_completed':
        return tell('transfer_completed.body', { coins: d.coinsTransferred, platform: d.platform, ...which });
      case 'credited':
        return tell('credited.body', { amountCents: d.creditedCents ?? 0, ...(d.releaseAt ? { availableAt: d.releaseAt } : {}), ...which });
      case 'payment_error':
        return tell('payment_error.body', { amountCents: d.estimatedIncomeCents, ...which });
      case 'waiting_support':
        return tell(`waiting_support.${supportSubState(d.state, d.subState)}`, { ...coins });
      case 'funds_available':
        return [{ ...tell('funds_available.body', { amountCents: d.creditedCents ?? 0, ...which })[0]!, link: WITHDRAW_LINK }];
      default:
        return [];
    }
  }
  if (e.type === 'purchase:updated') {
    const d = e.data;
    const rule = ruleOf(PURCHASE_TABLE, PURCHASE_NOTIFY, d.state);
    if (!rule) return [];
    const tell = tellFor(e, PURCHASE_TABLE, d.state, rule, { process: 'purchase', id: d.purchaseId }, purchaseLink(d.purchaseId));
    if (rule.kind === 'credited') return tell('credited.purchase', { amountCents: d.incomeCents, player: d.playerName, ...(d.releaseAt ? { availableAt: d.releaseAt } : {}) });
    if (rule.kind === 'action_needed') return tell('action_needed.purchase', { player: d.playerName, deadline: d.deadline }, d.deadline);
    if (rule.kind === 'waiting_support') return tell('waiting_support.purchase', { player: d.playerName });
    if (rule.kind === 'funds_available') return [{ ...tell('funds_available.purchase', { amountCents: d.incomeCents, player: d.playerName })[0]!, link: WITHDRAW_LINK }];
    return [];
  }
  if (e.type === 'withdrawal:updated') {
    const d = e.data;
    const rule = ruleOf(WITHDRAWAL_TABLE, WITHDRAWAL_NOTIFY, d.state);
    if (!rule) return [];
    const tell = tellFor(e, WITHDRAWAL_TABLE, d.state, rule, { process: 'withdrawal', id: d.withdrawalId }, withdrawalLink(d.withdrawalId));
    const money = { amountCents: d.amountCents, method: d.method };
    switch (rule.kind) {
      case 'withdrawal_paid':
        return tell('withdrawal_paid.body', { ...money, payoutCents: d.totalPayoutCents, currency: d.currency });
      case 'withdrawal_failed':
        return tell(d.state === 'refused' ? 'withdrawal_failed.refused' : 'withdrawal_failed.body', money);
      case 'withdrawal_delayed':
        return tell('withdrawal_delayed.body', money);
      default:
        return [];
    }
  }
  return [];
}

export type AccountNotificationKind = Extract<NotificationKind, 'api_access_enabled' | 'api_access_disabled' | 'api_key_issued' | 'api_key_revoked' | 'payout_details_changed'>;

/** The section of the settings page each account notice opens (the heading ids of /member/my-info). */
export const ACCOUNT_LINKS = {
  apiKeys: `${ACCOUNT_LINK}#info-api-keys`,
  webhooks: `${ACCOUNT_LINK}#info-webhooks`,
  payment: `${ACCOUNT_LINK}#info-payment`,
  payoneer: `${ACCOUNT_LINK}#info-payoneer`,
} as const;

/** Which body each account action has, and the page it opens. */
const ACCOUNT_ACTIONS = {
  api_access_enabled: { kind: 'api_access_enabled', bodyCode: 'api_access_enabled.body', link: ACCOUNT_LINKS.apiKeys },
  api_access_disabled: { kind: 'api_access_disabled', bodyCode: 'api_access_disabled.body', link: ACCOUNT_LINKS.apiKeys },
  api_key_revoked: { kind: 'api_key_revoked', bodyCode: 'api_key_revoked.body', link: ACCOUNT_LINKS.apiKeys },
  api_key_issued: { kind: 'api_key_issued', bodyCode: 'api_key_issued.body', link: ACCOUNT_LINKS.apiKeys },
  api_key_rotated: { kind: 'api_key_issued', bodyCode: 'api_key_issued.rotated', link: ACCOUNT_LINKS.apiKeys },
  webhook_registered: { kind: 'api_key_issued', bodyCode: 'api_key_issued.webhook_registered', link: ACCOUNT_LINKS.webhooks },
  webhook_rotated: { kind: 'api_key_issued', bodyCode: 'api_key_issued.webhook_rotated', link: ACCOUNT_LINKS.webhooks },
  webhook_removed_key_revoked: { kind: 'api_key_revoked', bodyCode: 'api_key_revoked.webhook_removed', link: ACCOUNT_LINKS.webhooks },
  webhook_removed_key_rotated: { kind: 'api_key_revoked', bodyCode: 'api_key_revoked.webhook_removed_rotated', link: ACCOUNT_LINKS.webhooks },
  webhook_removed_access_off: { kind: 'api_key_revoked', bodyCode: 'api_key_revoked.webhook_removed_access_off', link: ACCOUNT_LINKS.webhooks },
  payout_changed: { kind: 'payout_details_changed', bodyCode: 'payout_details_changed.body', link: ACCOUNT_LINKS.payment },
  payoneer_bound: { kind: 'payout_details_changed', bodyCode: 'payout_details_changed.payoneer_bound', link: ACCOUNT_LINKS.payoneer },
  payoneer_removed: { kind: 'payout_details_changed', bodyCode: 'payout_details_changed.payoneer_removed', link: ACCOUNT_LINKS.payoneer },
} as const satisfies Record<string, { kind: AccountNotificationKind; bodyCode: string; link: string }>;
export type AccountAction = keyof typeof ACCOUNT_ACTIONS;

/**
 * Account notices (security): made by the API or the support tool where the action happens, once per
 * `actionId` (the action's own id: key id and revision, payout revision, consent state), so a
 * retried request or a second replica making the same change tells the seller once. `changedAt`
 * (ms) is when it happened; the mail states it.
 */
export function accountNotification(action: AccountAction, actionId: string, params: NotificationParams & { changedAt: number }): NotificationPlan {
  const a = ACCOUNT_ACTIONS[action];
  return plan(`account:${action}:${actionId}`, a.kind, { process: 'account', id: actionId }, a.link, a.bodyCode, params);
}

/** The reminder before a seller deadline (the same subject, link and deadline as the action it reminds of). */
export function reminderOf(p: NotificationPlan): NotificationPlan {
  return { ...p, kind: 'reminder', titleCode: 'reminder.title' };
}

/** The in-app list's unique key. */
export const notificationId = (p: Pick<NotificationPlan, 'eventId' | 'kind'>) => `${p.eventId}:${p.kind}`;
