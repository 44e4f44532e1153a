/**
 * POST /api/admin/create-market checks that the outcomes fit the market's type (domain/markets/
 * market-shape.ts): each refusal is a 422 with its own code, the field it is about, and nothing is
 * written (no market, no outcome, no audit record); each accepted shape is stored with the outcome
 * codes and line the grader settles it by.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const written = async () => ({
  markets: await countRows(t.database, "SELECT COUNT(*) AS n FROM markets"),
  outcomes: await countRows(t.database, "SELECT COUNT(*) AS n FROM outcomes"),
  audits: await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'market.create'"),
});
/** The names at equal prices making a 105 % book. */
const priced = (...names: string[]) => names.map((name) => ({ name, odds: (names.length / 1.05).toFixed(2) }));
/** What the grader reads: each outcome's code and the market's line. */
const stored = async (marketId: string) => ({
  codes: (await t.database.client.execute({ sql: "SELECT code FROM outcomes WHERE market_id = ? ORDER BY id", args: [marketId] })).rows.map((x) => x.code),
  line: (await t.database.client.execute({ sql: "SELECT line FROM markets WHERE id = ?", args: [marketId] })).rows[0].line,
});

describe("Create Market refuses outcomes that do not fit the type (422, nothing written)", () => {
  const refusals: [string, (e: { id: string; homeTeam: string; awayTeam: string }) => Record<string, unknown>, string, string][] = [
    ["an over/under whose outcomes are at another line than its name", (e) => ({ eventId: e.id, marketType: "over_under", name: "Over/Under 6.5", outcomes: priced("Over 2.5", "Under 2.5") }), "MARKET.LINE_MISMATCH", "name"],
    ["a three-outcome over/under: Yes / Maybe / No", (e) => ({ eventId: e.id, marketType: "over_under", name: "Over/Under 2.5", outcomes: priced("Yes", "Maybe", "No") }), "MARKET.OUTCOME_UNKNOWN", "outcomes.0.name"],
    ["an over/under without its line in the name", (e) => ({ eventId: e.id, marketType: "over_under", name: "Total Goals", outcomes: priced("Over 2.5", "Under 2.5") }), "MARKET.LINE_MISSING", "name"],
    ["an over and an under at different lines", (e) => ({ eventId: e.id, marketType: "over_under", name: "Goals 2.5", outcomes: priced("Over 2.5", "Under 3.5") }), "MARKET.LINE_MISMATCH", "outcomes.1.name"],
    ["a quarter line", (e) => ({ eventId: e.id, marketType: "over_under", name: "Goals 2.25", outcomes: priced("Over 2.25", "Under 2.25") }), "MARKET.LINE_INVALID", "outcomes"],
    ["a result with a team not in the event", (e) => ({ eventId: e.id, marketType: "full_time_result", name: "Winner", outcomes: priced(e.homeTeam, "Somebody Else") }), "MARKET.OUTCOME_UNKNOWN", "outcomes.1.name"],
    ["a result without the away side", (e) => ({ eventId: e.id, marketType: "full_time_result", name: "Winner", outcomes: priced(e.homeTeam, "Draw") }), "MARKET.OUTCOMES_INCOMPLETE", "outcomes"],
    ["a result with the draw twice (Draw and Tie)", (e) => ({ eventId: e.id, marketType: "full_time_result", name: "Winner", outcomes: priced("Home", "Draw", "Tie", "Away") }), "MARKET.DUPLICATE_OUTCOME", "outcomes.2.name"],
    ["a handicap whose sides are not at opposite lines", (e) => ({ eventId: e.id, marketType: "handicap", name: "Handicap -1.5", outcomes: priced(`${e.homeTeam} -1.5`, `${e.awayTeam} -1.5`) }), "MARKET.LINE_MISMATCH", "outcomes.1.name"],
    ["a handicap at another line than its name", (e) => ({ eventId: e.id, marketType: "handicap", name: "Asian Handicap -1.5", outcomes: priced(`${e.homeTeam} -2.5`, `${e.awayTeam} +2.5`) }), "MARKET.LINE_MISMATCH", "name"],
    ["both teams to score with Maybe", (e) => ({ eventId: e.id, marketType: "both_teams_score", name: "BTTS", outcomes: priced("Yes", "Maybe") }), "MARKET.OUTCOME_UNKNOWN", "outcomes.1.name"],
    ["both teams to score without No", (e) => ({ eventId: e.id, marketType: "both_teams_score", name: "BTTS", outcomes: priced("Yes", "Yes please") }), "MARKET.OUTCOME_UNKNOWN", "outcomes.1.name"],
    ["a correct score that is not a score", (e) => ({ eventId: e.id, marketType: "correct_score", name: "Correct Score (words)", outcomes: priced("2-1", "Home by plenty") }), "MARKET.OUTCOME_UNKNOWN", "outcomes.1.name"],
    ["a correct score listed twice", (e) => ({ eventId: e.id, marketType: "correct_score", name: "Correct Score (twice)", outcomes: priced("2-1", "2:1") }), "MARKET.DUPLICATE_OUTCOME", "outcomes.1.name"],
  ];
  for (const [what, body, code, field] of refusals)
    it(what, async () => {
      const e = pool.next((x) => x.sport === "soccer");
      const before = await written();
      const res = await expectError(await r.trader.post("/api/admin/create-market", body(e)), code === "MARKET.DUPLICATE_OUTCOME" ? 400 : 422, code);
      expect(res.error.message.length).toBeGreaterThan(10);
      expect(res.error.details).toMatchObject({ field });
      expect(await written()).toEqual(before);
    });

  it("a race takes no handicap, both teams to score or correct score", async () => {
    const race = pool.next((x) => x.sport === "racing");
    const before = await written();
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: race.id, marketType: "handicap", name: "Handicap -1", outcomes: priced("A -1", "B +1") }), 422, "MARKET.TYPE_NOT_OFFERED");
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: race.id, marketType: "both_teams_score", name: "BTTS", outcomes: priced("Yes", "No") }), 422, "MARKET.TYPE_NOT_OFFERED");
    expect(await written()).toEqual(before);
  });

  it("the message names the problem and the outcomes expected", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const res = await expectError(
      await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "over_under", name: "Over/Under 6.5", outcomes: priced("Over 2.5", "Under 2.5") }),
      422, "MARKET.LINE_MISMATCH",
    );
    expect(res.error.message).toBe("The name says 6.5 but the outcomes are at 2.5");
    const unknown = await expectError(
      await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "over_under", name: "Over/Under 2.5", outcomes: priced("Yes", "Maybe", "No") }),
      422, "MARKET.OUTCOME_UNKNOWN",
    );
    expect(unknown.error.message).toBe('"Yes" is not an outcome of an over/under market: expected "Over 2.5", "Under 2.5"');
  });
});

describe("Create Market accepts each type's shape and stores what the grader reads", () => {
  it("over/under at the line in the name, in either order and any case", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const m = await createMarketOk(r.trader, { eventId: e.id, marketType: "over_under", name: "Over/Under 6.5 Goals", outcomes: priced("under 6.5", "Over 6.5") });
    expect(await stored(m.id)).toEqual({ codes: ["under", "over"], line: 6.5 });
  });
  it("a result by team names, with or without the draw, or by Home / Draw / Away", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const three = await createMarketOk(r.trader, { eventId: e.id, marketType: "full_time_result", name: "Result (teams)", outcomes: priced(e.homeTeam, "Draw", e.awayTeam) });
    expect(await stored(three.id)).toEqual({ codes: ["home", "draw", "away"], line: null });
    const two = await createMarketOk(r.trader, { eventId: e.id, marketType: "full_time_result", name: "Draw No Bet", outcomes: priced("Away", "Home") });
    expect(await stored(two.id)).toEqual({ codes: ["away", "home"], line: null });
  });
  it("a handicap: the two sides at the home side's line in the name", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const m = await createMarketOk(r.trader, { eventId: e.id, marketType: "handicap", name: "Asian Handicap -1.5", outcomes: priced(`${e.homeTeam} -1.5`, `${e.awayTeam} +1.5`) });
    expect(await stored(m.id)).toEqual({ codes: ["home", "away"], line: -1.5 });
  });
  it("both teams to score: Yes and No", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const m = await createMarketOk(r.trader, { eventId: e.id, marketType: "both_teams_score", name: "BTTS (accepted)", outcomes: priced("Yes", "No") });
    expect(await stored(m.id)).toEqual({ codes: ["yes", "no"], line: null });
  });
  it("correct score: scores, with Any other given or added", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const given = await createMarketOk(r.trader, { eventId: e.id, marketType: "correct_score", name: "Correct Score (given)", outcomes: priced("1-0", "2-1", "1-1", "Any other") });
    expect((await stored(given.id)).codes).toEqual(["1-0", "2-1", "1-1", "other"]);
    const added = await createMarketOk(r.trader, { eventId: e.id, marketType: "correct_score", name: "Correct Score (short)", outcomes: [{ name: "1-0", odds: "7.00" }, { name: "0-0", odds: "9.00" }] });
    expect(added.outcomes.map((o) => o.name)).toEqual(["1-0", "0-0", "Any other"]);
    expect((await stored(added.id)).codes).toEqual(["1-0", "0-0", "other"]);
  });
  it("a race's result is its runners, and its over/under is on the winning margin", async () => {
    const race = pool.next((x) => x.sport === "racing");
    const winner = await createMarketOk(r.trader, { eventId: race.id, marketType: "full_time_result", name: "Match Bet", outcomes: priced("1. Red Rum", "2. Arkle"), eachWay: null });
    expect(await stored(winner.id)).toEqual({ codes: ["r1", "r2"], line: null });
    const margin = await createMarketOk(r.trader, { eventId: race.id, marketType: "over_under", name: "Winning Margin 2.5 Lengths", outcomes: priced("Over 2.5", "Under 2.5") });
    expect(await stored(margin.id)).toEqual({ codes: ["over", "under"], line: 2.5 });
  });
});
