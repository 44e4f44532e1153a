import { describe, expect, it } from "vitest";
import { buildHeatmap, HEATMAP_COLUMNS, HEATMAP_ROWS, inRange } from "./heatmap.ts";
import { liabilityFromBets, type BookBet, type BookMarket } from "./liability.ts";

const market = (id: string, sport: BookMarket["sport"], type: BookMarket["type"], prices = [2000, 2000]): BookMarket => ({
  id, eventId: `e-${id}`, eventName: `E ${id}`, eventStatus: "upcoming", sport, sportName: sport, homeTeam: "H", awayTeam: "A",
  startTime: new Date(0), type, name: type, status: "open", liabilityLimit: 200_000_000, updatedAt: new Date(0),
  outcomes: prices.map((p, i) => ({ id: `${id}-o${i + 1}`, name: `o${i + 1}`, priceMilli: p })),
});
const bet = (id: string, legs: [string, number, number][], stake: number, potentialReturn: number, placedAt = new Date("2026-11-21T11:30:00Z")): BookBet => ({
  id, userId: "u", betType: legs.length > 1 ? "multiple" : "single", stake, potentialReturn, placedAt,
  legs: legs.map(([m, o, odds]) => ({ marketId: m, outcomeId: `${m}-o${o}`, oddsMilli: odds, result: "pending" as const })),
});

describe("risk heatmap", () => {
  const markets = [
    market("s1", "soccer", "full_time_result", [1900, 1900]),
    market("s2", "soccer", "over_under"),
    market("r1", "nrl", "full_time_result"),
    market("b1", "basketball", "handicap"),
    market("n1", "nfl", "full_time_result"),
    market("c1", "soccer", "correct_score"),
  ];

  it("has every spec row and column, in order", () => {
    const cells = buildHeatmap(markets, [], new Map());
    expect(cells).toHaveLength(HEATMAP_ROWS.length * HEATMAP_COLUMNS.length);
    expect(cells.slice(0, 5).map((c) => [c.sport, c.market])).toEqual(HEATMAP_COLUMNS.map((col) => ["Soccer", col]));
    expect(cells.every((c) => c.riskValue === 0 && c.band === "minimal")).toBe(true);
    expect(cells.find((c) => c.sport === "Soccer" && c.market === "FT Win")!.margin).toBe(5);
  });

  it("maps sports to rows (NRL is Rugby), market types to columns, singles only; multiples go to Parlay", () => {
    const bets = [
      bet("a", [["s1", 1, 1900]], 10_000, 19_000),
      bet("b", [["r1", 2, 2000]], 100_000, 200_000),
      bet("c", [["n1", 1, 2000]], 50_000, 100_000), // NFL: no row
      bet("d", [["c1", 1, 2000]], 50_000, 100_000), // correct score: no column
      bet("p", [["s2", 1, 2000], ["b1", 2, 2000]], 1_000, 4_000),
    ];
    const cells = buildHeatmap(markets, bets, liabilityFromBets(bets));
    const cell = (s: string, m: string) => cells.find((c) => c.sport === s && c.market === m)!;
    expect(cell("Soccer", "FT Win")).toMatchObject({ activeBets: 1, exposure: 19_000, liability: 9_000, averageStake: 10_000, maxPayout: 19_000, marketIds: ["s1"] });
    expect(cell("Rugby", "FT Win")).toMatchObject({ activeBets: 1, liability: 100_000, riskValue: 60, band: "medium" });
    // No single on it, but the multiple's leg there is in the liability placement holds against its limit.
    expect(cell("Soccer", "O/U")).toMatchObject({ activeBets: 0, liability: 3_000, marketIds: ["s2"] });
    expect(cell("Basketball", "Handicap")).toMatchObject({ activeBets: 0, liability: 3_000 });
    expect(cell("Soccer", "Parlay")).toMatchObject({ activeBets: 1, exposure: 4_000, liability: 3_000, marketIds: ["s2"] });
    // A multiple is counted once, in the row of its first pending leg (docs/money.md "Liability").
    expect(cell("Basketball", "Parlay")).toMatchObject({ activeBets: 0, exposure: 0, marketIds: [] });
    expect(cell("Soccer", "Player")).toMatchObject({ activeBets: 0, exposure: 0, marketIds: [] });
    expect(cells.reduce((s, c) => s + (c.market === "Parlay" ? 0 : c.activeBets), 0)).toBe(2);
  });

  it("a cell over its market's limit is critical", () => {
    const tight = { ...market("s1", "soccer", "full_time_result"), liabilityLimit: 10_000 };
    const over = [bet("a", [["s1", 1, 2000]], 20_000, 40_000)];
    const cells = buildHeatmap([tight], over, liabilityFromBets(over));
    expect(cells[0]).toMatchObject({ riskValue: 100, band: "critical" });
  });

  it("counts only bets placed within the range", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const bets = [
      bet("new", [["s1", 1, 2000]], 1_000, 2_000, new Date("2026-11-21T11:30:00Z")),
      bet("day", [["s1", 1, 2000]], 1_000, 2_000, new Date("2026-11-20T20:00:00Z")),
      bet("week", [["s1", 1, 2000]], 1_000, 2_000, new Date("2026-11-16T12:00:00Z")),
      bet("old", [["s1", 1, 2000]], 1_000, 2_000, new Date("2026-11-01T12:00:00Z")),
    ];
    expect(inRange(bets, "1h", now).map((b) => b.id)).toEqual(["new"]);
    expect(inRange(bets, "24h", now).map((b) => b.id)).toEqual(["new", "day"]);
    expect(inRange(bets, "7d", now).map((b) => b.id)).toEqual(["new", "day", "week"]);
  });
});
