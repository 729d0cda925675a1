/**
 * How the api, worker and support tool reach a remote or managed Temporal (issue 30, item 2): TLS with
 * the system's or our own CA, mTLS client certificates, an API key. Any of them turns TLS on: a key or a
 * client certificate is never sent in clear. Unset, the connection is plaintext, as to compose's Temporal
 * on the private network.
 */
import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import { ConfigError } from '../config-error.js';

/** The connection options both the client (`Connection`) and the worker (`NativeConnection`) take. */
export interface TemporalAccess { tls?: TLSConfig; apiKey?: string }

const FILES = { ca: 'TEMPORAL_TLS_CA_FILE', cert: 'TEMPORAL_TLS_CERT_FILE', key: 'TEMPORAL_TLS_KEY_FILE' } as const;

/** A PEM file an operator names; a file that cannot be read stops the start with its variable and path (never its contents). */
function pem(env: NodeJS.ProcessEnv, name: (typeof FILES)[keyof typeof FILES]): Buffer | undefined {
  const path = env[name]?.trim();
  if (!path) return undefined;
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (err) {
    throw new ConfigError(`${name} cannot be read (${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}): a PEM file the process can read`);
  }
  if (!data.includes('-----BEGIN ')) throw new ConfigError(`${name} (${path}) is not a PEM file`);
  return data;
}

/** TEMPORAL_TLS, TEMPORAL_TLS_CA_FILE, TEMPORAL_TLS_CERT_FILE + TEMPORAL_TLS_KEY_FILE, TEMPORAL_TLS_SERVER_NAME, TEMPORAL_API_KEY. */
export function temporalAccessFromEnv(env: NodeJS.ProcessEnv = process.env): TemporalAccess {
  const ca = pem(env, FILES.ca);
  const crt = pem(env, FILES.cert);
  const key = pem(env, FILES.key);
  if (!crt !== !key) throw new ConfigError(`${crt ? FILES.key : FILES.cert} is not set: TEMPORAL_TLS_CERT_FILE and TEMPORAL_TLS_KEY_FILE (mTLS) go together`);
  const apiKey = env.TEMPORAL_API_KEY?.trim() || undefined;
  const serverName = env.TEMPORAL_TLS_SERVER_NAME?.trim() || undefined;
  const on = env.TEMPORAL_TLS?.trim() === '1' || !!(ca || crt || apiKey || serverName);
  if (!on) return {};
  const tls: TLSConfig = {
    ...(ca ? { serverRootCACertificate: ca } : {}),
    ...(crt && key ? { clientCertPair: { crt, key } } : {}),
    ...(serverName ? { serverNameOverride: serverName } : {}),
  };
  return { tls, ...(apiKey ? { apiKey } : {}) };
}
