/**
 * Encrypts every Temporal payload (workflow and activity arguments and results, signals, queries,
 * failure details) before it leaves our processes, so the Temporal server and its history hold only
 * ciphertext. Shape of the sealed payload (as in Temporal's encryption sample): metadata
 * `encoding: binary/encrypted` and `encryption-key-id: <kid>`; data = IV(12) | AES-256-GCM(payload
 * protobuf) | tag(16). Payloads without that encoding (histories recorded before the codec) pass
 * through unchanged, so old runs keep replaying and support can still read them.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
import protos from '@temporalio/proto';
import type { KeyRing } from '../secrets/key-ring.js';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

// A CommonJS package: Node's ESM loader sees only its default export.
const { temporal } = protos;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null | undefined) => (b ? Buffer.from(b).toString('utf8') : undefined);

/** A payload codec sealing payloads with the SECRETS_KEY key ring (rotation by key id, like the vault). */
export class EncryptionCodec implements PayloadCodec {
  private readonly derived = new Map<string, Buffer>();

  constructor(private readonly keys: KeyRing) {}

  async encode(payloads: Payload[]): Promise<Payload[]> {
    const kid = this.keys.current.id;
    const key = this.keyFor(kid)!;
    return payloads.map((payload) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = temporal.api.common.v1.Payload.encode(payload).finish();
      const data = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return { metadata: { encoding: utf8(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8(kid) }, data: new Uint8Array(data) };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      if (text(payload.metadata?.encoding) !== ENCRYPTED_ENCODING) return payload;
      const kid = text(payload.metadata?.[KEY_ID_METADATA]);
      const key = kid ? this.keyFor(kid) : undefined;
      if (!key) throw new Error(`payload sealed with key id ${kid ?? '(none)'}, which SECRETS_KEY does not hold`);
      const data = Buffer.from(payload.data ?? new Uint8Array());
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
      return temporal.api.common.v1.Payload.decode(plain) as Payload;
    });
  }

  // Its own key per purpose (HKDF), so a payload key never doubles as a vault key.
  private keyFor(kid: string): Buffer | undefined {
    const cached = this.derived.get(kid);
    if (cached) return cached;
    const root = this.keys.all.get(kid);
    if (!root) return undefined;
    const key = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'coin-market temporal payloads', 32));
    this.derived.set(kid, key);
    return key;
  }
}
