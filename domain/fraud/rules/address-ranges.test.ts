import { describe, expect, it } from "vitest";
import { parseAddress, SHARED_ADDRESS_RANGES, sharedRangeOf } from "./address-ranges.ts";

describe("known shared address ranges", () => {
  it("carrier-grade NAT is 100.64.0.0/10: 100.64.0.0 to 100.127.255.255", () => {
    expect(sharedRangeOf("100.64.0.0")?.kind).toBe("cgnat");
    expect(sharedRangeOf("100.127.255.255")?.cidr).toBe("100.64.0.0/10");
    expect(sharedRangeOf("100.63.255.255")).toBeNull();
    expect(sharedRangeOf("100.128.0.0")).toBeNull();
  });
  it("matches the example mobile ranges, IPv4 and IPv6, and IPv4-mapped IPv6 as IPv4", () => {
    expect(sharedRangeOf("174.200.1.2")?.kind).toBe("mobile");
    expect(sharedRangeOf("172.58.10.20")?.label).toMatch(/T-Mobile/);
    expect(sharedRangeOf("2607:fb90:1234::1")?.kind).toBe("mobile");
    expect(sharedRangeOf("2607:fb91::1")).toBeNull();
    expect(sharedRangeOf("::ffff:100.64.3.4")?.kind).toBe("cgnat");
  });
  it("leaves ordinary and documentation addresses, and anything unparseable, alone", () => {
    for (const ip of ["203.0.113.7", "198.51.100.2", "192.168.1.1", "2001:db8::1", "not an address", "300.1.1.1", "1:2:3"])
      expect(sharedRangeOf(ip)).toBeNull();
  });
  it("parses addresses exactly", () => {
    expect(parseAddress("1.2.3.4")).toEqual({ v6: false, value: 0x01020304n });
    expect(parseAddress("::1")).toEqual({ v6: true, value: 1n });
    expect(parseAddress("2607:fb90::")).toEqual({ v6: true, value: 0x2607fb90n << 96n });
  });
  it("every listed range is valid CIDR", () => {
    for (const r of SHARED_ADDRESS_RANGES) expect(() => sharedRangeOf("1.1.1.1", [r])).not.toThrow();
  });
});
