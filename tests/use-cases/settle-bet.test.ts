/**
 * settleBet against the memory ports: the server computes the return (void legs count 1.00),
 * pays it from the house once, records leg results and an audit record, and refuses a return or
 * leg results that disagree with the requested status.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { settleBet } from "../../domain/settlement/settle-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { intercept, makeWorld, NOW, sel, type World } from "./world.ts";
import { EARLY } from "../fixtures/settle.ts";
import { formatMoney } from "../../domain/shared/money.ts";

let w: World;
let c1: User;
let admin: User;
beforeEach(async () => {
  w = await makeWorld();
  c1 = await w.customer("c1", 100_000);
  admin = await w.staff("adm", "admin");
});

/** Place a bet through the use case; returns its id. */
async function place(selections: ReturnType<typeof sel>[], stake: number): Promise<string> {
  const r = await placeBet(w.as(c1), { selections, stake, betType: selections.length > 1 ? "multiple" : "single" }, null);
  if (!r.ok) throw new Error(r.error.code);
  return r.value.response.bet.id;
}
/** 10.00 on 2.10 x 1.85 x 3.60 (potential return 139.86). */
const treble = () => place([sel("ev_up_a", "2.10"), sel("ev_up_b", "1.85", 2, 1), sel("ev_up_t", "3.60", 1, 3)], 1000);

describe("who may settle", () => {
  it("an anonymous caller: AUTH.REQUIRED", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    expect(await w.unchanged(() => settleBet(w.as(null), id, { override: EARLY, status: "won", actualReturn: 2100 }))).toEqual({
      ok: false,
      error: { code: "AUTH.REQUIRED", message: "Please log in" },
    });
  });

  it("a trader or a customer: AUTH.FORBIDDEN, nothing written", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    const trader = await w.staff("trd", "trader");
    const r = await w.unchanged(() => settleBet(w.as(trader), id, { override: EARLY, status: "won", actualReturn: 2100 }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });

  it("an unknown bet: BET.NOT_FOUND", async () => {
    expect(await settleBet(w.as(admin), "bet_nope", { override: EARLY, status: "lost", actualReturn: 0 })).toEqual({
      ok: false,
      error: { code: "BET.NOT_FOUND", message: "No bet with that id" },
    });
  });
});

describe("a settled bet", () => {
  it("won single: stake x odds paid from the house, legs won, an audit record naming the operator", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    const r = await settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 2100 });
    expect(r).toEqual({ ok: true, value: { bet: { id: "bet_1", status: "won", actualReturn: 2100, settledAt: "2026-11-21T10:00:00.000Z" } } });
    expect(await w.store.ports.bets.findById(id)).toMatchObject({ status: "won", actualReturn: 2100, settledAt: NOW, legs: [{ result: "won" }] });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(100_000 - 1000 + 2100);
    const ledger = w.store.ledger();
    expect(ledger.transactions.at(-1)).toEqual({ id: "tx_2", kind: "bet_payout", reference: "bet_1", createdAt: NOW.getTime(), createdBy: "adm" });
    expect(ledger.postings.filter((p) => p.transactionId === "tx_2").map((p) => [p.accountId, p.amount])).toEqual([["house", -2100], ["wallet:c1", 2100]]);
    expect(ledger.balances.house).toBe(1000 - 2100);
    expect(w.store.audit()).toEqual([{
      id: "aud_1",
      actorId: "adm",
      actorRole: "admin",
      action: "bet.settle",
      entityType: "bet",
      entityId: "bet_1",
      before: { status: "pending", actualReturn: null },
      after: { status: "won", actualReturn: 2100, legResults: [{ legId: "bet_1-1", result: "won" }], override: EARLY },
      createdAt: NOW.getTime(),
    }]);
    expect(w.store.rows().bets[0].settledBy).toBe("adm");
  });

  it("lost: no payout, legs lost, audited", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    const txs = w.store.ledger().transactions.length;
    expect(await settleBet(w.as(admin), id, { override: EARLY, status: "lost", actualReturn: 0 })).toMatchObject({ ok: true, value: { bet: { status: "lost", actualReturn: 0 } } });
    expect(w.store.ledger().transactions).toHaveLength(txs);
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(99_000);
    expect((await w.store.ports.bets.findById(id))?.legs.map((l) => l.result)).toEqual(["lost"]);
    expect(w.store.audit()).toHaveLength(1);
  });

  it("void without a reason code: SETTLE.REASON_REQUIRED and nothing written", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1234);
    const r = await w.unchanged(() => settleBet(w.as(admin), id, { status: "void", actualReturn: 1234 }));
    expect(!r.ok && r.error.code).toBe("SETTLE.REASON_REQUIRED");
  });

  it("void: the stake comes back as a refund", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1234);
    expect(await settleBet(w.as(admin), id, { override: EARLY, status: "void", actualReturn: 1234, reason: { code: "void_by_rule" } })).toMatchObject({ ok: true, value: { bet: { status: "void", actualReturn: 1234 } } });
    expect(w.store.ledger().transactions.at(-1)).toMatchObject({ kind: "bet_refund", reference: id });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(100_000);
  });

  it("multiple without leg results: every leg takes the bet's status, the whole product is paid", async () => {
    const id = await treble();
    expect(await settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 13_986 })).toMatchObject({ ok: true, value: { bet: { actualReturn: 13_986 } } });
    expect((await w.store.ports.bets.findById(id))?.legs.map((l) => l.result)).toEqual(["won", "won", "won"]);
  });

  it("multiple with a void leg: that leg counts 1.00 (10.00 x 2.10 x 3.60 = 75.60)", async () => {
    const id = await treble();
    const legResults = [
      { legId: `${id}-1`, result: "won" as const },
      { legId: `${id}-2`, result: "void" as const },
      { legId: `${id}-3`, result: "won" as const },
    ];
    const r = await settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 7560, legResults });
    expect(r).toMatchObject({ ok: true, value: { bet: { status: "won", actualReturn: 7560 } } });
    expect((await w.store.ports.bets.findById(id))?.legs.map((l) => l.result)).toEqual(["won", "void", "won"]);
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(99_000 + 7560);
    expect(w.store.audit()[0].after).toEqual({ status: "won", actualReturn: 7560, legResults, override: EARLY });
  });

  it("multiple with a void leg, rounded down to the cent: 3.33 x 2.10 x 1.85 with the 2.10 leg void = 6.16 (616.05 cents)", async () => {
    const id = await place([sel("ev_up_a", "2.10"), sel("ev_up_b", "1.85", 2, 1)], 333);
    const r = await settleBet(w.as(admin), id, {
      override: EARLY,
      status: "won",
      actualReturn: 616,
      legResults: [{ legId: `${id}-1`, result: "void" }, { legId: `${id}-2`, result: "won" }],
    });
    expect(r.ok).toBe(true);
  });

  it("multiple with every leg void: void, the stake comes back", async () => {
    const id = await treble();
    const legResults = ["1", "2", "3"].map((n) => ({ legId: `${id}-${n}`, result: "void" as const }));
    expect(await settleBet(w.as(admin), id, { override: EARLY, status: "void", actualReturn: 1000, legResults, reason: { code: "void_by_rule" } })).toMatchObject({ ok: true, value: { bet: { status: "void" } } });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(100_000);
  });

  it("multiple with a lost leg (and a void one): lost, nothing paid", async () => {
    const id = await treble();
    const legResults = [
      { legId: `${id}-1`, result: "won" as const },
      { legId: `${id}-2`, result: "void" as const },
      { legId: `${id}-3`, result: "lost" as const },
    ];
    expect(await settleBet(w.as(admin), id, { override: EARLY, status: "lost", actualReturn: 0, legResults })).toMatchObject({ ok: true });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(99_000);
  });
});

describe("refused, and nothing written", () => {
  it("a return that is not the computed one: BET.RETURN_MISMATCH with the expected return", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    for (const [status, actualReturn, expected] of [["won", 2000, 2100], ["void", 0, 1000], ["lost", 1, 0]] as const)
      expect(await w.unchanged(() => settleBet(w.as(admin), id, { override: EARLY, status, actualReturn }))).toEqual({
        ok: false,
        error: { code: "BET.RETURN_MISMATCH", message: `The return for this settlement is ${formatMoney(expected)}`, details: { expectedReturn: expected } },
      });
  });

  it("a void leg changes the return: asking for the full treble's return is BET.RETURN_MISMATCH", async () => {
    const id = await treble();
    const r = await w.unchanged(() => settleBet(w.as(admin), id, {
      override: EARLY,
      status: "won",
      actualReturn: 13_986,
      legResults: [{ legId: `${id}-1`, result: "won" }, { legId: `${id}-2`, result: "void" }, { legId: `${id}-3`, result: "won" }],
    }));
    expect(!r.ok && r.error).toEqual({ code: "BET.RETURN_MISMATCH", message: "The return for this settlement is $75.60", details: { expectedReturn: 7560 } });
  });

  it("leg results that miss a leg, name another, or repeat one: BET.LEG_RESULTS_INVALID", async () => {
    const id = await treble();
    const won = (n: string) => ({ legId: `${id}-${n}`, result: "won" as const });
    for (const legResults of [[won("1"), won("2")], [won("1"), won("2"), won("9")], [won("1"), won("2"), won("3"), won("3")]])
      expect(await w.unchanged(() => settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 13_986, legResults }))).toEqual({
        ok: false,
        error: { code: "BET.LEG_RESULTS_INVALID", message: "Give exactly one result for every leg of the bet" },
      });
  });

  it("leg results that grade the bet otherwise: BET.LEG_RESULTS_INVALID", async () => {
    const id = await treble();
    const leg = (n: string, result: "won" | "lost" | "void") => ({ legId: `${id}-${n}`, result });
    const cases: [ "won" | "lost" | "void", ReturnType<typeof leg>[], string][] = [
      ["won", [leg("1", "won"), leg("2", "lost"), leg("3", "won")], "Those leg results make the bet lost, not won"],
      ["won", [leg("1", "void"), leg("2", "void"), leg("3", "void")], "Those leg results make the bet void, not won"],
      ["lost", [leg("1", "won"), leg("2", "won"), leg("3", "won")], "Those leg results make the bet won, not lost"],
    ];
    for (const [status, legResults, message] of cases)
      expect(await w.unchanged(() => settleBet(w.as(admin), id, { override: EARLY, status, actualReturn: 0, legResults }))).toEqual({
        ok: false,
        error: { code: "BET.LEG_RESULTS_INVALID", message },
      });
  });

  it("a settled bet: BET.NOT_PENDING; it pays once", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    await settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 2100 });
    expect(await w.unchanged(() => settleBet(w.as(admin), id, { override: EARLY, status: "won", actualReturn: 2100 }))).toEqual({
      ok: false,
      error: { code: "BET.NOT_PENDING", message: "This bet is already won" },
    });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(101_100);
  });

  it("settled by another operator between our read and our write: BET.NOT_PENDING, paid once, one audit record", async () => {
    const id = await place([sel("ev_up_a", "2.10")], 1000);
    const bets = w.store.ports.bets;
    const other = await w.staff("adm2", "admin");
    const racing = {
      ...w.store.ports,
      bets: intercept(bets, {
        async findById(betId: string) {
          const seen = await bets.findById(betId);
          await settleBet(w.as(other), betId, { override: EARLY, status: "won", actualReturn: 2100 }); // the other click lands first
          return seen;
        },
      }),
    };
    expect(await settleBet(w.as(admin, racing), id, { override: EARLY, status: "won", actualReturn: 2100 })).toEqual({
      ok: false,
      error: { code: "BET.NOT_PENDING", message: "This bet has already been settled" },
    });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(101_100);
    expect(w.store.audit().map((a) => a.actorId)).toEqual(["adm2"]);
  });
});
