// Decides whether an IP address may be dialled for an untrusted URL: only global unicast passes.
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
// Only the well-known NAT64 prefix maps onto the public IPv4 internet; 64:ff9b:1::/48 is local-use.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

const v4FromParts = (hi: number, lo: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

const isForbiddenV4 = (addr: ipaddr.IPv4): boolean =>
  // 'unicast' is what ipaddr.js returns when no special range (private, loopback, linkLocal with the
  // metadata address, carrierGradeNat, multicast, broadcast, reserved, unspecified, ...) matches.
  addr.range() !== 'unicast';

const isForbiddenV6 = (addr: ipaddr.IPv6): boolean => {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d — the kernel dials the IPv4 address
    case 'rfc6145': // ::ffff:0:a.b.c.d — IPv4-translated
      return isForbiddenV4(v4FromParts(p[6], p[7]));
    case 'rfc6052':
      return !addr.match(NAT64_WELL_KNOWN) || isForbiddenV4(v4FromParts(p[6], p[7]));
    case '6to4': // 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD
      return isForbiddenV4(v4FromParts(p[1], p[2]));
    case 'teredo': // 2001:0:SSSS:SSSS:flags:port:~CCCC:~CCCC — server and (obfuscated) client
      return isForbiddenV4(v4FromParts(p[2], p[3])) || isForbiddenV4(v4FromParts(p[6] ^ 0xffff, p[7] ^ 0xffff));
    case 'unicast':
      // Outside 2000::/3 lie IPv4-compatible ::a.b.c.d, unassigned and future space: refuse.
      return !addr.match(GLOBAL_UNICAST_V6);
    default: // loopback, unspecified, linkLocal, uniqueLocal (incl. fd00:ec2::254), multicast, reserved, ...
      return true;
  }
};

/**
 * True when `ip` must not be dialled. Accepts the textual forms ipaddr.js parses, with or without
 * IPv6 brackets or a zone id; anything unparseable is refused (fail closed).
 */
export const isForbiddenAddress = (ip: string): boolean => {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // A zone id only makes sense for link-local scopes, which are refused anyway; keep the check simple.
  if (text.includes('%')) return true;
  const addr = parseStrict(text);
  if (addr === null) return true;
  return addr.kind() === 'ipv4' ? isForbiddenV4(addr as ipaddr.IPv4) : isForbiddenV6(addr as ipaddr.IPv6);
};

const DOTTED_TAIL = /:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Parses only the forms the OS itself would dial unambiguously. IPv4 must be four-part decimal
 * (ipaddr.js also takes inet_aton forms like "127.1" or "0x7f.1"). An IPv6 dotted-quad tail is
 * rewritten to hex first because ipaddr.js reads "::8.8.8.8" (IPv4-compatible, as inet_ntop prints
 * it) as the IPv4-mapped "::ffff:8.8.8.8".
 */
const parseStrict = (text: string): ipaddr.IPv4 | ipaddr.IPv6 | null => {
  try {
    if (!text.includes(':')) return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
    const tail = DOTTED_TAIL.exec(text);
    let v6 = text;
    if (tail) {
      const o = tail.slice(1, 5).map(Number);
      if (o.some((n) => n > 255) || !ipaddr.IPv4.isValidFourPartDecimal(tail.slice(1, 5).join('.'))) return null;
      v6 = `${text.slice(0, tail.index)}:${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
    }
    return ipaddr.IPv6.isValid(v6) ? ipaddr.IPv6.parse(v6) : null;
  } catch {
    return null;
  }
};

/** Names the range of a refused address, for error messages ("loopback", "private", ...). */
export const describeAddress = (ip: string): string => {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  return parseStrict(text)?.range() ?? 'unparseable';
};
