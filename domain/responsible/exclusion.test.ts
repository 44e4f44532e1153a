import { describe, expect, it } from "vitest";
import { activeExclusion, addMonthsUtc, exclusionEnd, planExclusion, type Exclusion } from "./exclusion.ts";

const T0 = new Date("2026-01-31T12:00:00.000Z");
const H = 3_600_000;
const ex = (id: string, startedAt: Date, endsAt: Date | null, kind: Exclusion["kind"] = "self_exclusion"): Exclusion =>
  ({ id, kind, startedAt, endsAt, reason: null });

describe("exclusion periods", () => {
  it("24h and 1w are fixed lengths; months and years are calendar months in UTC", () => {
    expect(exclusionEnd("24h", T0)).toEqual(new Date("2026-02-01T12:00:00.000Z"));
    expect(exclusionEnd("1w", T0)).toEqual(new Date("2026-02-07T12:00:00.000Z"));
    // 31 January + 1 month = the last day of February.
    expect(exclusionEnd("1m", T0)).toEqual(new Date("2026-02-28T12:00:00.000Z"));
    expect(exclusionEnd("3m", T0)).toEqual(new Date("2026-04-30T12:00:00.000Z"));
    expect(exclusionEnd("6m", T0)).toEqual(new Date("2026-07-31T12:00:00.000Z"));
    expect(exclusionEnd("1y", T0)).toEqual(new Date("2027-01-31T12:00:00.000Z"));
    expect(exclusionEnd("5y", T0)).toEqual(new Date("2031-01-31T12:00:00.000Z"));
    expect(exclusionEnd("permanent", T0)).toBeNull();
    expect(addMonthsUtc(new Date("2027-11-30T00:00:00Z"), 3)).toEqual(new Date("2028-02-29T00:00:00Z"));
  });
});

describe("which exclusion is in force", () => {
  it("is in force from its start until (not including) its end", () => {
    const e = ex("a", T0, new Date(T0.getTime() + 24 * H));
    expect(activeExclusion([e], new Date(T0.getTime() - 1))).toBeNull();
    expect(activeExclusion([e], T0)).toBe(e);
    expect(activeExclusion([e], new Date(T0.getTime() + 24 * H - 1))).toBe(e);
    expect(activeExclusion([e], new Date(T0.getTime() + 24 * H))).toBeNull();
  });

  it("the one that ends last wins; permanent beats any end", () => {
    const short = ex("s", T0, new Date(T0.getTime() + H), "timeout");
    const long = ex("l", T0, new Date(T0.getTime() + 48 * H));
    const perm = ex("p", T0, null);
    expect(activeExclusion([short, long], T0)).toBe(long);
    expect(activeExclusion([long, perm, short], T0)).toBe(perm);
  });
});

describe("asking for an exclusion", () => {
  it("is refused when one in force would outlast it (it cannot be shortened)", () => {
    const week = ex("w", T0, exclusionEnd("1w", T0));
    const r = planExclusion([week], { id: "b", kind: "timeout", endsAt: new Date(T0.getTime() + 15 * 60_000), reason: null }, T0);
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });

  it("a longer one is accepted and starts now", () => {
    const day = ex("d", T0, exclusionEnd("24h", T0));
    const r = planExclusion([day], { id: "m", kind: "self_exclusion", endsAt: exclusionEnd("1m", T0), reason: "too much" }, T0);
    expect(r).toEqual({ ok: true, value: { id: "m", kind: "self_exclusion", startedAt: T0, endsAt: exclusionEnd("1m", T0), reason: "too much" } });
  });

  it("nothing outlasts a permanent exclusion", () => {
    const r = planExclusion([ex("p", T0, null)], { id: "x", kind: "self_exclusion", endsAt: null, reason: null }, T0);
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });
});
