import { describe, expect, it } from "vitest";
import {
  activeExclusion, addMonthsUtc, exclusionEnd, exclusionRefusal, inForce, inheritedExclusions, kindOfPeriod, planExclusion, planReturn, stageOf, type Exclusion,
} from "./exclusion.ts";

const T0 = new Date("2026-01-31T12:00:00.000Z");
const H = 3_600_000;
const ex = (id: string, startedAt: Date, endsAt: Date | null, kind: Exclusion["kind"] = "self_exclusion"): Exclusion =>
  ({ id, kind, startedAt, endsAt, reason: null });

describe("exclusion periods", () => {
  it("24h, 1w and 6w are fixed lengths; months and years are calendar months in UTC", () => {
    expect(exclusionEnd("24h", T0)).toEqual(new Date("2026-02-01T12:00:00.000Z"));
    expect(exclusionEnd("1w", T0)).toEqual(new Date("2026-02-07T12:00:00.000Z"));
    // 31 January + 1 month = the last day of February.
    expect(exclusionEnd("1m", T0)).toEqual(new Date("2026-02-28T12:00:00.000Z"));
    expect(exclusionEnd("6w", T0)).toEqual(new Date("2026-03-14T12:00:00.000Z"));
    expect(exclusionEnd("6m", T0)).toEqual(new Date("2026-07-31T12:00:00.000Z"));
    expect(exclusionEnd("1y", T0)).toEqual(new Date("2027-01-31T12:00:00.000Z"));
    expect(exclusionEnd("5y", T0)).toEqual(new Date("2031-01-31T12:00:00.000Z"));
    expect(exclusionEnd("permanent", T0)).toBeNull();
    expect(addMonthsUtc(new Date("2027-11-30T00:00:00Z"), 3)).toEqual(new Date("2028-02-29T00:00:00Z"));
  });
});

describe("which exclusion is in force", () => {
  it("a time-out is in force from its start until (not including) its end", () => {
    const e = ex("a", T0, new Date(T0.getTime() + 24 * H), "timeout");
    expect(activeExclusion([e], new Date(T0.getTime() - 1))).toBeNull();
    expect(activeExclusion([e], T0)).toBe(e);
    expect(activeExclusion([e], new Date(T0.getTime() + 24 * H - 1))).toBe(e);
    expect(activeExclusion([e], new Date(T0.getTime() + 24 * H))).toBeNull();
  });

  it("self-exclusion beats a time-out; permanent beats any end", () => {
    const short = ex("s", T0, new Date(T0.getTime() + H), "timeout");
    const long = ex("l", T0, new Date(T0.getTime() + 48 * H));
    expect(activeExclusion([ex("t", T0, new Date(T0.getTime() + 100 * H), "timeout"), long], T0)).toBe(long);
    const perm = ex("p", T0, null);
    expect(activeExclusion([short, long], T0)).toBe(long);
    expect(activeExclusion([long, perm, short], T0)).toBe(perm);
  });
});

describe("asking for an exclusion", () => {
  it("time-outs and self-exclusions have their own periods", () => {
    expect(["24h", "1w", "1m", "6w"].map((p) => kindOfPeriod(p as never))).toEqual(["timeout", "timeout", "timeout", "timeout"]);
    expect(["6m", "1y", "5y", "permanent"].map((p) => kindOfPeriod(p as never))).toEqual(Array(4).fill("self_exclusion"));
  });

  it("a shorter time-out is refused while a longer one runs (it cannot be shortened)", () => {
    const week = ex("w", T0, exclusionEnd("1w", T0), "timeout");
    const r = planExclusion([week], { id: "b", kind: "timeout", endsAt: new Date(T0.getTime() + 15 * 60_000), reason: null }, T0);
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });

  it("no time-out replaces a self-exclusion, however long", () => {
    const sx = ex("s", T0, exclusionEnd("6m", T0));
    const r = planExclusion([sx], { id: "t", kind: "timeout", endsAt: exclusionEnd("6w", T0), reason: null }, T0);
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });

  it("a self-exclusion can follow a time-out and starts now", () => {
    const day = ex("d", T0, exclusionEnd("24h", T0), "timeout");
    const r = planExclusion([day], { id: "m", kind: "self_exclusion", endsAt: exclusionEnd("6m", T0), reason: "too much" }, T0);
    expect(r.ok && r.value).toMatchObject({ id: "m", kind: "self_exclusion", startedAt: T0, endsAt: exclusionEnd("6m", T0), reason: "too much" });
  });

  it("nothing outlasts a permanent exclusion", () => {
    const r = planExclusion([ex("p", T0, null)], { id: "x", kind: "self_exclusion", endsAt: null, reason: null }, T0);
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });
});

describe("the end of a self-exclusion: positive action, then a 24-hour cooling-off", () => {
  const end = exclusionEnd("6m", T0)!;
  const after = new Date(end.getTime() + 30 * 24 * H);
  const sx = ex("s", T0, end);

  it("stays in force after its period until the customer asks to return", () => {
    expect(inForce(sx, after)).toBe(true);
    expect(stageOf(sx, new Date(end.getTime() - 1))).toBe("period");
    expect(stageOf(sx, end)).toBe("awaiting_return");
  });

  it("asking to return during the period is refused (no early lifting)", () => {
    const r = planReturn([sx], new Date(end.getTime() - 1));
    expect(!r.ok && r.error).toMatchObject({ code: "RG.EXCLUSION_ACTIVE", details: { stage: "period" } });
  });

  it("after the period, asking opens access 24 hours later, not sooner", () => {
    const r = planReturn([sx], after);
    expect(r.ok && r.value).toEqual({ exclusionIds: ["s"], requestedAt: after, accessAt: new Date(after.getTime() + 24 * H) });
    const returned: Exclusion = { ...sx, returnRequestedAt: after, returnAccessAt: new Date(after.getTime() + 24 * H) };
    expect(stageOf(returned, new Date(after.getTime() + H))).toBe("cooling_off");
    expect(inForce(returned, new Date(after.getTime() + 24 * H - 1))).toBe(true);
    expect(inForce(returned, new Date(after.getTime() + 24 * H))).toBe(false);
    const again = planReturn([returned], new Date(after.getTime() + H));
    expect(!again.ok && again.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });

  it("a permanent self-exclusion and a time-out have no return", () => {
    expect(planReturn([ex("p", T0, null)], after).ok).toBe(false);
    const t = ex("t", T0, exclusionEnd("6w", T0), "timeout");
    expect(!planReturn([t], T0).ok && (planReturn([t], T0) as { error: { code: string } }).error.code).toBe("RG.EXCLUSION_ACTIVE");
    expect(!planReturn([], T0).ok && (planReturn([], T0) as { error: { code: string } }).error.code).toBe("RG.NOT_EXCLUDED");
  });
});

describe("inherited exclusions", () => {
  it("copies each exclusion in force once, with its start and end, naming the source account", () => {
    const sx = ex("s", T0, exclusionEnd("1y", T0));
    const old = ex("o", new Date(T0.getTime() - 100 * H), new Date(T0.getTime() - H), "timeout");
    let n = 0;
    const copies = inheritedExclusions([{ userId: "usr-a", exclusions: [sx, old] }], [], T0, () => `c${++n}`);
    expect(copies).toEqual([expect.objectContaining({ id: "c1", kind: "self_exclusion", startedAt: T0, endsAt: sx.endsAt, sourceUserId: "usr-a" })]);
    expect(inheritedExclusions([{ userId: "usr-a", exclusions: [sx] }], copies, T0, () => "x")).toEqual([]);
  });
});

describe("refusals carry no raw timestamps", () => {
  const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
  it("the message is words; the instants are ISO in details for the site to say in the customer's format", () => {
    const sx = ex("s", T0, exclusionEnd("6m", T0));
    const bet = exclusionRefusal(sx, T0);
    expect(bet.message).toBe("You are self-excluded until the end of the period you chose");
    expect(bet.details).toEqual({ kind: "self_exclusion", until: "2026-07-31T12:00:00.000Z", stage: "period", returnAccessAt: null });
    const shorten = planExclusion([sx], { id: "t", kind: "timeout", endsAt: exclusionEnd("24h", T0), reason: null }, T0);
    expect(!shorten.ok && shorten.error.message).not.toMatch(ISO);
    expect(!shorten.ok && shorten.error.details).toMatchObject({ until: "2026-07-31T12:00:00.000Z" });
    const after = new Date(exclusionEnd("6m", T0)!.getTime() + H);
    const back = { ...sx, returnRequestedAt: after, returnAccessAt: new Date(after.getTime() + 24 * H) };
    const cooling = exclusionRefusal(back, after);
    expect(cooling.message).not.toMatch(ISO);
    expect(cooling.details).toMatchObject({ stage: "cooling_off", returnAccessAt: new Date(after.getTime() + 24 * H).toISOString() });
  });
});
