/**
 * withdrawRunner on the world (markets and withdrawals on libSQL: every port there): a trader
 * withdraws a runner from a race with the Tattersalls deduction of its price, audited; the runner
 * takes no more bets. A second withdrawal, a non-race market, a settled race, bad odds and a
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
    expect(r).toEqual({
      ok: true,
      value: { outcomeId: "race1-m1-o1", priceMilli: 4000, deduction: 25, withdrawnAt: NOW, marketId: "race1-m1", name: "Red Rum" },
    });
    expect((await sqlAudit(w.database)).at(-1)).toEqual({
      action: "runner.withdraw", actorId: "trd", entity: "outcome:race1-m1-o1", before: { withdrawn: false },
      after: { withdrawn: true, marketId: "race1-m1", odds: "4.00", deduction: 25 },
    });
    const c1 = await w.customer("c1", 10_000);
    const bet = await w.unchanged(() => placeBet(w.as(c1), { selections: [sel("race1", "4.00")], stake: 1000, betType: "single" }, null));
    expect(!bet.ok && bet.error.code).toBe("BET.SELECTION_DECIDED");
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
