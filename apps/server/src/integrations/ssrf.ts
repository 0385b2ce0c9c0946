/**
 * The server-side request forgery guard of webhooks (issue 47): a provider's endpoint must not make
 * this server call into its own network. The host is resolved and every address checked; the
 * delivery then connects to the address that was checked (never resolving again), so a DNS answer
 * that changes between the check and the connection cannot slip through.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS's fd00:ec2::254 metadata among them)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const hextets = expandIpv6(address);
  if (!hextets) return null;
  const mapped = hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff;
  const nat64 = hextets[0] === 0x64 && hextets[1] === 0xff9b && hextets.slice(2, 6).every((h) => h === 0);
  if (!mapped && !nat64) return null;
  const [hi, lo] = [hextets[6]!, hextets[7]!];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Whether an address is private, loopback, link-local, metadata or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type ResolvedTarget = { address: string; family: 4 | 6 };

/** Why an endpoint address is refused, in words for the provider; the caller wraps it in a 422 or a failed attempt. */
export class UnsafeTarget extends Error {}

/**
 * Checks an endpoint's address and resolves its host to the one address to connect to. Refuses
 * anything but https (http too when private addresses are allowed: a local test receiver), a user
 * name or password in the address, an unknown host, and — unless `allowPrivate` — any private address.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new UnsafeTarget('The endpoint must be an https:// address.');
  }
  if (url.username || url.password) throw new UnsafeTarget('Put no user name or password in the endpoint address.');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let found: { address: string; family: number }[];
  if (net.isIP(host)) {
    found = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      found = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UnsafeTarget(`The host ${host} could not be found.`);
    }
  }
  if (!found.length) throw new UnsafeTarget(`The host ${host} could not be found.`);
  // Every address must pass: the connection could otherwise land on the one that does not.
  if (!allowPrivate && found.some((a) => isPrivateAddress(a.address))) {
    throw new UnsafeTarget(
      `The host ${host} resolves to a private, loopback or link-local address; webhooks go to public addresses only.`,
    );
  }
  return { address: found[0]!.address, family: found[0]!.family === 6 ? 6 : 4 };
}
