/**
 * The words of the two notifications that tell the seller about a wait they cannot end and about
 * money that became available (`waiting_support.*`, `funds_available.*`), and the support contacts
 * line of their mails. A comfort run's body is built per sub-state from what happened, what the
 * seller may do (when anything), and what happens next, so every sub-state reads as one plain
 * sentence. Each language's module (./<lang>.ts) gives its words; the support contacts line of the
 * mails is in its `mailTexts`. Pure.
 */
export type Texts = Readonly<Record<string, string>>;

/** The sub-states support solves, with words of their own (`generic` for any other reason a run waits for support). */
const SUBS = ['customer_online', 'captcha', 'wrong_platform', 'no_club', 'tradepile_full', 'market_locked', 'retries_exhausted', 'generic'] as const;
type Sub = (typeof SUBS)[number];

export interface Words {
  title: string;
  /** `{coins}` and what happened. */
  stopped: string;
  what: Record<Sub, string>;
  /** What the seller may do, where there is something. */
  may: Partial<Record<Sub, string>>;
  /** After something the seller may do / when there is nothing to do. */
  nextAfter: string;
  nextNothing: string;
  purchase: string;
  fundsTitle: string;
  funds: string;
  fundsPurchase: string;
}


/** The support wait's and the available money's texts from one language's words. */
export function supportTexts(w: Words): Texts {
  const out: Record<string, string> = {
    'waiting_support.title': w.title,
    'waiting_support.purchase': w.purchase,
    'funds_available.title': w.fundsTitle,
    'funds_available.body': w.funds,
    'funds_available.purchase': w.fundsPurchase,
  };
  for (const sub of SUBS) {
    const may = w.may[sub];
    // `{what}` is filled here, not from params: the sentence is the sub-state's own.
    out[`waiting_support.${sub}`] = [w.stopped.replace('{what}', w.what[sub]), ...(may ? [may, w.nextAfter] : [w.nextNothing])].join(' ');
  }
  return out;
}
