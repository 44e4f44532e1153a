/**
 * deposit on the world (payments live on libSQL, so every port there): the payment recorded, the
 * provider charged, the amount credited less the method's fee, the first-deposit bonus; refusals
 * (role, amount limits, the first-deposit limit prompt) write nothing; a declined charge moves no money.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { deposit } from "../../domain/wallet/deposit.ts";
import { declineLimitPrompt } from "../../domain/responsible/exclude.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 5_000);
});
const answered = async () => {
  const r = await declineLimitPrompt(w.as(c1));
  if (!r.ok) throw new Error(r.error.code);
};
const balances = async () => {
  const rs = await w.database.client.execute("SELECT id, balance FROM ledger_accounts WHERE balance <> 0 ORDER BY id");
  return Object.fromEntries(rs.rows.map((r) => [String(r.id), Number(r.balance)]));
};

describe("a deposit", () => {
  it("card 100.00: fee 2.9% + 0.30 = 3.20 to the house, 10.00 welcome bonus; completed, balance 146.80 (50.00 + 96.80)", async () => {
    await answered();
    const r = await deposit(w.as(c1), { method: "card", amount: 10_000 }, null);
    expect(r.ok && r.value).toMatchObject({
      replayed: false,
      response: { paymentId: "pay_1", state: "completed", method: "card", amount: 10_000, fee: 320, bonus: 1_000, credited: 10_680 },
    });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(5_000 + 10_000 - 320);
    expect((await w.ports.payments.find("pay_1"))).toMatchObject({ state: "completed", direction: "deposit", amount: 10_000, fee: 320 });
    expect(await balances()).toMatchObject({ "wallet:c1": 14_680, house: 320 });
  });

  it("bank 50.00: no fee, no bonus (under 100.00)", async () => {
    await answered();
    const r = await deposit(w.as(c1), { method: "bank", amount: 5_000 }, null);
    expect(r.ok && r.value.response).toMatchObject({ state: "completed", fee: 0, bonus: 0, credited: 5_000, balance: 10_000 });
  });

  it("the same Idempotency-Key again: the first receipt replayed, nothing more moved", async () => {
    await answered();
    const first = await deposit(w.as(c1), { method: "bank", amount: 5_000 }, "k1");
    const again = await w.unchanged(() => deposit(w.as(c1), { method: "bank", amount: 5_000 }, "k1"));
    expect(again.ok && again.value).toEqual({ replayed: true, response: first.ok && first.value.response });
  });
});

describe("refused, nothing written", () => {
  it("a trader: AUTH.FORBIDDEN; anonymous: AUTH.REQUIRED", async () => {
    const trader = await w.staff("t1", "trader");
    const r = await w.unchanged(() => deposit(w.as(trader), { method: "card", amount: 10_000 }, null));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    const a = await w.unchanged(() => deposit(w.as(null), { method: "card", amount: 10_000 }, null));
    expect(!a.ok && a.error.code).toBe("AUTH.REQUIRED");
  });

  it("card 9.99: WALLET.AMOUNT_BELOW_MIN naming the minimum", async () => {
    await answered();
    expect(await w.unchanged(() => deposit(w.as(c1), { method: "card", amount: 999 }, null))).toEqual({
      ok: false,
      error: { code: "WALLET.AMOUNT_BELOW_MIN", message: "The minimum for Credit/Debit Card is $10.00", details: { method: "card", minAmount: 1_000 } },
    });
  });

  it("before the deposit limit prompt is answered: RG.LIMIT_PROMPT_REQUIRED (only the register's answer cached)", async () => {
    // The gate asks the national register first and caches its answer (register_checks, a cache, not
    // the deposit); after that the refusal writes nothing at all.
    await deposit(w.as(c1), { method: "card", amount: 10_000 }, null);
    expect((await w.database.client.execute("SELECT user_id, listed FROM register_checks")).rows.map((r) => [r.user_id, r.listed])).toEqual([["c1", 0]]);
    const r = await w.unchanged(() => deposit(w.as(c1), { method: "card", amount: 10_000 }, null));
    expect(!r.ok && r.error.code).toBe("RG.LIMIT_PROMPT_REQUIRED");
  });

  it("the provider declines (test amount ending in 13): WALLET.PAYMENT_DECLINED, the payment failed, no money moved", async () => {
    await answered();
    const before = await balances();
    const r = await deposit(w.as(c1), { method: "bank", amount: 5_013 }, null);
    expect(!r.ok && r.error).toMatchObject({ code: "WALLET.PAYMENT_DECLINED", details: { paymentId: "pay_1", state: "failed" } });
    expect(await balances()).toEqual(before);
  });
});
