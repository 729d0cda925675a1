/**
 * Backup codes ever handed to the transfer provider, per game account (platform + web-app email),
 * kept as keyed digests in `comfort_used_codes`: the API refuses a code used before without opening
 * any sealed login details. Keyed (HMAC-SHA256 under a key derived from SECRETS_KEY, as the other
 * keyed digests of low-entropy secrets), so a database copy alone cannot be searched through the
 * 10^8 possible codes. One document per code and key id, its digest the `_id`: recording is a unique
 * insert, a repeat inserts nothing, any number of workers may record at once.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { insertEachOnce } from '../db.js';
import type { KeyRing } from '../secrets/key-ring.js';
import { findByIds } from '../find-by-ids.js';

export const USED_CODES_COLLECTION = 'comfort_used_codes';

interface UsedCodeDoc {
  /** `<key id>:<HMAC of account and code>`. */
  _id: string;
  /** The run that handed the code over first. */
  runId: string;
  at: Date;
}

/** The record of backup codes the provider has received. */
export class UsedBackupCodes {
  private constructor(private readonly col: Collection<UsedCodeDoc>, private readonly keys: Map<string, Buffer>, private readonly current: string) {}

  static open(db: Db, ring: KeyRing): UsedBackupCodes {
    // Its own key per purpose (HKDF), so a digest key never doubles as a vault or payload key.
    const keys = new Map([...ring.all].map(([kid, root]) => [kid, Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'coin-market used backup codes', 32))]));
    return new UsedBackupCodes(db.collection<UsedCodeDoc>(USED_CODES_COLLECTION), keys, ring.current.id);
  }

  private digest(kid: string, account: string, code: string): string {
    return `${kid}:${createHmac('sha256', this.keys.get(kid)!).update(`${account}\n${code}`).digest('base64url')}`;
  }

  /** Positions in `codes` that the provider received before for this game account (under any key still held). */
  async usedAmong(account: string, codes: readonly string[]): Promise<number[]> {
    const ids = codes.flatMap((c) => [...this.keys.keys()].map((kid) => this.digest(kid, account, c)));
    const found = new Set((await findByIds(this.col, ids, { projection: { _id: 1 } })).map((d) => d._id));
    return codes.flatMap((c, i) => ([...this.keys.keys()].some((kid) => found.has(this.digest(kid, account, c))) ? [i] : []));
  }

  /** Records codes as handed to the provider for this game account (before they are sent; a repeat inserts nothing). */
  async record(account: string, codes: readonly string[], runId: string): Promise<void> {
    const at = new Date();
    await insertEachOnce(this.col, [...new Set(codes)].map((c) => ({ _id: this.digest(this.current, account, c), runId, at })));
  }
}
