import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has; tests inject one that maps names to fixed addresses. */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

// ::/96, the deprecated IPv4-compatible addresses (RFC 4291 2.5.5.1): ipaddr.js calls them unicast,
// and a stack that still routes them reaches the IPv4 address in the low bits (::7f00:1 is 127.0.0.1).
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an address is on the public internet: ipaddr.js's plain `unicast`, nothing special.
 * Loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, the cloud metadata
 * address), CGNAT, multicast, unspecified, reserved, IPv6 loopback, ULA and link-local are not;
 * an IPv4-mapped IPv6 address is judged as the IPv4 address it carries, and the IPv6 ranges that
 * embed another address (IPv4-compatible, 6to4, Teredo, NAT64) are refused rather than unwrapped.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.match(IPV4_COMPATIBLE)) return false;
    if (ipv6.isIPv4MappedAddress()) parsed = ipv6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The address literal in a URL's host (`[::1]` → `::1`), or null for a name. */
export function addressLiteralOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? bare : null;
}

/**
 * Why Leadbell will not send to this URL, or null: https only, and no address literal outside the
 * public internet, unless WEBHOOK_ALLOW_PRIVATE_NETWORKS allows both. A name is judged by what it
 * resolves to at send time (webhook-sender.ts), since its records can change after it is saved.
 */
export function webhookUrlProblem(
  value: string,
  { allowPrivateNetworks }: { allowPrivateNetworks: boolean },
): string | null {
  const url = new URL(value);
  if (allowPrivateNetworks) return null;
  if (url.protocol !== 'https:') return `The address must start with https://. ${SELF_HOSTED_HINT}`;
  const literal = addressLiteralOf(url.hostname);
  if (literal !== null && !isPublicAddress(literal))
    return `The address must be on the public internet: private, loopback and link-local addresses are refused. ${SELF_HOSTED_HINT}`;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'))
    return `The address must be on the public internet: localhost is refused. ${SELF_HOSTED_HINT}`;
  return null;
}

// Issue 49: a self-hoster whose CRM is on their own network learns which setting lifts the rule.
const SELF_HOSTED_HINT =
  'On a self-hosted server, WEBHOOK_ALLOW_PRIVATE_NETWORKS=true allows these (docs/operations.md, “Outgoing webhooks”).';
