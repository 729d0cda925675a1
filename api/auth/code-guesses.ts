/**
 * The daily ceiling on guesses at emailed codes, for every kind of code: the hourly limits alone
 * (5 codes an hour, 5 tries each) let 25 guesses an hour, 600 a day, at a 6-digit code without end.
 * A proof code guessed right lets a squatter prove someone else's address (and Google sign-in then
 * links the owner to the squatter's account); a payout, re-authentication or withdrawal code guessed
 * right does what a stolen session alone may not.
 */
import type { Accounts } from './accounts.js';

/** Each kind of code has its own count, so spending one kind's guesses never shuts another's door. */
export type EmailedCodeKind = 'signin' | 'email-proof' | 'payout' | 'reauth' | 'withdrawal';

/**
 * Counts one guess at a live code of `kind` for `subject` (the address for sign-in and proof, the
 * seller otherwise) before the code is compared; past `codeGuessesPerEmail` it throws rate_limited,
 * so even the right code is refused until the day's guesses slide out.
 */
export async function countCodeGuess(a: Accounts, kind: EmailedCodeKind, subject: string): Promise<void> {
  await a.limiter.hit(`code-guess-${kind}`, subject, a.limits.codeGuessesPerEmail);
}
