/**
 * settleMarket on the world (settlements and the market's result live on libSQL, so every port
 * there): every pending bet on the market graded, winners paid from the house, a multiple waiting
 * on its other leg; the result recorded once; wrong roles, unknown markets, a different second
 * result and an unfinished event without an override write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { settleMarket } from "../../domain/settlement/settle-market.ts";
import { settleBet } from "../../domain/settlement/settle-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { intercept, makeWorld, sel, sqlAudit, type World } from "./world.ts";
import { EARLY } from "../fixtures/settle.ts";

let w: World;
let c1: User;
let admin: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
  admin = await w.staff("adm", "admin");
  for (const [selections, stake] of [
    [[sel("ev_up_a", "2.10")], 1000], // bet_1: Home, wins 21.00
    [[sel("ev_up_a", "3.60", 1, 3)], 500], // bet_2: Away, loses
    [[sel("ev_up_a", "2.10"), sel("ev_up_b", "2.10")], 1000], // bet_3: a double waiting on ev_up_b
  ] as const) {
    const r = await placeBet(w.as(c1), { selections: [...selections], stake, betType: selections.length > 1 ? "multiple" : "single" }, null);
    if (!r.ok) throw new Error(r.error.code);
  }
});

describe("a settled market", () => {
  it("Home wins: 3 graded, 2 settled, 1 waiting, 21.00 paid; the wallet 975.00 + 21.00", async () => {
    const r = await settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 3, settled: 2, waiting: 1, paid: 2100 });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 2100);
    expect(await w.ports.bets.findById("bet_1")).toMatchObject({ status: "won", actualReturn: 2100 });
    expect(await w.ports.bets.findById("bet_2")).toMatchObject({ status: "lost", actualReturn: 0 });
    const double = await w.ports.bets.findById("bet_3");
    expect(double).toMatchObject({ status: "pending" });
    expect(double?.legs.map((l) => l.result)).toEqual(["won", "pending"]);
  });

  it("void: every stake back (25.00), the double waiting with its void leg", async () => {
    const r = await settleMarket(w.as(admin), "ev_up_a-m1", { void: true, override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 3, settled: 2, waiting: 1, paid: 1500 });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 1500);
  });
});

/** What settling wrote about a bet after it was placed: the actions of its audit records. */
const settlementActions = async (betId: string) =>
  (await sqlAudit(w.database)).filter((a) => a.entity === `bet:${betId}` && a.action !== "bet.place").map((a) => a.action);
const legsOf = async (betId: string) => (await w.ports.bets.findById(betId))?.legs.map((l) => l.result);

describe("one pass over the market's bets", () => {
  it("a bet the pass settles is written once and not graded again", async () => {
    const r = await settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 3, settled: 2, waiting: 1, paid: 2100, regraded: 0 });
    expect(await settlementActions("bet_1")).toEqual(["bet.settle"]);
    expect(await settlementActions("bet_2")).toEqual(["bet.settle"]);
    expect(await settlementActions("bet_3")).toEqual([]);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 2100);
  });

  // A pending multiple whose leg on this market is graded while the market has no result: the state
  // an earlier result leaves when withdrawing it stopped before reaching the bet. The pass skips it
  // (its leg here is not pending); the correction grades it from this result.
  it("a pending double whose leg here was graded won earlier is lost by an Away result", async () => {
    await w.database.client.execute("UPDATE bet_legs SET result = 'won' WHERE bet_id = 'bet_3' AND market_id = 'ev_up_a-m1'");
    const r = await settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o3", override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 2, settled: 2, waiting: 0, paid: 1800, regraded: 1 });
    expect(await w.ports.bets.findById("bet_3")).toMatchObject({ status: "lost", actualReturn: 0 });
    expect(await legsOf("bet_3")).toEqual(["lost", "pending"]);
    expect(await settlementActions("bet_3")).toEqual(["bet.settle"]);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 1800);
  });

  it("a pending double whose leg here was graded lost earlier waits with it won, then pays 2.10 x 2.10", async () => {
    await w.database.client.execute("UPDATE bet_legs SET result = 'lost' WHERE bet_id = 'bet_3' AND market_id = 'ev_up_a-m1'");
    const r = await settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 2, settled: 2, waiting: 0, paid: 2100, regraded: 1 });
    expect(await w.ports.bets.findById("bet_3")).toMatchObject({ status: "pending", actualReturn: null });
    expect(await legsOf("bet_3")).toEqual(["won", "pending"]);
    expect(await settlementActions("bet_3")).toEqual(["bet.regrade_legs"]);
    const other = await settleMarket(w.as(admin), "ev_up_b-m1", { winningOutcomeId: "ev_up_b-m1-o1", override: EARLY });
    expect(other.ok && other.value).toMatchObject({ graded: 1, settled: 1, paid: 4410, regraded: 0 });
    expect(await w.ports.bets.findById("bet_3")).toMatchObject({ status: "won", actualReturn: 4410 });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 2100 + 4410);
  });

  it("a bet settled by hand while the pass runs (its write refused) is corrected to the result", async () => {
    const racing = intercept(w.ports.bets, {
      async settleMany(plans) {
        // An operator settles bet_1 lost by hand just before the pass writes its chunk.
        const hand = await settleBet(w.as(admin), "bet_1", { status: "lost", actualReturn: 0, override: EARLY });
        expect(hand.ok, JSON.stringify(hand)).toBe(true);
        return w.ports.bets.settleMany(plans);
      },
    });
    const r = await settleMarket(w.as(admin, { ...w.ports, bets: racing }), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY });
    expect(r.ok && r.value).toMatchObject({ graded: 3, settled: 1, waiting: 1, paid: 0, regraded: 1 });
    expect(await w.ports.bets.findById("bet_1")).toMatchObject({ status: "won", actualReturn: 2100 });
    expect(await settlementActions("bet_1")).toEqual(["bet.settle", "bet.resettle"]);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 + 2100);
  });
});

describe("two settlements of the same market at once", () => {
  it("every bet is settled and paid once; the one that finds them settled changes nothing", async () => {
    for (let i = 0; i < 60; i++) {
      const r = await placeBet(w.as(c1), { selections: [sel("ev_up_a", "2.10")], stake: 100, betType: "single" }, null);
      if (!r.ok) throw new Error(r.error.code);
    }
    const input = { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY };
    const others: Awaited<ReturnType<typeof settleMarket>>[] = [];
    const late = intercept(w.ports.bets, {
      async settleMany(plans) {
        // The other settlement runs to its end before this one writes anything.
        if (others.length === 0) others.push(await settleMarket(w.as(admin), "ev_up_a-m1", input));
        return w.ports.bets.settleMany(plans);
      },
    });
    const first = await settleMarket(w.as(admin, { ...w.ports, bets: late }), "ev_up_a-m1", input);
    // The double's leg was stored by the first before the other began: the other only corrects it (nothing to change).
    expect(others).toHaveLength(1);
    expect(others[0].ok && others[0].value).toMatchObject({ graded: 62, settled: 62, waiting: 0, paid: 2100 + 60 * 210, regraded: 0 });
    expect(first.ok && first.value).toMatchObject({ graded: 63, settled: 0, waiting: 1, paid: 0, regraded: 0 });
    const payouts = await w.database.client.execute("SELECT reference, COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_payout' GROUP BY reference HAVING n > 1");
    expect(payouts.rows).toEqual([]);
    const settles = (await sqlAudit(w.database)).filter((a) => a.action === "bet.settle");
    expect(settles.length).toBe(62);
    expect(new Set(settles.map((a) => a.entity)).size).toBe(62);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000 - 2500 - 6000 + 2100 + 60 * 210);
  });
});

describe("refused, nothing written", () => {
  it("a trader: AUTH.FORBIDDEN; a customer too", async () => {
    const trader = await w.staff("trd", "trader");
    for (const u of [trader, c1]) {
      const r = await w.unchanged(() => settleMarket(w.as(u), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY }));
      expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    }
  });

  it("an unknown market: MARKET.NOT_FOUND", async () => {
    expect(await w.unchanged(() => settleMarket(w.as(admin), "nope", { winningOutcomeId: "x", override: EARLY }))).toEqual({
      ok: false,
      error: { code: "MARKET.NOT_FOUND", message: "No market with that id" },
    });
  });

  it("a different result after the first: MARKET.ALREADY_SETTLED", async () => {
    await settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1", override: EARLY });
    const r = await w.unchanged(() => settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o3", override: EARLY }));
    expect(!r.ok && r.error).toMatchObject({ code: "MARKET.ALREADY_SETTLED", message: "The Match Result market is already settled; resettle its bets to correct them" });
  });

  it("an event not finished, without an override: SETTLE.EVENT_NOT_FINISHED", async () => {
    const r = await w.unchanged(() => settleMarket(w.as(admin), "ev_up_a-m1", { winningOutcomeId: "ev_up_a-m1-o1" }));
    expect(!r.ok && r.error.code).toBe("SETTLE.EVENT_NOT_FINISHED");
  });
});
