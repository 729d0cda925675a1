/** Sellers who proved their address the way a seller does: the code read from the real mail catcher. */
import type { TestApp } from './app.js';
import { codeIn, waitForMail } from './mail.js';
import { createSignedInSeller, type SignedInSeller } from './sellers.js';

export const PROOF_SUBJECT = /verify your email/i;

/** Types back the proof code sign-up mailed (read from the real mail catcher once it has arrived). */
export async function proveEmail(seller: SignedInSeller): Promise<void> {
  const code = codeIn(await waitForMail(seller.email, PROOF_SUBJECT));
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
