/**
 * The Bets port after placement: listings are newest first; settlement is one all-or-nothing write
 * with the refusals of the database guards; totals add up every bet.
 */
import { describe, expect, it } from "vitest";
import { adaptersUnderTest, type AdapterUnderTest } from "./harness.ts";
import { aCustomer, aPlan, aSettlement, at, T0, type LegSpec } from "./fixtures.ts";
import { expectNothingWritten, useBetsHarness } from "../fixtures/bets-contract.ts";

function betsSettlementContract(adapter: AdapterUnderTest) {
  const h = useBetsHarness(adapter);

  describe("findById, listForUser, listAll", () => {
    /** c1: b1 (T0+1), b2 (T0+3), b3 (T0+2), b4 (T0+3, after b2); c2: b5 (T0+4). */
    async function fiveBets() {
      await aCustomer(h.ports, "c1", 100_000, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
      await aCustomer(h.ports, "c2", 100_000, { firstName: "Alan", lastName: "Turing", email: "alan@example.com" });
      const place = async (betId: string, userId: string, minute: number, eventId: string) =>
        expect((await h.ports.bets.place(aPlan({ betId, userId, stake: 1000, legs: [{ eventId }], placedAt: at(minute) }))).kind).toBe("placed");
      await place("b1", "c1", 1, "ev_up_a");
      await place("b2", "c1", 3, "ev_up_b");
      await place("b3", "c1", 2, "ev_live_s");
      await place("b4", "c1", 3, "ev_up_t");
      await place("b5", "c2", 4, "ev_up_a");
    }

    it("findById: null for an unknown bet", async () => {
      expect(await h.ports.bets.findById("nope")).toBeNull();
    });

    it("listForUser: the customer's bets newest first (placed time, then the later write), with their legs, up to the limit", async () => {
      await fiveBets();
      const list = await h.ports.bets.listForUser("c1", 10);
      expect(list.map((b) => b.id)).toEqual(["b4", "b2", "b3", "b1"]);
      expect(list[0]).toEqual(await h.ports.bets.findById("b4"));
      expect((await h.ports.bets.listForUser("c1", 2)).map((b) => b.id)).toEqual(["b4", "b2"]);
      expect((await h.ports.bets.listForUser("c2", 10)).map((b) => b.id)).toEqual(["b5"]);
      expect(await h.ports.bets.listForUser("nobody", 10)).toEqual([]);
    });

    it("listAll: everyone's bets newest first with the customer's name and email; pending / settled filters; limit", async () => {
      await fiveBets();
      const all = await h.ports.bets.listAll(10);
      expect(all.map((b) => b.id)).toEqual(["b5", "b4", "b2", "b3", "b1"]);
      expect(all[0]).toEqual({ ...(await h.ports.bets.findById("b5")), customer: { firstName: "Alan", lastName: "Turing", email: "alan@example.com" } });
      expect(all[1].customer).toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
      expect((await h.ports.bets.listAll(2)).map((b) => b.id)).toEqual(["b5", "b4"]);

      await h.ports.bets.settle(aSettlement({ betId: "b3", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b3-1", result: "lost" }] }));
      await h.ports.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "void", actualReturn: 1000, legResults: [{ legId: "b1-1", result: "void" }] }));
      expect((await h.ports.bets.listAll(10, "settled")).map((b) => b.id)).toEqual(["b3", "b1"]);
      expect((await h.ports.bets.listAll(10, "pending")).map((b) => b.id)).toEqual(["b5", "b4", "b2"]);
      expect((await h.ports.bets.listAll(1, "settled")).map((b) => b.id)).toEqual(["b3"]);
    });
  });

  describe("settle", () => {
    async function placed(stake = 1000, legs: LegSpec[] = [{ eventId: "ev_up_a" }]) {
      await aCustomer(h.ports, "c1", 10_000);
      const r = await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake, legs }));
      expect(r.kind).toBe("placed");
    }

    it("won: status, return, settled time, leg results, payout postings and the audit record in one call", async () => {
      await placed();
      const plan = aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] });
      expect(await h.ports.bets.settle(plan)).toBe("settled");
      const bet = await h.ports.bets.findById("b1");
      expect(bet).toMatchObject({ status: "won", actualReturn: 2100, settledAt: at(180) });
      expect(bet?.legs.map((l) => l.result)).toEqual(["won"]);
      expect(await h.ports.wallets.balanceOf("c1")).toBe(9000 + 2100);
      const rows = await h.rows();
      expect(rows.bets[0].settledBy).toBe("usr_admin");
      expect(rows.transactions.at(-1)).toEqual({ id: "tx_payout_b1", kind: "bet_payout", reference: "b1", createdAt: at(180).getTime(), createdBy: "usr_admin" });
      expect(rows.postings.filter((x) => x.transactionId === "tx_payout_b1").map((x) => [x.accountId, x.amount])).toEqual([
        ["house", -2100],
        ["wallet:c1", 2100],
      ]);
      expect(rows.audit).toEqual([{
        id: "aud_b1",
        actorId: "usr_admin",
        actorRole: "admin",
        action: "bet.settle",
        entityType: "bet",
        entityId: "b1",
        before: { status: "pending" },
        after: { status: "won", actualReturn: 2100 },
        createdAt: at(180).getTime(),
      }]);
    });

    it("lost: no payout transaction, the audit record still written", async () => {
      await placed();
      const before = await h.rows();
      expect(await h.ports.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }] })))
        .toBe("settled");
      const after = await h.rows();
      expect(after.postings).toEqual(before.postings);
      expect(after.transactions).toEqual(before.transactions);
      expect(after.audit.map((a) => a.id)).toEqual(["aud_b1"]);
      expect(await h.ports.bets.findById("b1")).toMatchObject({ status: "lost", actualReturn: 0, legs: [{ result: "lost" }] });
      expect(await h.ports.wallets.balanceOf("c1")).toBe(9000);
    });

    it("void: the stake goes back as a refund; each leg of a multiple gets its own result", async () => {
      await placed(1000, [{ eventId: "ev_up_a" }, { eventId: "ev_up_b" }]);
      const plan = aSettlement({
        betId: "b1", userId: "c1", status: "won", actualReturn: 2100,
        legResults: [{ legId: "b1-1", result: "won" }, { legId: "b1-2", result: "void" }],
      });
      expect(await h.ports.bets.settle(plan)).toBe("settled");
      expect((await h.ports.bets.findById("b1"))?.legs.map((l) => l.result)).toEqual(["won", "void"]);

      await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 700, legs: [{ eventId: "ev_up_t" }] }));
      expect(await h.ports.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "void", actualReturn: 700, legResults: [{ legId: "b2-1", result: "void" }] })))
        .toBe("settled");
      expect((await h.rows()).transactions.at(-1)).toMatchObject({ id: "tx_payout_b2", kind: "bet_refund", reference: "b2" });
      expect(await h.ports.wallets.balanceOf("c1")).toBe(10_000 - 1000 + 2100 - 700 + 700);
    });

    it("settles once: a second settlement is not_pending and writes nothing (no second payout, no audit)", async () => {
      await placed();
      await h.ports.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] }));
      for (const again of [
        aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }], auditId: "aud_2", txId: "tx_2" }),
        aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }], auditId: "aud_3" }),
        aSettlement({ betId: "b1", userId: "c1", status: "void", actualReturn: 1000, legResults: [{ legId: "b1-1", result: "void" }], auditId: "aud_4", txId: "tx_4" }),
      ])
        expect(await expectNothingWritten(h, () => h.ports.bets.settle(again))).toBe("not_pending");
      expect(await h.ports.wallets.balanceOf("c1")).toBe(11_100);
    });

    // An UPDATE of no row fires no trigger: libSQL asserts the bet exists inside the write.
    it("an unknown bet is not settled: no payout, no audit record", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const plan = aSettlement({ betId: "ghost", userId: "c1", status: "won", actualReturn: 5000, legResults: [] });
      const result = await expectNothingWritten(h, () => h.ports.bets.settle(plan));
      expect(result).toBe("not_found");
    });

    it("a settlement that breaks another constraint (a used audit id) throws and writes nothing", async () => {
      await placed();
      await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
      await h.ports.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }], auditId: "aud_same" }));
      const before = await h.rows();
      await expect(
        h.ports.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b2-1", result: "won" }], auditId: "aud_same" })),
      ).rejects.toThrow();
      expect(await h.rows()).toEqual(before);
      expect((await h.ports.bets.findById("b2"))?.status).toBe("pending");
    });

    describe("settleMany", () => {
      const won = (betId: string, auditId = `aud_${betId}`) =>
        aSettlement({ betId, userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: `${betId}-1`, result: "won" }], auditId });
      const lost = (betId: string) => aSettlement({ betId, userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: `${betId}-1`, result: "lost" }] });

      it("settles every plan in one call: statuses, payouts and audit records of all", async () => {
        await placed();
        await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        expect(await h.ports.bets.settleMany([won("b1"), lost("b2")])).toBe("settled");
        expect(await h.ports.bets.findById("b1")).toMatchObject({ status: "won", actualReturn: 2100, legs: [{ result: "won" }] });
        expect(await h.ports.bets.findById("b2")).toMatchObject({ status: "lost", actualReturn: 0, legs: [{ result: "lost" }] });
        expect(await h.ports.wallets.balanceOf("c1")).toBe(10_000 - 2000 + 2100);
        expect((await h.rows()).audit.map((a) => a.id)).toEqual(["aud_b1", "aud_b2"]);
      });

      it("conflict when any plan is refused (a bet settled already, an unknown bet): none of them written", async () => {
        await placed();
        await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        await h.ports.bets.settle(lost("b2"));
        expect(await expectNothingWritten(h, () => h.ports.bets.settleMany([won("b1"), won("b2", "aud_again")]))).toBe("conflict");
        const ghost = aSettlement({ betId: "ghost", userId: "c1", status: "won", actualReturn: 5000, legResults: [] });
        expect(await expectNothingWritten(h, () => h.ports.bets.settleMany([won("b1"), ghost]))).toBe("conflict");
        expect((await h.ports.bets.findById("b1"))?.status).toBe("pending");
      });

      it("a won, a lost and a void bet: each payout its own transaction, postings in order, audit records in the plans' order", async () => {
        await placed();
        await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        await h.ports.bets.place(aPlan({ betId: "b3", userId: "c1", stake: 500, legs: [{ eventId: "ev_up_t" }] }));
        const refund = aSettlement({ betId: "b3", userId: "c1", status: "void", actualReturn: 500, legResults: [{ legId: "b3-1", result: "void" }] });
        const before = await h.rows();
        expect(await h.ports.bets.settleMany([won("b1"), lost("b2"), refund])).toBe("settled");
        const rows = await h.rows();
        expect(rows.transactions.slice(before.transactions.length)).toEqual([
          expect.objectContaining({ id: "tx_payout_b1", kind: "bet_payout", reference: "b1" }),
          expect.objectContaining({ id: "tx_payout_b3", kind: "bet_refund", reference: "b3" }),
        ]);
        expect(rows.postings.slice(before.postings.length).map((x) => [x.transactionId, x.accountId, x.amount])).toEqual([
          ["tx_payout_b1", "house", -2100],
          ["tx_payout_b1", "wallet:c1", 2100],
          ["tx_payout_b3", "house", -500],
          ["tx_payout_b3", "wallet:c1", 500],
        ]);
        expect(rows.audit.slice(before.audit.length).map((a) => a.id)).toEqual(["aud_b1", "aud_b2", "aud_b3"]);
        expect(await h.ports.bets.findById("b3")).toMatchObject({ status: "void", actualReturn: 500, legs: [{ result: "void" }] });
        expect(await h.ports.wallets.balanceOf("c1")).toBe(10_000 - 2500 + 2100 + 500);
      });

      it("a return above a bet's potential return: conflict, none of them written", async () => {
        await placed();
        await h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        const above = aSettlement({ betId: "b2", userId: "c1", status: "won", actualReturn: 2101, legResults: [{ legId: "b2-1", result: "won" }] });
        expect(await expectNothingWritten(h, () => h.ports.bets.settleMany([won("b1"), above]))).toBe("conflict");
      });

      it("no plans: settled, nothing written", async () => {
        await placed();
        expect(await expectNothingWritten(h, () => h.ports.bets.settleMany([]))).toBe("settled");
      });
    });
  });

  describe("totals", () => {
    it("all zero without bets", async () => {
      expect(await h.ports.bets.totals()).toEqual({
        totalBets: 0, pendingBets: 0, wonBets: 0, lostBets: 0, voidBets: 0,
        totalStaked: 0, totalReturned: 0, settledStakes: 0, openLiability: 0,
      });
    });

    it("counts by status; stakes, returns of settled bets, settled stakes and the potential returns of pending bets", async () => {
      await aCustomer(h.ports, "c1", 100_000);
      const stakes: [string, number, string][] = [["b1", 1000, "ev_up_a"], ["b2", 2000, "ev_up_b"], ["b3", 500, "ev_up_t"], ["b4", 300, "ev_live_s"], ["b5", 100, "ev_up_a"]];
      for (const [betId, stake, eventId] of stakes) await h.ports.bets.place(aPlan({ betId, userId: "c1", stake, legs: [{ eventId }] }));
      await h.ports.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] }));
      await h.ports.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b2-1", result: "lost" }] }));
      await h.ports.bets.settle(aSettlement({ betId: "b3", userId: "c1", status: "void", actualReturn: 500, legResults: [{ legId: "b3-1", result: "void" }] }));
      expect(await h.ports.bets.totals()).toEqual({
        totalBets: 5,
        pendingBets: 2,
        wonBets: 1,
        lostBets: 1,
        voidBets: 1,
        totalStaked: 3900,
        totalReturned: 2600,
        settledStakes: 3500,
        openLiability: 630 + 210,
      });
    });
  });
}

for (const adapter of adaptersUnderTest) describe(`Bets contract (${adapter.name})`, () => betsSettlementContract(adapter));
