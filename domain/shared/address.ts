/** Client addresses, for the per-address abuse limits (rate limits, the sign-in throttle). */

/**
 * The key a per-address limit counts under. An IPv4 address is itself (an IPv4-mapped IPv6
 * address, ::ffff:a.b.c.d, is the IPv4 address). An IPv6 address counts by its /64 network: one
 * customer line or one host is routinely given a whole /64, so counting each of its 2^64 addresses
 * separately would give anyone unlimited budgets. Anything unparsable counts as itself.
 */
export function addressKey(ip: string | null): string | null {
  if (ip === null) return null;
  const bare = ip.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const groups = expandIpv6(bare);
  if (!groups) return bare;
  // ::ffff:a.b.c.d (or written in hex, ::ffff:c000:201): the IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function expandIpv6(s: string): number[] | null {
  let tail: number[] = [];
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    tail = [(b[0] << 8) | b[1], (b[2] << 8) | b[3]];
    s = s.slice(0, v4.index) + "0:0";
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const part = (h: string) => (h === "" ? [] : h.split(":"));
  const head = part(halves[0]);
  const rest = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const groups = all.map((g) => parseInt(g, 16));
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

/**
 * An IP address as its bytes (4 for IPv4, 16 for IPv6), or null when the text is not one. Strict:
 * an IPv4 part is 0-255 written without leading zeros (010 could be read as octal), an IPv6
 * address may be bracketed and carry a zone (dropped). No host names, ports or ranges.
 */
export function parseIp(text: string): number[] | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1").replace(/%[\w.-]+$/, "").toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) {
    const parts = bare.split(".");
    if (parts.some((p) => (p.length > 1 && p.startsWith("0")) || Number(p) > 255)) return null;
    return parts.map(Number);
  }
  if (!bare.includes(":") || !/^[0-9a-f:.]+$/.test(bare)) return null;
  const groups = expandIpv6(bare);
  return groups ? groups.flatMap((g) => [g >> 8, g & 255]) : null;
}

/**
 * One spelling per address, so a log, a fraud rule or a count never sees the same address as two:
 * IPv4 dotted, IPv6 in the RFC 5952 form (lower case, the longest run of zero groups as ::, an
 * IPv4-mapped address as ::ffff:a.b.c.d).
 */
export function formatIp(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `::ffff:${bytes.slice(12).join(".")}`;
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.len < 2) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.len).join(":")}`;
}
