import { describe, expect, it } from "vitest";
import {
  aggregate, bookTotals, currentPotentialReturn, liabilityFromBets, marketPositions as positionsWith, openAt, overroundPercent,
  publicPercentages, riskBand, riskLevelOf, riskValue, type BookBet, type BookMarket,
} from "./liability.ts";

/** Positions with each outcome's liability as the running totals would hold it for these open bets. */
const marketPositions = (markets: BookMarket[], bets: BookBet[]) => positionsWith(markets, bets, liabilityFromBets(bets));

const market = (id: string, prices: number[], over: Partial<BookMarket> = {}): BookMarket => ({
  id,
  eventId: `evt-${id}`,
  eventName: `Event ${id}`,
  eventStatus: "upcoming",
  sport: "soccer",
  sportName: "Soccer",
  homeTeam: "Home",
  awayTeam: "Away",
  startTime: new Date("2026-11-21T12:00:00Z"),
  type: "full_time_result",
  name: "Match Result",
  status: "open",
  liabilityLimit: 200_000_000,
  updatedAt: new Date("2026-11-21T10:00:00Z"),
  outcomes: prices.map((p, i) => ({ id: `${id}-o${i + 1}`, name: `O${i + 1}`, priceMilli: p })),
  ...over,
});

let n = 0;
const single = (marketId: string, outcome: number, stake: number, odds: number, placedAt = new Date("2026-11-21T09:00:00Z")): BookBet => ({
  id: `b${++n}`,
  userId: "u1",
  betType: "single",
  stake,
  potentialReturn: Math.floor((stake * odds) / 1000),
  placedAt,
  legs: [{ marketId, outcomeId: `${marketId}-o${outcome}`, oddsMilli: odds, result: "pending" }],
});

describe("overround", () => {
  it("is 1 - 1/sum(1/price) as a percent", () => {
    expect(overroundPercent([2000, 2000])).toBe(0);
    expect(overroundPercent([1900, 1900])).toBe(5); // book 1.0526 -> 5 %
    expect(overroundPercent([2500, 3200, 2900])).toBe(5.42);
    expect(overroundPercent([2000])).toBe(0);
  });
});

describe("liability: the running totals' sum", () => {
  it("is, per outcome, potential return - stake of every pending bet with a leg on it; a multiple counts on every leg", () => {
    const acca: BookBet = {
      id: "acca", userId: "u", betType: "multiple", stake: 1_000, potentialReturn: 6_000, placedAt: new Date(0),
      legs: [
        { marketId: "a", outcomeId: "a-o1", oddsMilli: 2000, result: "won" },
        { marketId: "b", outcomeId: "b-o1", oddsMilli: 3000, result: "pending" },
      ],
    };
    expect(liabilityFromBets([acca, single("a", 1, 2_000, 2500), single("b", 2, 1_000, 1500)])).toEqual(
      new Map([["a-o1", 5_000 + 3_000], ["b-o1", 5_000], ["b-o2", 500]]),
    );
  });

  it("is what every screen shows: a market's liability is its largest outcome's, against its own limit", () => {
    const m = market("m", [2000, 3500, 4000], { liabilityLimit: 20_000 });
    const [p] = positionsWith([m], [], new Map([["m-o1", 15_000], ["m-o3", 6_000]]));
    expect(p.outcomes.map((o) => o.liability)).toEqual([15_000, 0, 6_000]);
    expect(p.liability).toBe(15_000);
    expect(p.limitUsage).toBe(75);
    expect(p.riskValue).toBe(75);
  });
});

describe("market positions from singles", () => {
  it("owes each outcome's backers their potential return, minus every stake taken on the market", () => {
    const m = market("m", [2000, 3500, 4000]);
    const bets = [single("m", 1, 10_000, 2000), single("m", 1, 5_000, 2000), single("m", 3, 2_000, 4000)];
    const [p] = marketPositions([m], bets);
    expect(p.stakes).toBe(17_000);
    expect(p.outcomes.map((o) => o.payout)).toEqual([30_000, 0, 8_000]);
    expect(p.outcomes.map((o) => o.net)).toEqual([13_000, -17_000, -9_000]);
    // Liability: each outcome's own bets (20,000 - 10,000 + 10,000 - 5,000), never netted against the others' stakes.
    expect(p.outcomes.map((o) => o.liability)).toEqual([15_000, 0, 6_000]);
    expect(p.liability).toBe(15_000);
    expect(p.exposure).toBe(30_000);
    expect(p.bets).toBe(3);
    expect(p.singles).toBe(3);
    expect(p.maxPayout).toBe(20_000);
    expect(p.margin).toBe(overroundPercent([2000, 3500, 4000]));
    expect(p.limitUsage).toBe(0.01);
  });

  it("a balanced book nets to nothing, but each outcome still carries the liability its limit counts", () => {
    const m = market("m", [2000, 2000]);
    const [p] = marketPositions([m], [single("m", 1, 10_000, 2000), single("m", 2, 10_000, 2000)]);
    expect(p.outcomes.map((o) => o.net)).toEqual([0, 0]);
    expect(p.liability).toBe(10_000);
    expect(p.exposure).toBe(20_000);
  });

  it("ignores bets on markets that are not in the book, and settled legs", () => {
    const m = market("m", [2000, 2000]);
    const other = single("x", 1, 10_000, 2000);
    const settledLeg = { ...single("m", 1, 10_000, 2000), legs: [{ marketId: "m", outcomeId: "m-o1", oddsMilli: 2000, result: "won" as const }] };
    const [p] = positionsWith([m], [other, settledLeg], new Map());
    expect(p.bets).toBe(0);
    expect(p.liability).toBe(0);
  });
});

describe("multiples", () => {
  const multiple = (legs: BookBet["legs"], stake: number, potentialReturn: number): BookBet => ({
    id: `b${++n}`, userId: "u2", betType: "multiple", stake, potentialReturn, placedAt: new Date("2026-11-21T09:00:00Z"), legs,
  });

  it("count a multiple once, on its first pending leg's outcome: the sum over markets is what every open bet pays", () => {
    const a = market("a", [2000, 3200, 4000]); // home / draw / away
    const b = market("b", [3000, 1500]);
    const acca = multiple(
      [
        { marketId: "a", outcomeId: "a-o1", oddsMilli: 2000, result: "pending" },
        { marketId: "b", outcomeId: "b-o1", oddsMilli: 3000, result: "pending" },
      ],
      1_000,
      6_000,
    );
    // A single on the draw: 20.00 at 3.20 pays 64.00; a single on b's second outcome: 10.00 at 1.50 pays 15.00.
    const draw = single("a", 2, 2_000, 3200);
    const bSingle = single("b", 2, 1_000, 1500);
    const [pa, pb] = marketPositions([a, b], [acca, draw, bSingle]);
    // Market a: the multiple (60.00 on home) and the draw single (64.00); stakes 10.00 + 20.00.
    expect(pa.outcomes.map((o) => o.payout)).toEqual([6_000, 6_400, 0]);
    expect(pa.stakes).toBe(3_000);
    expect(pa.outcomes.map((o) => o.net)).toEqual([3_000, 3_400, -3_000]);
    expect(pa.exposure).toBe(6_400); // the draw is the worst case
    // The multiple's 50.00 sits on home here and on b's first outcome too (the limit counts it on each).
    expect(pa.outcomes.map((o) => o.liability)).toEqual([5_000, 4_400, 0]);
    expect(pa.liability).toBe(5_000);
    expect(pa.payout).toBe(12_400);
    expect(pa.multiples).toBe(1);
    expect(pa.singlesOnly.outcomes.map((o) => o.payout)).toEqual([0, 6_400, 0]);
    // Market b: only its single; the multiple is not counted again.
    expect(pb.outcomes.map((o) => o.payout)).toEqual([0, 1_500]);
    expect(pb.stakes).toBe(1_000);
    expect(pb.multiples).toBe(0);
    const totals = bookTotals([pa, pb]);
    expect(totals.payout).toBe(6_000 + 6_400 + 1_500); // every open bet's potential return, once
    expect(totals.exposure).toBe(6_400 + 1_500);
    expect(pb.outcomes.map((o) => o.liability)).toEqual([5_000, 500]);
    expect(totals.liability).toBe(5_000 + 5_000);
  });

  it("a won leg no longer counts in its market; a void leg lowers the payout; a lost leg ends it", () => {
    const a = market("a", [2000, 2000]);
    const b = market("b", [3000, 1500]);
    const wonLeg = multiple(
      [
        { marketId: "a", outcomeId: "a-o1", oddsMilli: 2000, result: "won" },
        { marketId: "b", outcomeId: "b-o1", oddsMilli: 3000, result: "pending" },
      ],
      1_000,
      6_000,
    );
    const voidLeg = multiple(
      [
        { marketId: "a", outcomeId: "a-o1", oddsMilli: 2000, result: "void" },
        { marketId: "b", outcomeId: "b-o2", oddsMilli: 1500, result: "pending" },
      ],
      1_000,
      3_000,
    );
    const lostLeg = multiple(
      [
        { marketId: "a", outcomeId: "a-o2", oddsMilli: 2000, result: "lost" },
        { marketId: "b", outcomeId: "b-o2", oddsMilli: 1500, result: "pending" },
      ],
      1_000,
      3_000,
    );
    expect(currentPotentialReturn(voidLeg)).toBe(1_500);
    expect(currentPotentialReturn(lostLeg)).toBe(0);
    // A bet with a lost leg has left pending (lost): the running totals no longer hold it.
    const [pa, pb] = positionsWith([a, b], [wonLeg, voidLeg, lostLeg], liabilityFromBets([wonLeg, voidLeg]));
    expect(pa.bets).toBe(0); // the won leg is behind the first two; the void leg is not pending
    expect(pb.bets).toBe(2);
    expect(pb.outcomes.map((o) => o.payout)).toEqual([6_000, 1_500]);
    expect(pb.stakes).toBe(2_000);
    expect(pb.outcomes.map((o) => o.liability)).toEqual([5_000, 2_000]);
    expect(pb.liability).toBe(5_000);
  });
});

describe("risk value and bands", () => {
  it("is the larger of limit usage and a log scale of the liability", () => {
    expect(riskValue(0, 200_000_000)).toBe(0);
    expect(riskValue(10_000, null)).toBe(40); // 100.00
    expect(riskValue(100_000, null)).toBe(60); // 1,000.00
    expect(riskValue(1_000_000, null)).toBe(80); // 10,000.00
    expect(riskValue(10_000_000, null)).toBe(100);
    expect(riskValue(150_000, 200_000)).toBe(75); // 75 % of the limit beats the log scale (63)
    expect(riskValue(300_000, 200_000)).toBe(100);
  });

  it("bands follow the spec: above 80, 60, 40, 20, and the rest", () => {
    expect([100, 81, 80, 61, 60, 41, 40, 21, 20, 0].map(riskBand)).toEqual([
      "critical", "critical", "high", "high", "medium", "medium", "low", "low", "minimal", "minimal",
    ]);
    expect(riskLevelOf(10)).toBe("low");
    expect(riskLevelOf(90)).toBe("critical");
  });
});

describe("aggregates and totals", () => {
  it("sum markets by event, sport or type; the margin is stake-weighted", () => {
    const a = market("a", [1900, 1900], { eventId: "e1" });
    const b = market("b", [2000, 2000], { eventId: "e1", type: "over_under" });
    const c = market("c", [2000, 2000], { eventId: "e2" });
    const ps = marketPositions([a, b, c], [single("a", 1, 10_000, 1900), single("b", 2, 30_000, 2000)]);
    const byEvent = aggregate(ps, (p) => p.market.eventId);
    const e1 = byEvent.find((x) => x.key === "e1")!;
    expect(e1.markets).toBe(2);
    expect(e1.liability).toBe(9_000 + 30_000);
    expect(e1.exposure).toBe(19_000 + 60_000);
    // No summed limit: the event's tightest market (highest usage) stands for it.
    expect(e1.tightest?.market.id).toBe("b");
    expect(byEvent.find((x) => x.key === "e2")!.liability).toBe(0);
    const totals = bookTotals(ps);
    expect(totals.liability).toBe(39_000);
    expect(totals.stakes).toBe(40_000);
    expect(totals.margin).toBe(1.25); // (5 x 10,000 + 0 x 30,000) / 40,000
    expect(bookTotals(marketPositions([a, c], [])).margin).toBe(2.5);
  });

  it("public percentages are stake shares", () => {
    const m = market("m", [2000, 2000, 2000]);
    const [p] = marketPositions([m], [single("m", 1, 3_000, 2000), single("m", 3, 1_000, 2000)]);
    expect([...publicPercentages(p).values()]).toEqual([75, 0, 25]);
  });
});

describe("replaying the book", () => {
  it("keeps the bets open at that moment", () => {
    const b1 = { ...single("m", 1, 1_000, 2000, new Date("2026-11-21T08:00:00Z")), settledAt: new Date("2026-11-21T10:00:00Z") };
    const b2 = { ...single("m", 1, 1_000, 2000, new Date("2026-11-21T09:30:00Z")), settledAt: null };
    expect(openAt([b1, b2], new Date("2026-11-21T09:00:00Z")).map((b) => b.id)).toEqual([b1.id]);
    expect(openAt([b1, b2], new Date("2026-11-21T09:45:00Z")).map((b) => b.id)).toEqual([b1.id, b2.id]);
    expect(openAt([b1, b2], new Date("2026-11-21T10:00:00Z")).map((b) => b.id)).toEqual([b2.id]);
  });
});
