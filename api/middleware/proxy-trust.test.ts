import { describe, expect, it } from "vitest";
import { clientAddressFrom, forwardedValue, parseTrustProxy, trustOf } from "./proxy-trust.ts";
import { formatIp, parseIp } from "../../domain/shared/address.ts";

/** The address in its one spelling, as the client-address middleware writes it: parsed, then formatted. */
const canonicalIp = (text: string | null) => {
  const bytes = text == null ? null : parseIp(text);
  return bytes ? formatIp(bytes) : null;
};

const hops = (n: number) => parseTrustProxy(String(n));

describe("TRUST_PROXY", () => {
  it("off when unset or false-like; a flag means one hop; a number is a hop count", () => {
    for (const v of [undefined, "", "0", "false", "off", "no", " OFF "]) expect(parseTrustProxy(v), String(v)).toEqual({ kind: "none" });
    for (const v of ["1", "true", "yes", "on"]) expect(parseTrustProxy(v), v).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("3")).toEqual({ kind: "hops", hops: 3 });
    expect(trustOf(true)).toEqual({ kind: "hops", hops: 1 });
    expect(trustOf(false)).toEqual({ kind: "none" });
    expect(trustOf(undefined)).toEqual({ kind: "none" });
  });

  it("a list of addresses, CIDR ranges and the names loopback and private", () => {
    const t = parseTrustProxy("10.0.0.0/8, 192.0.2.7, fd00::/8, loopback");
    expect(t.kind).toBe("proxies");
    expect(t.kind === "proxies" && t.ranges.length).toBe(5);
  });

  it("fails the start on anything else", () => {
    for (const v of ["10.0.0.0/33", "proxy.internal", "1.2.3", "10.0.0.0/8/1", "::1/129", "-1", "1.5"])
      expect(() => parseTrustProxy(v), v).toThrow(/TRUST_PROXY/);
  });
});

describe("the client address with a hop count", () => {
  const peer = "10.0.0.2";

  it("is the right-most entry behind one proxy: whatever the client wrote to its left is ignored", () => {
    expect(clientAddressFrom(hops(1), "198.51.100.9, 203.0.113.7", peer)).toBe("203.0.113.7");
    expect(clientAddressFrom(hops(1), "203.0.113.7", peer)).toBe("203.0.113.7");
  });

  it("is the N-th from the right behind N proxies, the left-most when there are fewer entries", () => {
    expect(clientAddressFrom(hops(2), "1.1.1.1, 203.0.113.7, 10.0.0.9", peer)).toBe("203.0.113.7");
    expect(clientAddressFrom(hops(3), "203.0.113.7", peer)).toBe("203.0.113.7");
  });

  it("ignores an entry that is not an IP address: the socket's address is used", () => {
    for (const junk of ["garbage-9", "unknown", "example.com", "1.2.3.256", "010.0.0.1", "_hidden"])
      expect(clientAddressFrom(hops(1), `203.0.113.1, ${junk}`, peer), junk).toBe(peer);
    // Empty entries are no entries.
    expect(clientAddressFrom(hops(1), "203.0.113.1, ,", peer)).toBe("203.0.113.1");
  });

  it("reads the forms proxies write (a port, brackets) and spells each address one way", () => {
    expect(clientAddressFrom(hops(1), "203.0.113.7:51234", peer)).toBe("203.0.113.7");
    expect(clientAddressFrom(hops(1), "[2001:DB8:0::1]:443", peer)).toBe("2001:db8::1");
    expect(clientAddressFrom(hops(1), "2001:0db8:0000:0000:0000:0000:0000:0001", peer)).toBe("2001:db8::1");
    expect(clientAddressFrom(hops(1), "::ffff:203.0.113.7", peer)).toBe("203.0.113.7");
  });

  it("uses the peer when there is no header, and everything without trust", () => {
    expect(clientAddressFrom(hops(1), null, "::ffff:127.0.0.1")).toBe("::ffff:127.0.0.1");
    expect(clientAddressFrom(trustOf(false), "203.0.113.7", peer)).toBe(peer);
    expect(clientAddressFrom(trustOf(false), "203.0.113.7", null)).toBeNull();
    expect(clientAddressFrom(hops(1), "203.0.113.7", null)).toBe("203.0.113.7");
  });
});

describe("the client address with a list of proxies", () => {
  const trust = parseTrustProxy("10.0.0.0/8,loopback");

  it("walks left from the peer past trusted proxies to the first address that is not one", () => {
    expect(clientAddressFrom(trust, "198.51.100.1, 203.0.113.7, 10.1.2.3", "10.0.0.2")).toBe("203.0.113.7");
    expect(clientAddressFrom(trust, "203.0.113.7", "::ffff:127.0.0.1")).toBe("203.0.113.7");
  });

  it("believes nothing from a peer that is not a trusted proxy", () => {
    expect(clientAddressFrom(trust, "203.0.113.7", "198.51.100.50")).toBe("198.51.100.50");
    expect(forwardedValue(trust, "https", "198.51.100.50")).toBeNull();
    expect(clientAddressFrom(trust, "203.0.113.7", null)).toBeNull();
  });

  it("stops at a non-IP entry (the peer is used), and takes the left-most when every entry is a proxy", () => {
    expect(clientAddressFrom(trust, "203.0.113.7, garbage-9, 10.1.1.1", "10.0.0.2")).toBe("10.0.0.2");
    expect(clientAddressFrom(trust, "10.9.9.9, 10.1.1.1", "10.0.0.2")).toBe("10.9.9.9");
  });
});

describe("X-Forwarded-Proto and -Host", () => {
  it("only under trust, the right-most value (what the nearest proxy wrote)", () => {
    expect(forwardedValue(trustOf(false), "https", "10.0.0.2")).toBeNull();
    expect(forwardedValue(hops(1), "https", null)).toBe("https");
    expect(forwardedValue(hops(1), "http, https", null)).toBe("https");
    expect(forwardedValue(hops(1), "", null)).toBeNull();
    expect(forwardedValue(parseTrustProxy("10.0.0.0/8"), "book.example", "10.0.0.2")).toBe("book.example");
  });
});

describe("parseIp and formatIp", () => {
  it("reads IPv4 and IPv6 strictly", () => {
    expect(parseIp("203.0.113.7")).toEqual([203, 0, 113, 7]);
    expect(parseIp("[::1]")).toHaveLength(16);
    for (const bad of ["203.0.113", "203.0.113.7.1", "1.2.3.04", "256.1.1.1", "a.b.c.d", "::g", "1::2::3", "localhost", "1.2.3.4:80"])
      expect(parseIp(bad), bad).toBeNull();
  });

  it("spells an address one way (RFC 5952 for IPv6)", () => {
    expect(canonicalIp("2001:0DB8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(canonicalIp("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(canonicalIp("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalIp("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2:3:4:5:6");
    expect(canonicalIp("2001:db8:0:2:3:4:5:6")).toBe("2001:db8:0:2:3:4:5:6");
    expect(canonicalIp("::ffff:c633:6409")).toBe("::ffff:198.51.100.9");
    expect(canonicalIp("garbage-9")).toBeNull();
    expect(canonicalIp(null)).toBeNull();
  });
});
