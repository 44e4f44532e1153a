/**
 * withdraw on the world (payments on libSQL: every port there): a fully verified customer's cash
 * held then paid out; above the approval threshold it waits for an operator; refusals (role,
 * verification, amount limits, balance, investigation) write nothing; a declined payout gives the
 * money back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { withdraw } from "../../domain/wallet/withdraw.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
});
const balances = async () => {
  const rs = await w.database.client.execute("SELECT id, balance FROM ledger_accounts WHERE balance <> 0 ORDER BY id");
  return Object.fromEntries(rs.rows.map((r) => [String(r.id), Number(r.balance)]));
};

describe("a withdrawal", () => {
  it("bank 250.00: held and paid out at once; the wallet 750.00", async () => {
    const r = await withdraw(w.as(c1), { method: "bank", amount: 25_000 });
    expect(r.ok && r.value).toMatchObject({ paymentId: "pay_1", state: "completed", transactionId: "tx_1", method: "bank", amount: 25_000, balance: 75_000 });
    expect(await balances()).toMatchObject({ "wallet:c1": 75_000 });
    expect(await w.ports.payments.find("pay_1")).toMatchObject({ direction: "withdrawal", state: "completed", amount: 25_000 });
  });

  it("a suspended customer may still withdraw their money", async () => {
    const suspended = await w.customer("c2", 10_000, { isActive: false });
    const r = await withdraw(w.as(suspended), { method: "bank", amount: 10_000 });
    expect(r.ok && r.value).toMatchObject({ state: "completed", balance: 0 });
  });

  it("above the approval threshold: awaiting_approval, the money held (wallet down, nothing paid yet)", async () => {
    const threshold = await w.ports.payments.approvalThreshold();
    const rich = await w.customer("rich", threshold + 10_000);
    const r = await withdraw(w.as(rich), { method: "bank", amount: threshold + 100 });
    expect(r.ok && r.value).toMatchObject({ state: "awaiting_approval", balance: 9_900 });
    expect(await balances()).toMatchObject({ "wallet:rich": 9_900, payments_held: threshold + 100 });
  });

  it("the provider declines the payout (ending in 13): WALLET.PAYMENT_DECLINED and the money is back", async () => {
    const r = await withdraw(w.as(c1), { method: "bank", amount: 25_013 });
    expect(!r.ok && r.error).toMatchObject({ code: "WALLET.PAYMENT_DECLINED", details: { paymentId: "pay_1", state: "failed" } });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000);
  });
});

describe("refused, nothing written", () => {
  it("a trader: AUTH.FORBIDDEN", async () => {
    const trader = await w.staff("t1", "trader");
    const r = await w.unchanged(() => withdraw(w.as(trader), { method: "bank", amount: 25_000 }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });

  it("not fully verified: KYC.LEVEL_REQUIRED", async () => {
    const basic = await w.customer("c3", 100_000, { verificationLevel: "basic" });
    expect(await w.unchanged(() => withdraw(w.as(basic), { method: "bank", amount: 25_000 }))).toEqual({
      ok: false,
      error: { code: "KYC.LEVEL_REQUIRED", message: "Verify your identity with a document before you withdraw", details: { required: "full", current: "basic" } },
    });
  });

  it("bank 49.99: WALLET.AMOUNT_BELOW_MIN", async () => {
    const r = await w.unchanged(() => withdraw(w.as(c1), { method: "bank", amount: 4_999 }));
    expect(!r.ok && r.error.code).toBe("WALLET.AMOUNT_BELOW_MIN");
  });

  it("more than the balance: WALLET.INSUFFICIENT_FUNDS", async () => {
    const r = await w.unchanged(() => withdraw(w.as(c1), { method: "bank", amount: 100_001 }));
    expect(!r.ok && r.error.code).toBe("WALLET.INSUFFICIENT_FUNDS");
  });
});
