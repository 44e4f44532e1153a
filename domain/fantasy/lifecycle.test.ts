import { describe, expect, it } from "vitest";
import { CANCEL_FROM, lockNowProblem, nextStep, SETTLE_FROM, startWhenLockedAt, takesEntries } from "./lifecycle.ts";
import type { ContestStatus } from "./types.ts";

const startTime = new Date("2026-01-01T10:00:00Z");
const endTime = new Date("2026-01-01T13:00:00Z");
const before = new Date("2026-01-01T09:59:59Z");
const during = new Date("2026-01-01T11:00:00Z");
const after = new Date("2026-01-01T13:00:00Z");
const contest = (status: ContestStatus, currentEntries = 5, minEntries = 2) => ({ status, startTime, endTime, currentEntries, minEntries });

describe("the next lifecycle step", () => {
  it("an open contest waits for its start, then locks, or cancels if short of its minimum entries", () => {
    expect(nextStep(contest("open"), before)).toBe("none");
    expect(nextStep(contest("open"), startTime)).toBe("lock");
    expect(nextStep(contest("open", 2, 2), during)).toBe("lock");
    expect(nextStep(contest("open", 1, 2), startTime)).toBe("cancel");
    expect(nextStep(contest("open", 0, 1), after)).toBe("cancel");
  });
  it("a guaranteed contest always runs: short of its minimum it still locks; only with no entry at all is it cancelled", () => {
    expect(nextStep({ ...contest("open", 1, 2), guaranteedPrize: 90_000 }, startTime)).toBe("lock");
    expect(nextStep({ ...contest("open", 0, 2), guaranteedPrize: 90_000 }, startTime)).toBe("cancel");
    expect(nextStep({ ...contest("open", 1, 2), guaranteedPrize: 0 }, startTime)).toBe("cancel");
  });
  it("locked goes live; live scores until the end time, then settles", () => {
    expect(nextStep(contest("locked"), during)).toBe("go_live");
    expect(nextStep(contest("live"), during)).toBe("score");
    expect(nextStep(contest("live"), new Date(endTime.getTime() - 1))).toBe("score");
    expect(nextStep(contest("live"), after)).toBe("settle");
  });
  it("settled and cancelled contests are final", () => {
    expect(nextStep(contest("settled"), after)).toBe("none");
    expect(nextStep(contest("cancelled"), after)).toBe("none");
  });
  it("operators settle locked or live contests and cancel any unfinished one", () => {
    expect(SETTLE_FROM).toEqual(["locked", "live"]);
    expect(CANCEL_FROM).toEqual(["open", "locked", "live"]);
  });
  it("entries are taken only while open and before the start time", () => {
    expect(takesEntries(contest("open"), before)).toBe(true);
    expect(takesEntries(contest("open"), startTime)).toBe(false);
    expect(takesEntries(contest("locked"), before)).toBe(false);
  });
  it("an operator locks only an open contest, and only with the entries it needs to run", () => {
    expect(lockNowProblem(contest("open", 2, 2))).toBeNull();
    expect(lockNowProblem(contest("open", 1, 2))).toBe("too_few_entries");
    expect(lockNowProblem({ ...contest("open", 1, 2), guaranteedPrize: 90_000 })).toBeNull();
    expect(lockNowProblem({ ...contest("open", 0, 1), guaranteedPrize: 90_000 })).toBe("too_few_entries");
    for (const status of ["locked", "live", "settled", "cancelled"] as const) expect(lockNowProblem(contest(status))).toBe("not_open");
  });
  it("a contest locked now starts now; one already past its start keeps it; either way the next pass takes it live", () => {
    expect(startWhenLockedAt(contest("open"), before)).toEqual(before);
    expect(startWhenLockedAt(contest("open"), during)).toEqual(startTime);
    expect(nextStep({ ...contest("locked"), startTime: before }, before)).toBe("go_live");
    expect(takesEntries({ status: "open", startTime: startWhenLockedAt(contest("open"), before) }, before)).toBe(false);
  });
});
