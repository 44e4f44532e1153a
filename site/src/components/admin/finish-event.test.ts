import { describe, expect, it } from "vitest";
import { finishConsequence, finishesEarly, scoreOf } from "./finish-event.ts";

const upcoming = { sport: "soccer", startTime: "2026-11-21T18:00:00Z", homeScore: null, awayScore: null };

describe("Set Finished says what it does", () => {
  it("is early while the start time is ahead", () => {
    expect(finishesEarly(upcoming, new Date("2026-11-21T12:00:00Z"))).toBe(true);
    expect(finishesEarly(upcoming, new Date("2026-11-21T18:00:00Z"))).toBe(false);
  });
  it("without a score the markets close and the open bets stay pending", () => {
    expect(finishConsequence(upcoming, null, 6)).toBe("No score: its markets close without a result, and its 6 open bets stay pending until each market is settled or voided.");
    expect(finishConsequence(upcoming, null, null)).toMatch(/its open bets stay pending/);
  });
  it("with a score, or the live score, every market is graded and the bets paid", () => {
    expect(finishConsequence(upcoming, { home: 0, away: 2 }, 1)).toBe("Every market is graded from the final score 0–2 and its 1 open bet is settled and paid at once.");
    expect(finishConsequence({ ...upcoming, homeScore: 1, awayScore: 1 }, null, 3)).toMatch(/current score 1–1/);
  });
  it("a race is not graded from a score", () => {
    expect(finishConsequence({ ...upcoming, sport: "racing" }, null, 2)).toMatch(/finishing order/);
  });
  it("reads score boxes", () => {
    expect(scoreOf("")).toBeNull();
    expect(scoreOf(" 3 ")).toBe(3);
    expect(scoreOf("-1")).toBeUndefined();
    expect(scoreOf("2.5")).toBeUndefined();
  });
});
