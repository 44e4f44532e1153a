/**
 * Same game multis: placing one (2-4 legs of one event, different markets, priced by the joint score
 * model, domain/pricing/sgm.ts, and never above the product of the legs), the refusals, settling it like a multiple at its own price, cashing it
 * out, and GET /api/betting/same-game-multis built from real markets with real punter counts.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectLedgerBalanced, milli, selectionOf, type ApiEvent, type Selection } from "../fixtures/builders.ts";
import { EARLY } from "../fixtures/settle.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

const soccer = (e: ApiEvent) => e.sport === "soccer" && e.markets.length >= 4 && e.markets.every((m) => m.status === "open");
/** floor(product of the legs) in thousandths: the ceiling of a same game multi's price. */
function productMilli(odds: string[]): bigint {
  let num = 1n;
  let den = 1n;
  for (const o of odds) {
    num *= milli(o);
    den *= 1000n;
  }
  return (num * 1000n) / den;
}
const sgm = (s: Session, selections: Selection[], stake = 1_000) => s.post("/api/bets", { selections, stake, betType: "same_game_multi" });

describe("placing a same game multi", () => {
  it("takes 2-4 legs of one event from different markets at the quoted joint price, below the product", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0), selectionOf(e, 3, 0)];
    const quote = await c.post("/api/betting/same-game-multis/quote", { selections: legs.map(({ odds: _o, ...l }) => l) });
    expect(quote.status).toBe(200);
    const { odds } = await quote.json();
    expect(milli(odds)).toBeLessThanOrEqual(productMilli(legs.map((l) => l.odds)));
    const res = await c.post("/api/bets", { selections: legs, stake: 1_000, betType: "same_game_multi", sgmOdds: odds });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.bet).toMatchObject({ totalOdds: odds, potentialReturn: Number((1_000n * milli(odds)) / 1000n), stake: 1_000 });
    const listed = (await (await c.get("/api/bets")).json())[0];
    expect(listed).toMatchObject({ id: body.bet.id, betType: "same_game_multi", totalOdds: odds });
    expect(listed.legs).toHaveLength(3);
    await expectLedgerBalanced(t.database);
  });

  it("refuses one leg, more than four, two events and two legs of one market, writing nothing", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const other = t.pool.next(soccer);
    await expectError(await sgm(c, [selectionOf(e, 0, 0)]), 400, "BET.SGM_LEG_COUNT");
    const five = [0, 1, 2, 3, 4].map((m) => selectionOf(e, m, 0));
    await expectError(await sgm(c, five), 400, "BET.SGM_LEG_COUNT");
    await expectError(await sgm(c, [selectionOf(e, 0, 0), selectionOf(other, 1, 0)]), 400, "BET.SGM_ONE_EVENT");
    await expectError(await sgm(c, [selectionOf(e, 0, 0), selectionOf(e, 0, 1)]), 400, "BET.SGM_SAME_MARKET");
    // A plain multiple still may not hold two legs of one event.
    await expectError(await c.post("/api/bets", { selections: [selectionOf(e, 0, 0), selectionOf(e, 1, 0)], stake: 1_000, betType: "multiple" }),
      400, "BET.SAME_EVENT_IN_MULTIPLE");
    expect(await balanceOf(c)).toBe(100_000);
  });

  it("settles like a multiple at its own price: a full-product return is refused with the right figure", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const legs = [selectionOf(e, 0, 1), selectionOf(e, 1, 1)];
    const placed = await (await sgm(c, legs, 2_000)).json();
    const admin = await demoLogin(t, "admin");
    const full = Number((2_000n * milli(legs[0].odds) * milli(legs[1].odds)) / 1_000_000n);
    const wrong = await expectError(await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: full }), 422, "BET.RETURN_MISMATCH");
    expect(wrong.error.details).toEqual({ expectedReturn: placed.bet.potentialReturn });
    const res = await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn });
    expect(res.status).toBe(200);
    expect(await balanceOf(c)).toBe(100_000 - 2_000 + placed.bet.potentialReturn);
    await expectLedgerBalanced(t.database);
  });

  it("cashes out against the legs priced now as a same game multi", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0)];
    const placed = await (await sgm(c, legs, 1_000)).json();
    const q = await (await c.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    // Prices unchanged: 95% of stake x placed / current, with placed = current.
    expect(q.amount).toBe(950);
  });
});

describe("GET /api/betting/same-game-multis", () => {
  it("suggests combinations from real open markets of one event each, with real punter counts", async () => {
    const res = await new Session(t).get("/api/betting/same-game-multis?limit=4");
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(4);
    const events = new Map(t.pool.events.map((e) => [e.id, e]));
    const live = await (await new Session(t).get("/api/events?status=live&limit=200")).json();
    for (const e of live) events.set(e.id, e);
    for (const item of items) {
      const e = events.get(item.eventId)!;
      expect(e, item.eventId).toBeDefined();
      expect(item.eventName).toBe(e.name);
      expect(item.legs.length).toBeGreaterThanOrEqual(2);
      expect(new Set(item.legs.map((l: { marketId: string }) => l.marketId)).size).toBe(item.legs.length);
      for (const l of item.legs) {
        const m = e.markets.find((x) => x.id === l.marketId)!;
        expect(m.status).toBe("open");
        expect(m.outcomes.find((o) => o.id === l.outcomeId)?.name).toBe(l.selectionName);
      }
      // The bet builder's own price: the quote endpoint gives the same, and it is below the product.
      const q = await (await new Session(t).post("/api/betting/same-game-multis/quote", { selections: item.legs.map((l: { outcomeId: string; marketId: string }) => ({ eventId: item.eventId, marketId: l.marketId, outcomeId: l.outcomeId })) })).json();
      expect(item.odds).toBe(q.odds);
      expect(milli(item.odds)).toBeLessThanOrEqual(productMilli(item.legs.map((l: { odds: string }) => l.odds)));
      expect(Number.isInteger(item.punters)).toBe(true);
    }
  });

  it("counts the real bets placed on exactly a combination, and puts the most placed first", async () => {
    const first = (await (await new Session(t).get("/api/betting/same-game-multis?limit=4")).json()).items.at(-1);
    const selections = first.legs.map((l: { outcomeId: string; marketId: string; odds: string }) => ({
      eventId: first.eventId, marketId: l.marketId, outcomeId: l.outcomeId, odds: l.odds,
    }));
    for (let i = 0; i < 2; i++) {
      const c = await demoLogin(t, "customer");
      expect((await sgm(c, [...selections].reverse(), 500)).status).toBe(201);
    }
    const after = (await (await new Session(t).get("/api/betting/same-game-multis?limit=4")).json()).items;
    const top = after.find((i: { eventId: string }) => i.eventId === first.eventId);
    expect(top.punters).toBeGreaterThanOrEqual(2);
    expect(after[0].punters).toBeGreaterThanOrEqual(top.punters);
    expect((await new Session(t).get("/api/betting/same-game-multis?limit=0")).status).toBe(400);
  });
});

describe("the bet builder's refusals", () => {
  const quote = (s: Session, legs: Selection[]) =>
    s.post("/api/betting/same-game-multis/quote", { selections: legs.map(({ odds: _o, ...l }) => l) });
  const score = (e: ApiEvent, re: RegExp) => {
    const m = e.markets.findIndex((x) => x.name.toLowerCase().includes("correct score"));
    return selectionOf(e, m, e.markets[m].outcomes.findIndex((o) => re.test(o.name)));
  };
  const betCount = async (c: Session) => ((await (await c.get("/api/bets")).json()) as unknown[]).length;

  it("refuses correlated, contradictory and unmodelled combinations at quote and at placement, writing nothing", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const before = { balance: await balanceOf(c), bets: await betCount(c) };
    const cases: [Selection[], string][] = [
      // correct score 2-1 + home win + over 2.5 + both teams to score: the score decides them all
      [[score(e, /^2\D+1$/), selectionOf(e, 0, 0), selectionOf(e, 1, 0), selectionOf(e, 3, 0)], "SGM.CORRELATED_LEGS"],
      // 0-0 and both teams to score can never both win
      [[score(e, /^0\D+0$/), selectionOf(e, 3, 0)], "SGM.CONTRADICTORY_LEGS"],
      // a whole-number Asian handicap can push: no joint model for it
      [[selectionOf(e, 0, 0), selectionOf(e, 2, 0)], "SGM.NOT_OFFERED"],
    ];
    for (const [legs, code] of cases) {
      const q = await expectError(await quote(c, legs), 400, code);
      expect(q.error.message.length).toBeGreaterThan(10);
      await expectError(await sgm(c, legs), 400, code);
    }
    const nba = t.pool.next((x) => x.sport === "basketball" && x.markets.length >= 2 && x.markets.every((m) => m.status === "open"));
    await expectError(await quote(c, [selectionOf(nba, 0, 0), selectionOf(nba, 1, 0)]), 400, "SGM.NOT_OFFERED");
    await expectError(await sgm(c, [selectionOf(nba, 0, 0), selectionOf(nba, 1, 0)]), 400, "SGM.NOT_OFFERED");
    expect({ balance: await balanceOf(c), bets: await betCount(c) }).toEqual(before);
    await expectLedgerBalanced(t.database);
  });

  it("refuses a leg that takes no bets now with placement's own code and words, at quote and at placement", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.forMutation(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0)];
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended', updated_at = ? WHERE id = ?", args: [Date.now(), legs[1].marketId] });
    const words = `The ${e.markets[1].name} market is suspended`;
    const q = await expectError(await quote(c, legs), 409, "BET.MARKET_CLOSED");
    expect(q.error.message).toBe(words);
    const placed = await expectError(await sgm(c, legs), 409, "BET.MARKET_CLOSED");
    expect(placed.error.message).toBe(words);
    expect(await balanceOf(c)).toBe(100_000);
  });

  it("refuses a quoted price that is no longer acceptable under the 'refuse' policy", async () => {
    const c = await demoLogin(t, "customer");
    const e = t.pool.next(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0)];
    const { odds } = await (await quote(c, legs)).json();
    const before = await balanceOf(c);
    const higher = ((Number(milli(odds)) + 500) / 1000).toFixed(2);
    await expectError(await c.post("/api/bets", { selections: legs, stake: 1_000, betType: "same_game_multi", sgmOdds: higher }), 409, "BET.ODDS_CHANGED");
    expect(await balanceOf(c)).toBe(before);
  });
});

describe("a same game multi with a void leg", () => {
  it("re-prices the remaining legs at placement's model, identically by bet and by market", async () => {
    const c = await demoLogin(t, "customer");
    const admin = await demoLogin(t, "admin");
    const e = t.pool.forMutation(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0), selectionOf(e, 3, 0)];
    // The hand computation: the bet builder's price of the two legs left, stake x price down to the cent.
    const rest = await (await c.post("/api/betting/same-game-multis/quote", { selections: legs.slice(1).map(({ odds: _o, ...l }) => l) })).json();
    const expected = Math.max(1_000, Number((1_000n * milli(rest.odds)) / 1000n));
    const a = (await (await sgm(c, legs, 1_000)).json()).bet;
    const b = (await (await sgm(c, legs, 1_000)).json()).bet;
    const start = await balanceOf(c);
    // By bet: leg 1 void, legs 2 and 3 won.
    const listed = (await (await c.get("/api/bets")).json()).find((x: { id: string }) => x.id === a.id);
    const legResults = listed.legs.map((l: { id: string }, i: number) => ({ legId: l.id, result: i === 0 ? "void" : "won" }));
    const byBet = await admin.post(`/api/admin/settle-bet/${a.id}`, { override: EARLY, status: "won", actualReturn: expected, legResults });
    expect(byBet.status).toBe(200);
    // By market: the same results, market by market.
    expect((await admin.post(`/api/admin/markets/${legs[0].marketId}/settle`, { override: EARLY, void: true })).status).toBe(200);
    expect((await admin.post(`/api/admin/markets/${legs[1].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[1].outcomeId })).status).toBe(200);
    expect((await admin.post(`/api/admin/markets/${legs[2].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[2].outcomeId })).status).toBe(200);
    const after = (await (await c.get("/api/bets")).json()) as { id: string; status: string; actualReturn: number }[];
    expect(after.find((x) => x.id === a.id)).toMatchObject({ status: "won", actualReturn: expected });
    expect(after.find((x) => x.id === b.id)).toMatchObject({ status: "won", actualReturn: expected });
    expect(await balanceOf(c)).toBe(start + 2 * expected);
    await expectLedgerBalanced(t.database);
  });
});
