import { describe, expect, it } from "vitest";
import { coveredMs, sessionResult, sessionStats } from "./session-stats.ts";

const M = 60_000;
const NOW = new Date("2026-11-21T10:00:00.000Z");
const ago = (min: number) => new Date(NOW.getTime() - min * M);

describe("session statistics", () => {
  it("merges overlapping intervals so time is never counted twice", () => {
    expect(coveredMs([[0, 10], [5, 20], [30, 40]], 0, 100)).toBe(30);
    expect(coveredMs([[0, 10], [5, 20]], 8, 12)).toBe(4);
  });

  it("current minutes from the session start; today from UTC midnight; weekly average over 7 days; longest", () => {
    const s = sessionStats({
      now: NOW,
      current: { sessionId: "cur", startedAt: ago(45) },
      sessions: [
        { sessionId: "cur", startedAt: ago(45), lastSeenAt: ago(1) },
        // Earlier today, 09:00 to 09:30 overlaps the current one from 09:15: 15 extra minutes.
        { sessionId: "a", startedAt: ago(60), lastSeenAt: ago(30) },
        // Yesterday 23:00 to 01:00: one hour of it is today.
        { sessionId: "b", startedAt: ago(11 * 60), lastSeenAt: ago(9 * 60) },
        // Four days ago: 140 minutes.
        { sessionId: "c", startedAt: ago(4 * 24 * 60), lastSeenAt: ago(4 * 24 * 60 - 140) },
      ],
      longestMs: 140 * M,
    });
    expect(s.minutes).toBe(45);
    expect(s.todayMinutes).toBe(60 + 60);
    expect(s.weeklyAverageMinutes).toBe(Math.floor((60 + 120 + 140) / 7));
    expect(s.longestMinutes).toBe(140);
  });
});

describe("session net result", () => {
  it("leaves open stakes and unresolved contest entry fees out of the net, reported as open", () => {
    // A settled bet lost (-10.00), a settled bet won (-5.00 stake, +12.50 payout), a pending bet
    // (-20.00) and an unresolved contest entry fee (-3.00): the net is -2.50, 23.00 is open.
    expect(
      sessionResult([
        { amount: -1_000, open: false },
        { amount: -500, open: false },
        { amount: 1_250, open: false },
        { amount: -2_000, open: true },
        { amount: -300, open: true },
      ]),
    ).toEqual({ net: -250, openStakes: 2_300 });
  });

  it("counts a resolved entry's fee and its payout or refund; nothing moved is zero", () => {
    expect(sessionResult([{ amount: -300, open: false }, { amount: 300, open: false }])).toEqual({ net: 0, openStakes: 0 });
    expect(sessionResult([{ amount: -300, open: false }])).toEqual({ net: -300, openStakes: 0 });
    expect(sessionResult([])).toEqual({ net: 0, openStakes: 0 });
  });
});
