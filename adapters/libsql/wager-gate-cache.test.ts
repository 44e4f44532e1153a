import { describe, expect, it } from "vitest";
import { WagerGateVersions } from "./wager-gate-cache.ts";
import { VersionedCache } from "./versioned-cache.ts";

describe("VersionedCache over the wager-gate counters", () => {
  it("gives nothing for a customer no session lookup reported", () => {
    const cache = new VersionedCache<string>(new WagerGateVersions());
    cache.set("u1", 3, "kept");
    expect(cache.get("u1")).toBeUndefined();
  });

  it("gives what was read at or after the counter the latest session lookup saw, and nothing older", () => {
    const versions = new WagerGateVersions();
    const cache = new VersionedCache<string>(versions);
    versions.observe("u1", 3);
    cache.set("u1", 3, "at 3");
    expect(cache.get("u1")).toBe("at 3");
    versions.observe("u1", 4);
    expect(cache.get("u1")).toBeUndefined();
    cache.set("u1", 5, "at 5");
    expect(cache.get("u1")).toBe("at 5");
  });

  it("keeps the highest counter whatever order lookups report in", () => {
    const versions = new WagerGateVersions();
    versions.observe("u1", 7);
    versions.observe("u1", 6);
    expect(versions.latest("u1")).toBe(7);
  });

  it("stops giving a customer's entries once forgotten, until the next lookup", () => {
    const versions = new WagerGateVersions();
    const cache = new VersionedCache<string>(versions);
    versions.observe("u1", 1);
    cache.set("u1", 1, "kept");
    versions.forget("u1");
    expect(cache.get("u1")).toBeUndefined();
    versions.observe("u1", 1);
    expect(cache.get("u1")).toBe("kept");
    cache.delete("u1");
    expect(cache.get("u1")).toBeUndefined();
  });

  it("is bounded: past 50,000 customers it starts over", () => {
    const versions = new WagerGateVersions();
    const cache = new VersionedCache<number>(versions);
    for (let i = 0; i <= 50_000; i++) {
      versions.observe(`u${i}`, 1);
      cache.set(`u${i}`, 1, i);
    }
    expect(cache.get("u0")).toBeUndefined();
    expect(cache.get("u50000")).toBe(50_000);
  });
});
