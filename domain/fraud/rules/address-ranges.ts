/**
 * Address ranges that strangers share, so that "several accounts from one address" means little
 * there on its own: carrier-grade NAT (RFC 6598: an ISP puts many subscribers behind one public
 * address) and mobile carriers' gateways (a whole city's phones can leave through a handful of
 * addresses). The shared-address rule weighs an address in one of these ranges against other
 * signals before it alerts (rules/shared-address.ts).
 *
 * This is a small documented list, not a feed: CGNAT is a standard range; the carrier ranges are
 * examples of large US mobile allocations (as registered with ARIN when this was written). A
 * deployment would load its market's carriers from an IP-intelligence provider; the rule takes any
 * list (`sharedRangeOf(ip, ranges)`).
 */

export interface AddressRange {
  /** CIDR notation, IPv4 or IPv6. */
  cidr: string;
  label: string;
  kind: "cgnat" | "mobile";
}

export const SHARED_ADDRESS_RANGES: readonly AddressRange[] = [
  { cidr: "100.64.0.0/10", label: "Carrier-grade NAT (RFC 6598)", kind: "cgnat" },
  { cidr: "172.32.0.0/11", label: "T-Mobile US mobile (example)", kind: "mobile" },
  { cidr: "174.192.0.0/10", label: "Verizon Wireless mobile (example)", kind: "mobile" },
  { cidr: "166.128.0.0/9", label: "AT&T Mobility mobile (example)", kind: "mobile" },
  { cidr: "2607:fb90::/32", label: "T-Mobile US mobile, IPv6 (example)", kind: "mobile" },
];

interface Parsed {
  v6: boolean;
  value: bigint;
}

/** An IPv4 or IPv6 address as a number (an IPv4-mapped IPv6 address, ::ffff:a.b.c.d, as IPv4); null if it is neither. */
export function parseAddress(ip: string): Parsed | null {
  const text = ip.trim().toLowerCase();
  const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return parseAddress(mapped[1]);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { v6: false, value: parts.reduce((acc, p) => (acc << 8n) | BigInt(p), 0n) };
  }
  if (!text.includes(":") || !/^[0-9a-f:]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...tail];
  if (all.some((g) => g.length === 0 || g.length > 4)) return null;
  return { v6: true, value: all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n) };
}

interface ParsedRange extends AddressRange {
  v6: boolean;
  base: bigint;
  shift: bigint;
}

function parseRange(r: AddressRange): ParsedRange {
  const [addr, bitsText] = r.cidr.split("/");
  const parsed = parseAddress(addr);
  const bits = Number(bitsText);
  const width = parsed?.v6 ? 128 : 32;
  if (!parsed || !Number.isInteger(bits) || bits < 0 || bits > width) throw new Error(`Bad address range ${r.cidr}`);
  const shift = BigInt(width - bits);
  return { ...r, v6: parsed.v6, base: parsed.value >> shift, shift };
}

const parsedDefaults = SHARED_ADDRESS_RANGES.map(parseRange);
const parsedCache = new WeakMap<readonly AddressRange[], ParsedRange[]>();

/** The known shared range an address falls in, or null (unparseable addresses too). */
export function sharedRangeOf(ip: string, ranges: readonly AddressRange[] = SHARED_ADDRESS_RANGES): AddressRange | null {
  const a = parseAddress(ip);
  if (!a) return null;
  let parsed = ranges === SHARED_ADDRESS_RANGES ? parsedDefaults : parsedCache.get(ranges);
  if (!parsed) {
    parsed = ranges.map(parseRange);
    parsedCache.set(ranges, parsed);
  }
  const hit = parsed.find((r) => r.v6 === a.v6 && a.value >> r.shift === r.base);
  return hit ? { cidr: hit.cidr, label: hit.label, kind: hit.kind } : null;
}
