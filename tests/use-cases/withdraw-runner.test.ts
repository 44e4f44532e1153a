/**
 * withdrawRunner on the world (markets and withdrawals on libSQL: every port there): a trader
 * withdraws a runner from a race with the Tattersalls deduction of its price, audited; the runner
 * takes no more bets, its singles are void at once and the race is re-formed in the same write. A second withdrawal, a non-race market, a settled race, bad odds and a
 * customer are refused with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { withdrawRunner } from "../../domain/trading/withdraw-runner.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sel, sqlAudit, type World } from "./world.ts";
import { insertCatalog } from "../contract/harness.ts";
import { at } from "../contract/fixtures.ts";

let w: World;
let trader: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  trader = await w.staff("trd", "trader");
  await insertCatalog(w.database.client, {
    sports: [{ code: "racing", name: "Horse Racing" }],
    events: [{
      id: "race1", sport: "racing", homeTeam: "Ascot 14:30", awayTeam: "Field", startTime: at(30),
      markets: [{ id: "race1-m1", name: "Win", outcomes: [
        { id: "race1-m1-o1", name: "Red Rum", priceMilli: 4000 },
        { id: "race1-m1-o2", name: "Arkle", priceMilli: 2500 },
        { id: "race1-m1-o3", name: "Shergar", priceMilli: 6000 },
      ] }],
    }],
  });
});

describe("withdrawn", () => {
  it("Red Rum at its current 4.00: a 25p deduction (the 9/4-3/1 band) recorded with the time, audited", async () => {
    const r = await withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o1", {});
    // Re-formed in the same write: Arkle 2.50 and Shergar 6.00 are 40% and 16.7% of what is left of the
    // book: 70.6% and 29.4%, at the racing margin of 118% by the power method (k = 0.7362): 1.29 and
    // 2.46 (book 118.17%). No each way.
    expect(r).toEqual({
      ok: true,
      value: {
        outcomeId: "race1-m1-o1", priceMilli: 4000, deduction: 25, withdrawnAt: NOW, marketId: "race1-m1", name: "Red Rum",
        reform: {
          prices: [
            { outcomeId: "race1-m1-o2", name: "Arkle", fromMilli: 2500, priceMilli: 1290 },
            { outcomeId: "race1-m1-o3", name: "Shergar", fromMilli: 6000, priceMilli: 2460 },
          ],
          eachWay: null, eachWayBefore: null, reopensAt: NOW, reopens: true, book: 1000 / 1290 + 1000 / 2460, voided: 0, raised: [],
        },
      },
    });
    expect((await sqlAudit(w.database)).at(-1)).toEqual({
      action: "runner.withdraw", actorId: "trd", entity: "outcome:race1-m1-o1",
      before: { withdrawn: false, prices: [["race1-m1-o2", "2.50"], ["race1-m1-o3", "6.00"]], eachWay: null },
      after: {
        withdrawn: true, marketId: "race1-m1", odds: "4.00", deduction: 25,
        prices: [["race1-m1-o2", "1.29"], ["race1-m1-o3", "2.46"]], eachWay: null, reopensAt: NOW.toISOString(), status: "open", voided: [], raised: [],
      },
    });
    const c1 = await w.customer("c1", 10_000);
    const bet = await w.unchanged(() => placeBet(w.as(c1), { selections: [sel("race1", "4.00")], stake: 1000, betType: "single" }, null));
    expect(!bet.ok && bet.error.code).toBe("BET.SELECTION_DECIDED");
  });

  it("the runner's single is void at once (stake back); the race takes no bet until it reopens, none at a price from before, and a bet at the new price carries no Rule 4", async () => {
    const at = (ms: number) => ({ now: () => new Date(NOW.getTime() + ms) });
    const c1 = await w.customer("c1", 10_000);
    const early = { ...w.as(c1), clock: at(-60_000) };
    const onGone = await placeBet(early, { selections: [sel("race1", "4.00")], stake: 1000, betType: "single" }, null);
    const onArkle = await placeBet(early, { selections: [sel("race1", "2.50", 1, 2)], stake: 1000, betType: "single" }, null);
    expect(onGone.ok && onArkle.ok).toBe(true);
    const r = await withdrawRunner({ ...w.as(trader), ports: { ...w.ports, inPlay: { ...w.ports.inPlay, reformSuspendMs: 5000 } } }, "race1-m1", "race1-m1-o1", {});
    expect(r.ok && r.value.reform).toMatchObject({ voided: 1, reopensAt: new Date(NOW.getTime() + 5000) });
    const bets = await w.database.client.execute("SELECT id, status, actual_return FROM bets ORDER BY placed_at, id");
    expect(bets.rows.map((b) => [b.status, b.actual_return])).toEqual([["void", 1000], ["pending", null]]);
    expect(Number((await w.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'wallet:c1'")).rows[0].balance)).toBe(10_000 - 1000);
    // Suspended until it reopens; then a price from before the re-form is refused whatever the setting.
    const during = await w.unchanged(() => placeBet({ ...w.as(c1), clock: at(4_999) }, { selections: [sel("race1", "1.29", 1, 2)], stake: 1000, betType: "single" }, null));
    expect(!during.ok && during.error.code).toBe("BET.MARKET_SUSPENDED");
    await w.database.client.execute("INSERT INTO user_settings (user_id, price_change_policy, updated_at) VALUES ('c1', 'accept_any', 0) ON CONFLICT (user_id) DO UPDATE SET price_change_policy = 'accept_any'");
    const stale = await w.unchanged(() => placeBet({ ...w.as(c1), clock: at(6_000) }, { selections: [sel("race1", "2.50", 1, 2)], stake: 1000, betType: "single" }, null));
    expect(!stale.ok && stale.error).toMatchObject({ code: "BET.RACE_REFORMED", details: { prices: [{ outcomeId: "race1-m1-o2", odds: "1.29" }] } });
    const fresh = await placeBet({ ...w.as(c1), clock: at(6_000) }, { selections: [sel("race1", "1.29", 1, 2)], stake: 1000, betType: "single" }, null);
    expect(fresh.ok && fresh.value.response.bet).toMatchObject({ potentialReturn: 1290, totalOdds: "1.29" });
    // As every grading path reads them: struck before, 25p; struck after, none.
    expect((await w.ports.bets.findById(onArkle.ok ? onArkle.value.response.bet.id : ""))?.rule4).toBe(25);
    expect((await w.ports.bets.findById(fresh.ok ? fresh.value.response.bet.id : ""))?.rule4).toBeUndefined();
  });

  it("at a price given (1.50): the deduction of that price (1/2: the 4/9-8/15 band, 65p)", async () => {
    const r = await withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o2", { odds: "1.50" });
    expect(r.ok && r.value).toMatchObject({ priceMilli: 1500, deduction: 65 });
  });
});

describe("refused, nothing written", () => {
  it("already withdrawn: MARKET.RUNNER_ALREADY_WITHDRAWN", async () => {
    await withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o1", {});
    expect(await w.unchanged(() => withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o1", {}))).toEqual({
      ok: false,
      error: { code: "MARKET.RUNNER_ALREADY_WITHDRAWN", message: "Red Rum is already withdrawn" },
    });
  });

  it("a football market: MARKET.NOT_RACING", async () => {
    const r = await w.unchanged(() => withdrawRunner(w.as(trader), "ev_up_a-m1", "ev_up_a-m1-o1", {}));
    expect(!r.ok && r.error.code).toBe("MARKET.NOT_RACING");
  });

  it("an unknown runner: MARKET.OUTCOME_NOT_FOUND; odds of 1.00: ODDS.OUT_OF_RANGE", async () => {
    const nf = await w.unchanged(() => withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o9", {}));
    expect(!nf.ok && nf.error.code).toBe("MARKET.OUTCOME_NOT_FOUND");
    const odds = await w.unchanged(() => withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o1", { odds: "1.00" }));
    expect(!odds.ok && odds.error.code).toBe("ODDS.OUT_OF_RANGE");
  });

  it("a closed race: MARKET.ALREADY_SETTLED", async () => {
    await w.database.client.execute("UPDATE markets SET status = 'closed' WHERE id = 'race1-m1'");
    const r = await w.unchanged(() => withdrawRunner(w.as(trader), "race1-m1", "race1-m1-o1", {}));
    expect(!r.ok && r.error.code).toBe("MARKET.ALREADY_SETTLED");
  });

  it("a customer: AUTH.FORBIDDEN", async () => {
    const c1 = await w.customer("c1", 0);
    const r = await w.unchanged(() => withdrawRunner(w.as(c1), "race1-m1", "race1-m1-o1", {}));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
