/**
 * Which proxies in front of us are believed, and what we take from their headers (TRUST_PROXY).
 *
 * A proxy appends the address it received the request from to X-Forwarded-For, so everything to the
 * left of what our own proxies wrote is the client's to invent. The client address is therefore the
 * right-most entry no trusted proxy accounts for:
 *   - a hop count N (`TRUST_PROXY=1`): N proxies stand in front of us, the nearest being the socket's
 *     peer; the client is the N-th entry from the right (the left-most when there are fewer);
 *   - a list of proxy addresses and ranges (`TRUST_PROXY=10.0.0.0/8,fd00::/8,loopback`): walking
 *     from the peer leftwards, the first address that is not one of them. A peer that is not a
 *     trusted proxy means nobody vouches for the headers: they are ignored.
 * An entry that is not an IP address (`garbage-9`, `unknown`, a name) is never taken: the socket's
 * address is used instead, so logs, limits and fraud rules only ever see real addresses.
 * X-Forwarded-Proto and X-Forwarded-Host are read only under the same trust, right-most entry
 * (what the nearest proxy wrote).
 */
import { formatIp, parseIp } from "../../domain/shared/address.ts";

interface IpRange {
  bytes: number[];
  bits: number;
}

export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "proxies"; ranges: IpRange[] };

const NONE: ProxyTrust = { kind: "none" };
const ONE_HOP: ProxyTrust = { kind: "hops", hops: 1 };

/** Named ranges a list may use. */
const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it is. */
const unmapped = (b: number[]): number[] =>
  b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 255 && b[11] === 255 ? b.slice(12) : b;

function parseRange(text: string): IpRange | null {
  const [addr, bitsText, ...rest] = text.split("/");
  const bytes = parseIp(addr);
  if (!bytes || rest.length) return null;
  const ip = unmapped(bytes);
  const max = ip.length * 8;
  const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  return Number.isInteger(bits) && bits >= 0 && bits <= max ? { bytes: ip, bits } : null;
}

function inRange(ip: number[], r: IpRange): boolean {
  if (ip.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.bits; bit += 8) {
    const take = Math.min(8, r.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((ip[bit / 8] & mask) !== (r.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

/**
 * TRUST_PROXY: unset, 0, false, off or no: no proxy (the headers are ignored); a whole number of
 * hops; true, yes or on: one hop (the meaning the setting had as a flag); otherwise a comma-separated
 * list of addresses, CIDR ranges and the names `loopback` and `private`. Anything else fails the start.
 */
export function parseTrustProxy(text: string | undefined): ProxyTrust {
  const v = (text ?? "").trim().toLowerCase();
  if (v === "" || /^(0|false|off|no)$/.test(v)) return NONE;
  if (/^(true|yes|on)$/.test(v)) return ONE_HOP;
  if (/^\d+$/.test(v)) return { kind: "hops", hops: Number(v) };
  const ranges: IpRange[] = [];
  for (const item of v.split(",").map((s) => s.trim()).filter(Boolean)) {
    const named = NAMED[item];
    const parsed = named ? named.map(parseRange) : [parseRange(item)];
    if (parsed.some((r) => r === null))
      throw new Error(`TRUST_PROXY must be a number of proxies, or proxy addresses and CIDR ranges such as "10.0.0.0/8,loopback" (got "${item}")`);
    ranges.push(...(parsed as IpRange[]));
  }
  return ranges.length ? { kind: "proxies", ranges } : NONE;
}

/** The trust to apply: a parsed setting, or a flag (tests and older callers: true = one hop). */
export function trustOf(v: ProxyTrust | boolean | undefined): ProxyTrust {
  if (v === true) return ONE_HOP;
  return v ? v : NONE;
}

/** An X-Forwarded-For entry as an address: bare, bracketed, or with a port some proxies add. */
function entryAddress(entry: string): number[] | null {
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry) ?? /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  const bytes = parseIp(withPort ? withPort[1] : entry);
  return bytes ? unmapped(bytes) : null;
}

const trusted = (trust: { ranges: IpRange[] }, ip: number[]) => trust.ranges.some((r) => inRange(ip, r));

/** Whether the socket's peer is a proxy we believe (always, with a hop count: we are reached only through it). */
function peerVouches(trust: ProxyTrust, peer: string | null): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return trust.hops > 0;
  const ip = peer === null ? null : parseIp(peer);
  return ip !== null && trusted(trust, unmapped(ip));
}

/** The client's address: see the top of this file. null only when there is no peer (app.request()). */
export function clientAddressFrom(trust: ProxyTrust, forwardedFor: string | null | undefined, peer: string | null): string | null {
  // The runtime writes the peer's address in its one spelling already.
  const fromPeer = peer;
  if (!forwardedFor || !peerVouches(trust, peer)) return fromPeer;
  const entries = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return fromPeer;
  if (trust.kind === "hops") {
    const ip = entryAddress(entries[Math.max(0, entries.length - trust.hops)]);
    return ip ? formatIp(ip) : fromPeer;
  }
  if (trust.kind !== "proxies") return fromPeer;
  for (let i = entries.length - 1; i >= 0; i--) {
    const ip = entryAddress(entries[i]);
    if (!ip) return fromPeer;
    if (i === 0 || !trusted(trust, ip)) return formatIp(ip);
  }
  return fromPeer;
}

/** X-Forwarded-Proto / X-Forwarded-Host as the nearest trusted proxy wrote it; null when not trusted or absent. */
export function forwardedValue(trust: ProxyTrust, header: string | null | undefined, peer: string | null): string | null {
  if (!header || !peerVouches(trust, peer)) return null;
  const parts = header.split(",").map((s) => s.trim()).filter(Boolean);
  return parts.length ? parts[parts.length - 1] : null;
}

/** What each runtime hands to app.fetch as its env, as far as the peer address goes. */
type RuntimeEnv = {
  incoming?: { socket?: { remoteAddress?: string } };
  remoteAddr?: { hostname?: string };
} | undefined;

/** The socket's peer address (Node: env.incoming, Deno: env.remoteAddr); null in app.request(). */
export function peerAddress(env: unknown): string | null {
  const e = env as RuntimeEnv;
  return e?.incoming?.socket?.remoteAddress ?? e?.remoteAddr?.hostname ?? null;
}

/** The client's address under the configured proxy trust (see the top of this file). */
export function clientAddressOf(trustProxy: ProxyTrust | boolean | undefined, forwardedFor: string | null | undefined, env: unknown): string | null {
  return clientAddressFrom(trustOf(trustProxy), forwardedFor, peerAddress(env));
}
