import { keyRingFrom } from '../../infra/secrets/key-ring.js';

/** The fixed key every test process uses (as SECRETS_KEY): key id "test1", 32 bytes. */
export const TEST_SECRETS_KEY = `test1:${Buffer.alloc(32, 7).toString('base64')}`;

/** The key ring built from TEST_SECRETS_KEY. */
export const testKeyRing = () => keyRingFrom(TEST_SECRETS_KEY);
