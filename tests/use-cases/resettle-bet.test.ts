/**
 * resettleBet on the world (settlements on libSQL, so every port there): a wrongly settled bet is
 * corrected by one bet_resettlement transaction for the difference (earlier postings untouched),
 * the counter goes up by one, audited with the reason; a pending bet, a customer who spent the
 * overpayment, and non-admins are refused with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { settleBet } from "../../domain/settlement/settle-bet.ts";
import { resettleBet } from "../../domain/settlement/resettle-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sel, sqlAudit, type World } from "./world.ts";
import { EARLY } from "../fixtures/settle.ts";

let w: World;
let c1: User;
let admin: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
  admin = await w.staff("adm", "admin");
  const r = await placeBet(w.as(c1), { selections: [sel("ev_up_a", "2.10")], stake: 1000, betType: "single" }, null);
  if (!r.ok) throw new Error(r.error.code);
});
const settleWon = async () => {
  const s = await settleBet(w.as(admin), "bet_1", { override: EARLY, status: "won", actualReturn: 2100 });
  if (!s.ok) throw new Error(s.error.code);
};
const postings = async (kind: string) =>
  (await w.database.client.execute({
    sql: "SELECT p.account_id, p.amount FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id WHERE t.kind = ? ORDER BY p.id",
    args: [kind],
  })).rows.map((r) => [r.account_id, Number(r.amount)]);

describe("resettled", () => {
  it("won 21.00 -> lost: 21.00 taken back in one bet_resettlement; the payout postings untouched; audited", async () => {
    await settleWon();
    const r = await resettleBet(w.as(admin), "bet_1", { status: "lost", reason: { code: "result_correction", text: "wrong result entered" } });
    expect(r).toEqual({
      ok: true,
      value: {
        bet: { id: "bet_1", status: "lost", actualReturn: 0, previousStatus: "won", previousReturn: 2100, resettlementCount: 1, settledAt: NOW },
        correction: -2100,
      },
    });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(99_000);
    expect(await postings("bet_payout")).toEqual([["house", -2100], ["wallet:c1", 2100]].sort());
    expect((await postings("bet_resettlement")).sort()).toEqual([["house", 2100], ["wallet:c1", -2100]]);
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({
      action: "bet.resettle", actorId: "adm", entity: "bet:bet_1",
      after: { status: "lost", actualReturn: 0, correction: -2100, reason: { code: "result_correction", text: "wrong result entered" } },
    });
  });

  it("won -> void: 11.00 taken back (21.00 paid, 10.00 due)", async () => {
    await settleWon();
    const r = await resettleBet(w.as(admin), "bet_1", { status: "void", reason: GOODWILL });
    expect(r.ok && r.value).toMatchObject({ bet: { status: "void", actualReturn: 1000 }, correction: -1100 });
    expect(await w.ports.wallets.balanceOf("c1")).toBe(100_000);
  });
});

const CORRECTION = { code: "result_correction" } as const;
const GOODWILL = { code: "goodwill" } as const;

describe("refused, nothing written", () => {
  it("without a reason code, or \"other\" without its text: SETTLE.REASON_REQUIRED", async () => {
    await settleWon();
    for (const reason of [undefined, { code: "other" as const }, { code: "other" as const, text: "too short" }]) {
      const r = await w.unchanged(() => resettleBet(w.as(admin), "bet_1", { status: "lost", reason }));
      expect(!r.ok && r.error.code).toBe("SETTLE.REASON_REQUIRED");
    }
    const ok = await resettleBet(w.as(admin), "bet_1", { status: "lost", reason: { code: "other", text: "Customer complaint upheld by compliance" } });
    expect(ok.ok).toBe(true);
  });

  it("a pending bet: BET.NOT_SETTLED", async () => {
    expect(await w.unchanged(() => resettleBet(w.as(admin), "bet_1", { status: "lost", reason: CORRECTION }))).toEqual({
      ok: false,
      error: { code: "BET.NOT_SETTLED", message: "This bet has not been settled yet: settle it instead" },
    });
  });

  it("an unknown bet: BET.NOT_FOUND", async () => {
    const r = await w.unchanged(() => resettleBet(w.as(admin), "bet_nope", { status: "lost", reason: CORRECTION }));
    expect(!r.ok && r.error.code).toBe("BET.NOT_FOUND");
  });

  it("the customer has spent the overpayment: BET.RESETTLE_INSUFFICIENT_FUNDS", async () => {
    await settleWon();
    // c1 stakes all but 10.00 of the 1,011.00 balance on another bet.
    const spend = await placeBet(w.as(c1), { selections: [sel("ev_up_b", "2.10")], stake: 100_100, betType: "single" }, null);
    expect(spend.ok).toBe(true);
    expect(await w.unchanged(() => resettleBet(w.as(admin), "bet_1", { status: "lost", reason: CORRECTION }))).toEqual({
      ok: false,
      error: {
        code: "BET.RESETTLE_INSUFFICIENT_FUNDS",
        message: "The customer's balance is too low to take back $21.00; nothing was changed",
        details: { correction: -2100 },
      },
    });
  });

  it("a trader: AUTH.FORBIDDEN", async () => {
    await settleWon();
    const trader = await w.staff("trd", "trader");
    const r = await w.unchanged(() => resettleBet(w.as(trader), "bet_1", { status: "lost", reason: CORRECTION }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
