/**
 * The lock keys of a game account a run holds (`comfort_account_locks`, unique inserts). "One
 * account" means one login: a seller's claim on an address is only that seller's until the
 * provider sees a password, so two keys are taken:
 * - `seller:<seller>:<platform>:<email>`: one seller never runs one address twice at once, whatever
 *   password they type;
 * - `login:<key id>:<HMAC(platform, email, password)>`: two sellers holding the same login (a
 *   shared account) never run it twice at once.
 * A stranger who knows only the address claims neither key of the owner's submission, so they
 * cannot block it. The password digest is keyed (HKDF from SECRETS_KEY, its own purpose), so a
 * copy of the database cannot be searched for passwords.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { KeyRing } from '../secrets/key-ring.js';
import { accountKey } from './runs.js';

export interface AccountClaim {
  /** The key this submission inserts. */
  key: string;
  /** The same claim under the ring's older key ids: a lock taken before a key rotation still counts. */
  alsoHeldAs: string[];
}

export class AccountClaims {
  private constructor(private readonly keys: Map<string, Buffer>, private readonly current: string) {}

  static of(ring: KeyRing): AccountClaims {
    const keys = new Map([...ring.all].map(([kid, root]) => [kid, Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'coin-market game account login locks', 32))]));
    return new AccountClaims(keys, ring.current.id);
  }

  /** The seller's claim on the address. */
  bySeller(sellerId: string, platform: string, email: string): AccountClaim {
    return { key: `seller:${sellerId}:${accountKey(platform, email)}`, alsoHeldAs: [] };
  }

  /** The claim of whoever holds this login. */
  byLogin(platform: string, email: string, password: string): AccountClaim {
    const id = (kid: string) => `login:${kid}:${createHmac('sha256', this.keys.get(kid)!).update(`${accountKey(platform, email)}\n${password}`).digest('base64url')}`;
    return { key: id(this.current), alsoHeldAs: [...this.keys.keys()].filter((k) => k !== this.current).map(id) };
  }
}
