/**
 * A seller's standing: support's penalties for abuse (specification section 1, "penalties up to
 * loss of the account"). One table decides which support action moves which standing, and what a
 * standing still allows; the support tool, the sign-in routes and the API keys all read it.
 */

export const STANDINGS = ['active', 'suspended', 'closed'] as const;
export type Standing = (typeof STANDINGS)[number];

export const STANDING_ACTIONS = ['suspend', 'reinstate', 'close'] as const;
export type StandingAction = (typeof STANDING_ACTIONS)[number];

interface StandingRow {
  /** Where each support action leads from here; an action not listed is refused. */
  on: Partial<Record<StandingAction, Standing>>;
  /** Sign in, keep sessions, API keys and sockets, pick, submit, request withdrawals. */
  signsIn: boolean;
}

/** Closed is final: no action leaves it (support's decision to end the account for good). */
export const STANDING_TABLE: Readonly<Record<Standing, StandingRow>> = {
  active: { on: { suspend: 'suspended', close: 'closed' }, signsIn: true },
  suspended: { on: { reinstate: 'active', close: 'closed' }, signsIn: false },
  closed: { on: {}, signsIn: false },
};

/** One decision of support, kept on the seller document with every earlier one. */
export interface StandingChange { standing: Standing; by: string; why: string; at: Date }

/** What the seller document holds: the current standing and its history (absent: active, never penalised). */
export interface StandingRecord extends StandingChange { history: StandingChange[] }

export const standingOf = (record: { standing?: Standing } | null | undefined): Standing => record?.standing ?? 'active';

export type StandingStep = { ok: true; to: Standing } | { ok: false; message: string };

/** Where `action` leads from `from`, or why support cannot take it. */
export function standingStep(from: Standing, action: StandingAction): StandingStep {
  const to = STANDING_TABLE[from].on[action];
  if (to) return { ok: true, to };
  return { ok: false, message: `This account is ${from}: it cannot be ${ACTION_PAST[action]}.` };
}

const ACTION_PAST: Record<StandingAction, string> = { suspend: 'suspended', reinstate: 'reinstated', close: 'closed' };

/** Sign-in refusals (HTTP 403): the code the page translates, and the words other clients read. */
export const ACCOUNT_SUSPENDED = 'This account is suspended. Please contact support.';
export const ACCOUNT_CLOSED = 'This account is closed. Please contact support about any money left in it.';

/** The refusal for a standing that does not sign in, or null when it does. */
export function standingRefusal(standing: Standing): { code: 'account_suspended' | 'account_closed'; message: string } | null {
  if (STANDING_TABLE[standing].signsIn) return null;
  return standing === 'closed' ? { code: 'account_closed', message: ACCOUNT_CLOSED } : { code: 'account_suspended', message: ACCOUNT_SUSPENDED };
}
