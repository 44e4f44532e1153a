/**
 * Placement limits (docs/trading.md "Placement limits"): the market liability
 * limit, the maximum payout per bet and per day, the odds-aware stake factor and the combined-odds
 * ceiling, each refused with its code, status and the largest stake that fits, nothing written;
 * the same checks inside the write (triggers of migration 0026); liability released by settlement
 * and cash-out; actual_return never above potential_return.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectInvalidFields, placeOk, upcomingPool } from "../fixtures/builders.ts";
import { createMarketOk, put, rolesOf, twoWayMarket, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

const betsOf = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [userId]);
const liabilityOf = async (outcomeId: string) =>
  Number((await t.database.client.execute({ sql: "SELECT liability FROM outcome_liability WHERE outcome_id = ?", args: [outcomeId] })).rows[0]?.liability ?? 0);
const place = (s: Session, selections: unknown[], stake: number) =>
  s.post("/api/bets", { selections, stake, betType: selections.length > 1 ? "multiple" : "single" });

async function limitedMarket(limitCents: number, home = "3.00", away = "1.40", sport?: string) {
  const e = pool.forMutation((x) => sport === undefined || x.sport === sport);
  const m = await createMarketOk(r.admin, twoWayMarket(e.id, `Limited ${limitCents}`, home, away));
  expect((await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: limitCents })).status).toBe(200);
  const sel = (i: number) => ({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: i === 0 ? home : away });
  return { e, m, sel };
}

describe("market liability limit", () => {
  it("refuses a bet past the limit with the largest stake that fits (409 BET.LIABILITY_LIMIT), nothing written", async () => {
    const { sel } = await limitedMarket(10_000); // 100.00
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    await placeOk(c, [sel(0)], 3000); // 30.00 at 3.00: liability 60.00
    expect(await liabilityOf(sel(0).outcomeId)).toBe(6000);
    const [bets, balance] = [await betsOf(id), await balanceOf(c)];
    const refused = await expectError(await place(c, [sel(0)], 5000), 409, "BET.LIABILITY_LIMIT");
    expect(refused.error.details).toMatchObject({ maxStake: 2000, outcomeId: sel(0).outcomeId });
    expect(refused.error.message).toBe("Max stake for this selection is $20.00");
    expect([await betsOf(id), await balanceOf(c), await liabilityOf(sel(0).outcomeId)]).toEqual([bets, balance, 6000]);
    // Accepting the counter-offer places the bet and fills the limit exactly.
    await placeOk(c, [sel(0)], 2000);
    expect(await liabilityOf(sel(0).outcomeId)).toBe(10_000);
    const full = await expectError(await place(c, [sel(0)], 100), 409, "BET.LIABILITY_LIMIT");
    expect(full.error.details).toMatchObject({ maxStake: 0 });
    // The other outcome of the market has its own liability.
    await placeOk(c, [sel(1)], 5000);
    expect(await liabilityOf(sel(1).outcomeId)).toBe(2000);
  });

  it("a multiple counts in full on each outcome it touches", async () => {
    const a = await limitedMarket(1_000_000, "2.00", "1.80");
    const b = await limitedMarket(15_000, "2.00", "1.80"); // 150.00
    const c = await demoLogin(t, "customer");
    await placeOk(c, [a.sel(0), b.sel(0)], 4000); // 4.00 combined: profit 120.00 on both outcomes
    expect(await liabilityOf(a.sel(0).outcomeId)).toBe(12_000);
    expect(await liabilityOf(b.sel(0).outcomeId)).toBe(12_000);
    const refused = await expectError(await place(c, [a.sel(0), b.sel(0)], 2000), 409, "BET.LIABILITY_LIMIT");
    expect(refused.error.details).toMatchObject({ maxStake: 1000, outcomeId: b.sel(0).outcomeId });
  });

  it("settlement and cash-out release the liability", async () => {
    const { m, sel } = await limitedMarket(10_000);
    const c = await demoLogin(t, "customer");
    const placed = await placeOk(c, [sel(0)], 5000); // liability 100.00: full
    await expectError(await place(c, [sel(0)], 100), 409, "BET.LIABILITY_LIMIT");
    const quote = await c.post(`/api/bets/${placed.bet.id}/cash-out/quote`);
    expect(quote.status).toBe(200);
    const cashed = await c.post(`/api/bets/${placed.bet.id}/cash-out`, { quoteId: ((await quote.json()) as { quoteId: string }).quoteId });
    expect(cashed.status, await cashed.clone().text()).toBe(200);
    expect(await liabilityOf(sel(0).outcomeId)).toBe(0);
    await placeOk(c, [sel(0)], 2500);
    expect(await liabilityOf(sel(0).outcomeId)).toBe(5000);
    expect((await r.admin.post(`/api/admin/markets/${m.id}/settle`, { override: EARLY, winningOutcomeId: m.outcomes[1].id })).status).toBe(200);
    expect(await liabilityOf(sel(0).outcomeId)).toBe(0);
  });

  it("is checked inside the write: a leg past the limit aborts the whole batch", async () => {
    const { e, m } = await limitedMarket(10_000);
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const before = await betsOf(id);
    await expect(
      t.database.client.batch(
        [
          { sql: "INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, status, placed_at) VALUES ('bet_raw', ?, 'single', 10000, 3000, 30000, 'pending', ?)", args: [id, Date.now()] },
          { sql: "INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name) VALUES ('bet_raw-1', 'bet_raw', 1, ?, ?, ?, 3000, 'pending', 'e', 'm', 's')", args: [e.id, m.id, m.outcomes[0].id] },
        ],
        "write",
      ),
    ).rejects.toThrow(/BET\.LIABILITY_LIMIT/);
    expect([await betsOf(id), await liabilityOf(m.outcomes[0].id)]).toEqual([before, 0]);
  });

  it("the limit is set in cents up to 100,000,000.00", async () => {
    const { m } = await limitedMarket(10_000);
    await expectInvalidFields(await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 10_000_000_001 }), "liabilityLimit");
    // Within the four-eyes threshold it applies at once; 100,000,000.00 is a request for an admin's approval (tests/api/four-eyes.test.ts).
    expect((await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 2_000_000_000 })).status).toBe(200);
    expect((await put(r.trader, `/api/admin/markets/${m.id}/limit`, { liabilityLimit: 10_000_000_000 })).status).toBe(202);
  });
});

describe("maximum payout", () => {
  it("per customer per day: 409 BET.MAX_PAYOUT with the stake that fits, nothing written", async () => {
    await t.database.client.execute("UPDATE risk_settings SET value = 50000 WHERE key = 'max_payout_per_day'"); // 500.00
    try {
      const { sel } = await limitedMarket(1_000_000, "2.00", "1.80");
      const c = await demoLogin(t, "customer");
      const id = await currentUserId(c);
      await placeOk(c, [sel(0)], 20_000); // returns 400.00
      const [bets, balance] = [await betsOf(id), await balanceOf(c)];
      const refused = await expectError(await place(c, [sel(0)], 10_000), 409, "BET.MAX_PAYOUT");
      expect(refused.error.details).toEqual({ maxStake: 5000, limit: "per_day" });
      expect([await betsOf(id), await balanceOf(c)]).toEqual([bets, balance]);
      await placeOk(c, [sel(0)], 5000);
    } finally {
      await t.database.client.execute("UPDATE risk_settings SET value = 100000000 WHERE key = 'max_payout_per_day'");
    }
  });

  it("per bet: the write refuses a potential return above the setting", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    await expect(
      t.database.client.execute({
        sql: "INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, status, placed_at) VALUES ('bet_big', ?, 'single', 10000000, 3000, 30000000, 'pending', ?)",
        args: [id, Date.now()],
      }),
    ).rejects.toThrow(/BET\.MAX_PAYOUT/);
  });

  it("combined odds above 1,000,000.00: 400 BET.ODDS_TOO_HIGH, nothing written", async () => {
    const legs = [];
    for (let i = 0; i < 4; i++) {
      const e = pool.forMutation();
      const m = await createMarketOk(r.admin, twoWayMarket(e.id, `Long shot ${i}`, "100.00", "1.01"));
      legs.push({ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: "100.00" });
    }
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const [bets, balance] = [await betsOf(id), await balanceOf(c)];
    const refused = await expectError(await place(c, legs, 100), 400, "BET.ODDS_TOO_HIGH");
    expect(refused.error.details).toEqual({ maxOdds: "1000000.00" });
    expect([await betsOf(id), await balanceOf(c)]).toEqual([bets, balance]);
    // Three legs make exactly 1,000,000.00: past the ceiling test, the odds-aware max stake (0.10) refuses it.
    expect((await expectError(await place(c, legs.slice(0, 3), 100), 400, "BET.STAKE_TOO_HIGH")).error.details).toEqual({ maxStake: 0 });
    await placeOk(c, legs.slice(0, 2), 100);
  });

  it("a stake above 100,000,000.00 is invalid input, not a 500", async () => {
    const c = await demoLogin(t, "customer");
    const { sel } = await limitedMarket(10_000);
    await expectInvalidFields(await place(c, [sel(0)], 2 ** 53), "stake");
  });
});

describe("odds-aware stake factor", () => {
  it("a sharp limited to 0.01 % may stake a few dollars: base x factor / (price - 1)", async () => {
    const { sel } = await limitedMarket(1_000_000, "2.00", "1.80", "soccer");
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const res = await put(r.trader, `/api/trading/customers/${id}/stake-factor`, { factor: 0.0001 });
    expect(await res.json()).toEqual({ userId: id, stakeFactor: 0.0001, maxStake: 1000 });
    const [bets, balance] = [await betsOf(id), await balanceOf(c)];
    // 100,000.00 x 0.0001 / (1.80 - 1) = 12.50; at 2.00: 10.00.
    const refused = await expectError(await place(c, [sel(1)], 1251), 400, "BET.STAKE_TOO_HIGH");
    expect(refused.error.details).toEqual({ maxStake: 1250 });
    expect((await expectError(await place(c, [sel(0)], 1001), 400, "BET.STAKE_TOO_HIGH")).error.details).toEqual({ maxStake: 1000 });
    expect([await betsOf(id), await balanceOf(c)]).toEqual([bets, balance]);
    await placeOk(c, [sel(1)], 1250);
  });
});

describe("actual_return <= potential_return", () => {
  it("the database refuses a return above the potential return", async () => {
    const { sel } = await limitedMarket(1_000_000, "2.00", "1.80");
    const c = await demoLogin(t, "customer");
    const placed = await placeOk(c, [sel(0)], 1000);
    await expect(
      t.database.client.execute({ sql: "UPDATE bets SET status = 'won', actual_return = potential_return + 1 WHERE id = ?", args: [placed.bet.id] }),
    ).rejects.toThrow(/BET\.RETURN_ABOVE_POTENTIAL/);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE id = ? AND status = 'pending'", [placed.bet.id])).toBe(1);
  });
});
