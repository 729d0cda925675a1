/** Sellers who proved their address the way a seller does: the code read from the real mail catcher. */
import type { TestApp } from './app.js';
import { codeIn, mailsTo, waitForMail } from './mail.js';
import { createSignedInSeller, type SignedInSeller } from './sellers.js';

export const PROOF_SUBJECT = /verify your email/i;

/**
 * Types back the proof code the seller's mailbox holds: the one sign-up mailed, or the newest one
 * asked for since. Only a seller with none in the mailbox asks for one (from Settings).
 */
export async function proveEmail(seller: SignedInSeller): Promise<void> {
  const mailed = (await mailsTo(seller.email)).find((m) => PROOF_SUBJECT.test(m.subject));
  if (!mailed) {
    const sent = await seller.fetch('/api/member/email/code', { method: 'POST', body: '{}' });
    if (sent.status !== 200) throw new Error(`proof code: ${sent.status} ${await sent.text()}`);
  }
  const code = codeIn(mailed ?? (await waitForMail(seller.email, PROOF_SUBJECT)));
  const res = await seller.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code }) });
  if (res.status !== 200) throw new Error(`proof: ${res.status} ${await res.text()}`);
}

/** A signed-up seller whose address is proven (may hold payout settings, may be linked to Google). */
export async function createProvenSeller(app: Pick<TestApp, 'url'>, opts: { email?: string; password?: string } = {}): Promise<SignedInSeller> {
  const seller = await createSignedInSeller(app, opts);
  await proveEmail(seller);
  return seller;
}

/**
 * Benchmarks only (no mail catcher there): marks the address proven straight in the database and
 * saves payout settings with the password, as an honest seller would after proving it.
 */
export async function benchPayoutSettings(db: { collection(name: string): { updateOne(f: object, u: object): Promise<unknown> } }, seller: SignedInSeller, settings: Record<string, string>): Promise<void> {
  await db.collection('sellers').updateOne({ _id: seller.sellerId }, { $set: { emailVerifiedAt: new Date() } });
  const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...settings, currentPassword: seller.password }) });
  if (!res.ok) throw new Error(`settings failed: ${res.status} ${await res.text()}`);
}
