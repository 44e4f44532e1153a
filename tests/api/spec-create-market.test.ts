/**
 * POST /api/admin/create-market with the spec's body {eventId, marketType, name,
 * description}: the type's standard outcomes priced by the event's model with the book's margin;
 * a type the model cannot price is refused with 422 MARKET.CANNOT_PRICE and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

interface Created { market: { id: string; type: string; name: string; outcomes: { id: string; name: string; odds: string }[] } }
const book = (m: Created["market"]) => m.outcomes.reduce((s, o) => s + 1 / Number(o.odds), 0);
const marketRows = () => countRows(t.database, "SELECT COUNT(*) AS n FROM markets");

describe("POST /api/admin/create-market with the spec's body", () => {
  it("over/under: Over/Under at the line in the name, priced with a margin, bettable", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const res = await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "over_under", name: "Over/Under 3.5 Goals", description: "From the spec client" });
    expect(res.status, await res.clone().text()).toBe(201);
    const { market } = (await res.json()) as Created;
    expect(market.outcomes.map((o) => o.name)).toEqual(["Over 3.5", "Under 3.5"]);
    expect(book(market)).toBeGreaterThanOrEqual(1.05);
    expect(book(market)).toBeLessThan(1.12);
    // The line is higher than the seeded 2.5, so Over 3.5 is the longer price.
    expect(Number(market.outcomes[0].odds)).toBeGreaterThan(Number(market.outcomes[1].odds));
    await placeOk(r.customer, [{ eventId: e.id, marketId: market.id, outcomeId: market.outcomes[1].id, odds: market.outcomes[1].odds }], 200);
  });

  it("match result with a draw for soccer, both teams to score Yes/No, correct score with Any other", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const mr = (await (await r.trader.post("/api/admin/create-market", { eventId: e.id, marketType: "full_time_result", name: "Match Result (spec)" })).json()) as Created;
    expect(mr.market.outcomes.map((o) => o.name)).toEqual([e.homeTeam, "Draw", e.awayTeam]);
    const btts = (await (await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "both_teams_score", name: "BTTS (spec)" })).json()) as Created;
    expect(btts.market.outcomes.map((o) => o.name)).toEqual(["Yes", "No"]);
    const cs = (await (await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "correct_score", name: "Correct Score (spec)" })).json()) as Created;
    expect(cs.market.outcomes).toHaveLength(13);
    expect(cs.market.outcomes.at(-1)!.name).toBe("Any other");
  });

  it("handicap at the home line in the name, and a two-way result where the sport has no draw", async () => {
    const e = pool.next((x) => x.sport === "basketball");
    const h = (await (await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "handicap", name: "Alt Line -8.5" })).json()) as Created;
    expect(h.market.outcomes.map((o) => o.name)).toEqual([`${e.homeTeam} -8.5`, `${e.awayTeam} +8.5`]);
    const res = (await (await r.admin.post("/api/admin/create-market", { eventId: e.id, marketType: "full_time_result", name: "Winner (spec)" })).json()) as Created;
    expect(res.market.outcomes.map((o) => o.name)).toEqual([e.homeTeam, e.awayTeam]);
  });

  it("refuses what the model cannot price with 422 MARKET.CANNOT_PRICE, writing nothing", async () => {
    const hoops = pool.next((x) => x.sport === "basketball");
    const race = pool.next((x) => x.sport === "racing");
    const soccer = pool.next((x) => x.sport === "soccer");
    const before = await marketRows();
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: hoops.id, marketType: "both_teams_score", name: "BTTS" }), 422, "MARKET.CANNOT_PRICE");
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: race.id, marketType: "full_time_result", name: "Winner" }), 422, "MARKET.CANNOT_PRICE");
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: soccer.id, marketType: "over_under", name: "Total Goals" }), 422, "MARKET.CANNOT_PRICE");
    await expectError(await r.admin.post("/api/admin/create-market", { eventId: "evt_nope", marketType: "over_under", name: "O/U 2.5" }), 404, "EVENT.NOT_FOUND");
    await expectInvalidFields(await r.admin.post("/api/admin/create-market", { eventId: soccer.id, marketType: "player_props", name: "X" }), "marketType");
    expect(await marketRows()).toBe(before);
  });

  it("is for staff only: a customer gets 403 and nothing is written", async () => {
    const e = pool.next((x) => x.sport === "soccer");
    const before = await marketRows();
    await expectError(await r.customer.post("/api/admin/create-market", { eventId: e.id, marketType: "over_under", name: "O/U 1.5" }), 403, "AUTH.FORBIDDEN");
    expect(await marketRows()).toBe(before);
  });
});
