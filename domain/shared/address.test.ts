import { describe, expect, it } from "vitest";
import { addressKey } from "./address.ts";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(null)).toBeNull();
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const a of ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:0:0:0:9", "[2001:db8:1:2::abcd]", "2001:db8:1:2::1%eth0"])
      expect(addressKey(a), a).toBe(key);
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address (dotted or hex)", () => {
    expect(addressKey("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(addressKey("::ffff:c633:6409")).toBe("198.51.100.9");
  });

  it("keeps anything unparsable as itself (it still counts, on its own)", () => {
    expect(addressKey("not-an-address")).toBe("not-an-address");
    expect(addressKey("1:2:3")).toBe("1:2:3");
    expect(addressKey("1::2::3")).toBe("1::2::3");
  });
});
