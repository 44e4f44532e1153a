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
