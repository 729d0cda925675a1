/** Confirming it is the seller, as the settings page does before showing a new secret (docs/security.md, item 25). */
import type { SignedInSeller } from './sellers.js';

/** POST /api/member/reauth with the seller's password: secrets may be minted in this session for the next 10 minutes. */
export async function reauthenticate(seller: SignedInSeller): Promise<void> {
  const res = await seller.fetch('/api/member/reauth', { method: 'POST', body: JSON.stringify({ currentPassword: seller.password }) });
  if (res.status !== 200) throw new Error(`re-authentication failed: ${res.status} ${await res.text()}`);
}
