/**
 * settleMarket on the world (settlements and the market's result live on libSQL, so every port
 * there): every pending bet on the market graded, winners paid from the house, a multiple waiting
 * on its other leg; the result recorded once; wrong roles, unknown markets, a different second
 * result and an unfinished event without an override write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { settleMarket } from "../../domain/settlement/settle-market.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, sel, type World } from "./world.ts";
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
