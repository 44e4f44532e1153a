import { describe, expect, it } from "vitest";
import { alertsToResolve, bankrollOf, exposureAlerts, exposureThreshold, liabilityAlerts, steamAlerts } from "./alerts.ts";
import { liabilityFromBets, marketPositions, type BookBet, type BookMarket } from "./liability.ts";

const market: BookMarket = {
  id: "m", eventId: "e", eventName: "Arsenal vs Chelsea", eventStatus: "live", sport: "soccer", sportName: "Soccer",
  homeTeam: "Arsenal", awayTeam: "Chelsea", startTime: new Date(0), type: "full_time_result", name: "Match Result",
  status: "open", liabilityLimit: 100_000, updatedAt: new Date(0),
  outcomes: [{ id: "m-o1", name: "Arsenal", priceMilli: 3000 }, { id: "m-o2", name: "Chelsea", priceMilli: 1500 }],
};
const bet = (stake: number) => ({
  id: `b${stake}`, userId: "u", betType: "single" as const, stake, potentialReturn: stake * 3, placedAt: new Date(0),
  legs: [{ marketId: "m", outcomeId: "m-o1", oddsMilli: 3000, result: "pending" as const }],
});

const positions = (bets: BookBet[]) => marketPositions([market], bets, liabilityFromBets(bets));

describe("trading alerts", () => {
  it("raises a critical liability alert over the limit, keyed by how many times over", () => {
    expect(liabilityAlerts(positions([bet(40_000)]))).toEqual([]); // liability 80,000 < 100,000
    const [a] = liabilityAlerts(positions([bet(60_000)]));
    expect(a).toMatchObject({ type: "liability_limit", severity: "critical", marketId: "m", eventName: "Arsenal vs Chelsea", key: "liability_limit:m:L1", subject: "liability_limit:m", level: 1 });
    expect(a.message).toBe("Liability on Match Result (Arsenal vs Chelsea) is $1,200.00, over its limit of $1,000.00");
    expect(liabilityAlerts(positions([bet(120_000)]))[0]).toMatchObject({ key: "liability_limit:m:L2", level: 2 });
  });

  it("raises an exposure alert over 3 % of the bankroll (house balance + base)", () => {
    expect(bankrollOf(-50_000, 2_000_000)).toBe(1_950_000);
    expect(bankrollOf(-5_000_000, 2_000_000)).toBe(0);
    expect(exposureThreshold(2_000_000)).toBe(60_000);
    expect(exposureAlerts([{ eventId: "e", eventName: "E", exposure: 60_000 }], 2_000_000)).toEqual([]);
    const [w] = exposureAlerts([{ eventId: "e", eventName: "E", exposure: 60_001 }], 2_000_000);
    expect(w).toMatchObject({ type: "exposure", severity: "warning", key: "exposure:e:L1", subject: "exposure:e", level: 1 });
    expect(w.message).toContain("over 3% of the bankroll ($600.00 of $20,000.00)");
    expect(exposureAlerts([{ eventId: "e", eventName: "E", exposure: 130_000 }], 2_000_000)[0]).toMatchObject({ severity: "critical", key: "exposure:e:L2", level: 2 });
    expect(exposureAlerts([{ eventId: "e", eventName: "E", exposure: 1 }], 0)).toEqual([]);
  });

  it("turns steam moves into alerts on known markets", () => {
    const steam = {
      outcomeId: "m-o1", marketId: "m", direction: "shortening" as const, moves: 3, fromMilli: 3000, toMilli: 2700, changePercent: 10,
      startedAt: new Date(0), endedAt: new Date(0), firstMoveId: 42,
    };
    const [a] = steamAlerts([steam, { ...steam, marketId: "gone" }], new Map([["m", market]]));
    expect(a).toMatchObject({ type: "steam_move", severity: "warning", key: "steam_move:m-o1:42", eventId: "e" });
    expect(a.message).toBe("Steam move: Arsenal (Match Result) shortening from 3.00 to 2.70 in 3 moves (10%)");
    expect(steamAlerts([{ ...steam, changePercent: 6 }], new Map([["m", market]]))[0].severity).toBe("info");
  });

  it("clears an open alert when its subject's level falls below its own, or its event is no longer running", () => {
    const cand = (subject: string, level: number, eventId = "e") =>
      ({ key: `${subject}:L${level}`, subject, level, type: "exposure", severity: "warning", message: "", eventId, eventName: "E", marketId: null }) as const;
    const open = [
      { id: "a1", subject: "exposure:e", level: 1, eventId: "e" }, // still at level 2: stays
      { id: "a2", subject: "exposure:e", level: 3, eventId: "e" }, // fell to 2: clears
      { id: "a3", subject: "liability_limit:m", level: 1, eventId: "e" }, // no longer over: clears
      { id: "a4", subject: null, level: 1, eventId: "e" }, // a steam move on a running event: stays
      { id: "a5", subject: null, level: 1, eventId: "done" }, // its event finished or settled: clears
      { id: "a6", subject: "exposure:done", level: 1, eventId: "done" },
    ];
    expect(alertsToResolve(open, [cand("exposure:e", 2), cand("exposure:done", 1, "done")], new Set(["e"]))).toEqual(["a2", "a3", "a5", "a6"]);
  });
});
