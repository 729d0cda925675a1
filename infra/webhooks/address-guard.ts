/**
 * Which addresses a webhook may be sent to: public unicast only. The classification is ipaddr.js's
 * (maintained with the IANA special-purpose registries) rather than a hand list, which had missed
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16), IPv4-compatible (::a.b.c.d), benchmarking (198.18.0.0/15)
 * and multicast or reserved ranges.
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Every address a name resolves to. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolve: Resolver = (host) => lookup(host, { all: true });

/** Said for an address written in the URL that is not public. */
export const NOT_ALLOWED = 'address not allowed (private network)';
/**
 * Said for a name that resolves to no address or only to addresses we do not send to: one text for
 * both, so the delivery log cannot be used to learn which internal names exist.
 */
export const NO_PUBLIC_ADDRESS = 'no public address for this host';

/** Global unicast IPv6 (2000::/3) that ipaddr.js files under no special range. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** True only for an address on the public internet (an IPv4-mapped address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  // A zone (fe80::1%eth0) only exists on link-local addresses.
  if (family !== 6 || address.includes('%')) return false;
  // The URL parser writes the address canonically first: ipaddr.js reads "::8.8.8.8" (IPv4-compatible,
  // not routed as IPv4) as if it were "::ffff:8.8.8.8" (IPv4-mapped).
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** An error whose message is what the delivery log says (system errors are logged by their code). */
export const logged = (message: string) => Object.assign(new Error(message), { logged: message });
export const notAllowed = () => logged(NOT_ALLOWED);

/**
 * The connection's own name lookup, refusing anything but public addresses. Checking a name first
 * and letting the request resolve it again would leave a gap a rebinding name server uses (public
 * at the check, loopback at connect); here the address checked is the address connected to.
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const refuse = () => callback(logged(NO_PUBLIC_ADDRESS), '', 0);
    resolve(hostname).then((found) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = found.filter((a) => !family || a.family === family);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return refuse();
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    }, refuse);
  };
}
