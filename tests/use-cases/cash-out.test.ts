/**
 * quoteCashOut and acceptCashOut on the world (cash-out quotes live on libSQL, so every port there):
 * the quote is floor(stake x placed odds / current odds x 0.95); accepting pays it once and closes
 * the bet; a moved price, an expired quote, another customer's bet or a staff caller is refused
 * with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { acceptCashOut, quoteCashOut } from "../../domain/betting/cash-out.ts";
import type { User } from "../../domain/shared/types.ts";
import type { Result } from "../../domain/shared/result.ts";
import { makeWorld, NOW, sel, sqlAudit, type World } from "./world.ts";

let w: World;
let c1: User;
let betId: string;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
  const r = await placeBet(w.as(c1), { selections: [sel("ev_up_a", "2.10")], stake: 1000, betType: "single" }, null);
  if (!r.ok) throw new Error(r.error.code);
  betId = r.value.response.bet.id;
  await w.setPrice("ev_up_a-m1-o1", 1500); // the selection shortened: the bet is worth more now
});
const later = (ms: number) => ({ now: () => new Date(NOW.getTime() + ms) });

describe("cashed out", () => {
  it("10.00 at 2.10, now 1.50: quote 13.30 (1000 x 2100 x 0.95 / 1500), paid once, the bet cashed_out, audited", async () => {
    const q = await quoteCashOut(w.as(c1), betId);
    expect(q).toEqual({ ok: true, value: { quoteId: "coq_1", amount: 1330, expiresAt: "2026-11-21T10:00:10.000Z" } });
    const r = await acceptCashOut(w.as(c1), betId, "coq_1");
    expect(r.ok && r.value).toMatchObject({ amount: 1330, balance: 99_000 + 1330, bet: { id: betId, status: "cashed_out", actualReturn: 1330 } });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_330);
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "bet.cash_out", actorId: "c1", entity: `bet:${betId}` });
    const again = await w.unchanged(() => acceptCashOut(w.as(c1), betId, "coq_1"));
    expect(!again.ok && again.error.code).toBe("BET.NOT_PENDING");
  });
});

describe("refused, nothing written", () => {
  it("the price moved after the quote: CASHOUT.QUOTE_MOVED naming the outcome", async () => {
    await quoteCashOut(w.as(c1), betId);
    await w.setPrice("ev_up_a-m1-o1", 1400);
    expect(await w.unchanged(() => acceptCashOut(w.as(c1), betId, "coq_1"))).toEqual({
      ok: false,
      error: { code: "CASHOUT.QUOTE_MOVED", message: "Prices moved since this quote; ask for a new one", details: { moved: ["ev_up_a-m1-o1"] } },
    });
  });

  it("the quote 10 seconds old: CASHOUT.QUOTE_EXPIRED", async () => {
    await quoteCashOut(w.as(c1), betId);
    const r = await w.unchanged(() => acceptCashOut({ ...w.as(c1), clock: later(10_000) }, betId, "coq_1"));
    expect(!r.ok && r.error.code).toBe("CASHOUT.QUOTE_EXPIRED");
  });

  it("another customer's bet: BET.NOT_FOUND (quote and accept)", async () => {
    await quoteCashOut(w.as(c1), betId);
    const c2 = await w.customer("c2", 0);
    for (const act of [() => quoteCashOut(w.as(c2), betId), () => acceptCashOut(w.as(c2), betId, "coq_1")] as (() => Promise<Result<unknown>>)[]) {
      const r = await w.unchanged(act);
      expect(!r.ok && r.error.code).toBe("BET.NOT_FOUND");
    }
  });

  it("a trader: AUTH.FORBIDDEN", async () => {
    const trader = await w.staff("t1", "trader");
    const r = await w.unchanged(() => quoteCashOut(w.as(trader), betId));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });

  it("a suspended market: no quote, CASHOUT.MARKET_SUSPENDED", async () => {
    await w.database.client.execute("UPDATE markets SET status = 'suspended' WHERE id = 'ev_up_a-m1'");
    const r = await w.unchanged(() => quoteCashOut(w.as(c1), betId));
    expect(!r.ok && r.error).toMatchObject({ code: "CASHOUT.MARKET_SUSPENDED", message: "Cash out is not available: The Match Result market is suspended" });
  });
});
