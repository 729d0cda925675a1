/** A day's guesses at one kind of emailed code, spent the way an attacker spends them (real mail catcher). */
import { codeIn, mailsTo, waitForMail } from './mail.js';

/**
 * Limits for an app on which a day of code requests passes in one test: a thousand an hour and no
 * resend wait stand for the hours going by; the daily guess ceiling keeps its production value.
 */
export const DAY_OF_CODES = { resendWaitSeconds: 0, codeRequestPerEmail: { max: 1000, windowSeconds: 3600 } };

/**
 * Asks for `rounds` codes (each read from its mail to `email` matching `subject`) and guesses each
 * wrong `tries` times (a code other than the one mailed, never a lucky hit); then asks for one more.
 * Returns every guess's status and that last code, mailed and not yet guessed.
 */
export async function spendCodeGuesses(email: string, subject: RegExp, ask: () => Promise<Response>, guess: (code: string) => Promise<Response>,
  rounds = 10, tries = 5): Promise<{ statuses: number[]; nextCode: string }> {
  const before = (await mailsTo(email)).filter((m) => subject.test(m.subject)).length;
  const mailed = async (nth: number) => {
    const asked = await ask();
    if (asked.status !== 200) throw new Error(`code request ${nth}: ${asked.status} ${await asked.text()}`);
    return codeIn(await waitForMail(email, subject, before + nth));
  };
  const statuses: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const code = await mailed(round);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < tries; i++) statuses.push((await guess(wrong)).status);
  }
  return { statuses, nextCode: await mailed(rounds + 1) };
}
