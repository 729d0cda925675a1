import type { DataConverter } from '@temporalio/common';
import type { KeyRing } from '../secrets/key-ring.js';
import { EncryptionCodec } from './payload-codec.js';

/**
 * The one data converter of every Temporal client and worker: every payload encrypted with the key
 * ring. Failure messages stay plain text (Temporal shows them in lists); they are our own wording
 * and never quote a seller's secret, which workflows only hold as a vault reference.
 */
export function dataConverter(keys: KeyRing): DataConverter {
  return { payloadCodecs: [new EncryptionCodec(keys)] };
}
