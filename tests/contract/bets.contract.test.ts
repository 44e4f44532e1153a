/**
 * The Bets port: placement and settlement are each one all-or-nothing write with the refusals of
 * the database guards; listings are newest first; totals add up every bet.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aCustomer, aPlan, aSettlement, aUser, at, standardCatalog, T0, type LegSpec } from "./fixtures.ts";

export function betsContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
    await h.addCatalog(standardCatalog());
  });
  afterEach(() => h.close());

  /** Run `action` and check that no table changed. */
  async function expectNothingWritten<T>(action: () => Promise<T>): Promise<T> {
    const before = await h.rows();
    const result = await action();
    expect(await h.rows()).toEqual(before);
    return result;
  }

  describe("place", () => {
    it("writes bet, leg and stake postings in one call and answers with the balance after it", async () => {
      await aCustomer(p, "c1", 10_000);
      const outcome = await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }] }));
      expect(outcome).toEqual({ kind: "placed", balance: 9000 });

      // (toMatchObject: the libSQL record also carries the optional bonusStake, sgmPrices and legs' deadHeat.)
      expect(await p.bets.findById("b1")).toMatchObject({
        id: "b1",
        userId: "c1",
        betType: "single",
        stake: 1000,
        totalOddsMilli: 2100,
        potentialReturn: 2100,
        actualReturn: null,
        status: "pending",
        placedAt: T0,
        settledAt: null,
        legs: [{
          id: "b1-1",
          legNo: 1,
          eventId: "ev_up_a",
          marketId: "ev_up_a-m1",
          outcomeId: "ev_up_a-m1-o1",
          oddsMilli: 2100,
          result: "pending",
          eventName: "ev_up_a name",
          marketName: "Match Result",
          selectionName: "Home",
        }],
      });
      expect(await p.wallets.balanceOf("c1")).toBe(9000);
      const rows = await h.rows();
      expect(rows.transactions.at(-1)).toEqual({ id: "tx_stake_b1", kind: "bet_stake", reference: "b1", createdAt: T0.getTime(), createdBy: "c1" });
      expect(rows.postings.filter((x) => x.transactionId === "tx_stake_b1")).toEqual([
        { transactionId: "tx_stake_b1", accountId: "wallet:c1", amount: -1000, createdAt: T0.getTime() },
        { transactionId: "tx_stake_b1", accountId: "house", amount: 1000, createdAt: T0.getTime() },
      ]);
      expect(rows.accounts.find((a) => a.id === "house")?.balance).toBe(1000);
      expect(rows.idempotency).toEqual([]);
    });

    it("stores a multiple's legs in leg order, on upcoming and live events", async () => {
      await aCustomer(p, "c1", 10_000);
      const legs: LegSpec[] = [
        { eventId: "ev_up_a" },
        { eventId: "ev_live_s", outcomeId: "ev_live_s-m1-o3", oddsMilli: 3600 },
        { eventId: "ev_up_t", marketId: "ev_up_t-m2", oddsMilli: 1850 },
      ];
      expect(await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 500, legs }))).toEqual({ kind: "placed", balance: 9500 });
      const bet = await p.bets.findById("b1");
      expect(bet?.betType).toBe("multiple");
      expect(bet?.legs.map((l) => [l.legNo, l.outcomeId, l.oddsMilli, l.result])).toEqual([
        [1, "ev_up_a-m1-o1", 2100, "pending"],
        [2, "ev_live_s-m1-o3", 3600, "pending"],
        [3, "ev_up_t-m2-o1", 1850, "pending"],
      ]);
    });

    it("takes a stake of the whole balance (leaving 0); one cent more is insufficient_funds and writes nothing", async () => {
      await aCustomer(p, "c1", 1500);
      await aCustomer(p, "c2", 1500);
      expect(await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1500, legs: [{ eventId: "ev_up_a" }] })))
        .toEqual({ kind: "placed", balance: 0 });
      const refused = await expectNothingWritten(() =>
        p.bets.place(aPlan({ betId: "b2", userId: "c2", stake: 1501, legs: [{ eventId: "ev_up_a" }] })),
      );
      expect(refused).toEqual({ kind: "insufficient_funds" });
      expect(await p.wallets.balanceOf("c2")).toBe(1500);
      expect(await p.bets.findById("b2")).toBeNull();
    });

    it("insufficient_funds on an empty wallet, with the key left unused", async () => {
      await aCustomer(p, "c1", 0);
      const plan = aPlan({
        betId: "b1", userId: "c1", stake: 100, legs: [{ eventId: "ev_up_a" }],
        idempotency: { key: "k1", requestHash: "h1", response: { bet: { id: "b1" } } },
      });
      expect(await expectNothingWritten(() => p.bets.place(plan))).toEqual({ kind: "insufficient_funds" });
      expect(await p.idempotency.find("c1", "k1")).toBeNull();
    });

    const stale: [string, (h: Harness) => Promise<void>, LegSpec][] = [
      ["the price moved", async () => {}, { eventId: "ev_up_a", oddsMilli: 2110 }],
      ["the price moved since the customer saw it", (h) => h.setPrice("ev_up_a-m1-o1", 2050), { eventId: "ev_up_a", oddsMilli: 2100 }],
      ["the market is suspended", (h) => h.setMarketStatus("ev_up_a-m1", "suspended"), { eventId: "ev_up_a" }],
      ["the market is closed", (h) => h.setMarketStatus("ev_up_a-m1", "closed"), { eventId: "ev_up_a" }],
      ["the event has finished (market still open, price current)", async () => {}, { eventId: "ev_fin_s" }],
      ["the outcome belongs to another market", async () => {},
        { eventId: "ev_up_a", marketId: "ev_up_a-m1", outcomeId: "ev_up_a-m2-o1", oddsMilli: 1850 }],
      ["the market belongs to another event", async () => {},
        { eventId: "ev_up_b", marketId: "ev_up_a-m1", outcomeId: "ev_up_a-m1-o1" }],
      ["the outcome does not exist", async () => {}, { eventId: "ev_up_a", outcomeId: "nope" }],
    ];
    for (const [why, arrange, leg] of stale)
      it(`odds_changed when ${why}, and nothing is written`, async () => {
        await aCustomer(p, "c1", 10_000);
        await arrange(h);
        const plan = aPlan({
          betId: "b1", userId: "c1", stake: 1000, legs: [leg],
          idempotency: { key: "k1", requestHash: "h1", response: {} },
        });
        expect(await expectNothingWritten(() => p.bets.place(plan))).toEqual({ kind: "odds_changed" });
      });

    it("a multiple with one stale leg writes none of its legs", async () => {
      await aCustomer(p, "c1", 10_000);
      const plan = aPlan({
        betId: "b1", userId: "c1", stake: 1000,
        legs: [{ eventId: "ev_up_a" }, { eventId: "ev_up_b" }, { eventId: "ev_up_t", oddsMilli: 9999 }],
      });
      expect(await expectNothingWritten(() => p.bets.place(plan))).toEqual({ kind: "odds_changed" });
      expect(await p.bets.listForUser("c1", 10)).toEqual([]);
    });

    it("no_wallet for a user without a wallet, and nothing is written", async () => {
      await p.users.create(aUser("t1", { role: "trader" }), null);
      const plan = aPlan({ betId: "b1", userId: "t1", stake: 1000, legs: [{ eventId: "ev_up_a" }] });
      expect(await expectNothingWritten(() => p.bets.place(plan))).toEqual({ kind: "no_wallet" });
    });

    it("no_wallet for an unknown user", async () => {
      const plan = aPlan({ betId: "b1", userId: "ghost", stake: 1000, legs: [{ eventId: "ev_up_a" }] });
      expect(await expectNothingWritten(() => p.bets.place(plan))).toEqual({ kind: "no_wallet" });
    });

    it("a write that breaks another constraint (a used transaction id) throws and writes nothing", async () => {
      await aCustomer(p, "c1", 10_000);
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], txId: "tx_same" }));
      const before = await h.rows();
      await expect(
        p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }], txId: "tx_same" })),
      ).rejects.toThrow();
      expect(await h.rows()).toEqual(before);
    });

    it("records the idempotency key with the response, its balance set to the balance right after the write", async () => {
      await aCustomer(p, "c1", 10_000);
      const response = { bet: { id: "b1", stake: 1000, status: "pending" }, balance: 123 };
      const plan = aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: { key: "k1", requestHash: "h1", response } });
      expect(await p.bets.place(plan)).toEqual({ kind: "placed", balance: 9000 });
      expect(await p.idempotency.find("c1", "k1")).toEqual({
        requestHash: "h1",
        response: { bet: { id: "b1", stake: 1000, status: "pending" }, balance: 9000 },
      });
    });

    it("duplicate_idempotency_key when the customer already used the key; nothing is written", async () => {
      await aCustomer(p, "c1", 10_000);
      const key = (betId: string) => ({ key: "k1", requestHash: `h-${betId}`, response: { bet: { id: betId } } });
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: key("b1") }));
      const second = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }], idempotency: key("b2") });
      expect(await expectNothingWritten(() => p.bets.place(second))).toEqual({ kind: "duplicate_idempotency_key" });
      expect(await p.idempotency.find("c1", "k1")).toEqual({ requestHash: "h-b1", response: { bet: { id: "b1" }, balance: 9000 } });
      expect(await p.wallets.balanceOf("c1")).toBe(9000);
    });

    it("the same key used by two customers is two keys", async () => {
      await aCustomer(p, "c1", 10_000);
      await aCustomer(p, "c2", 5000);
      const idem = { key: "shared", requestHash: "h", response: {} };
      expect(await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem })))
        .toEqual({ kind: "placed", balance: 9000 });
      expect(await p.bets.place(aPlan({ betId: "b2", userId: "c2", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem })))
        .toEqual({ kind: "placed", balance: 4000 });
    });

    // A retry that raced past IdempotencyRecords.find must be answered as the first request was
    // (placeBet replays on duplicate_idempotency_key), whatever the balance or prices are now: the
    // key is checked before the stake posting and the price guard could refuse the retry.
    it("a used key is duplicate_idempotency_key even when the retry would now overdraw", async () => {
      await aCustomer(p, "c1", 1000);
      const idem = { key: "k1", requestHash: "h", response: {} };
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem }));
      const retry = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem });
      expect(await expectNothingWritten(() => p.bets.place(retry))).toEqual({ kind: "duplicate_idempotency_key" });
    });

    it("a used key is duplicate_idempotency_key even when the price has moved since", async () => {
      await aCustomer(p, "c1", 10_000);
      const idem = { key: "k1", requestHash: "h", response: {} };
      await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem }));
      await h.setPrice("ev_up_a-m1-o1", 2200);
      const retry = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem });
      expect(await expectNothingWritten(() => p.bets.place(retry))).toEqual({ kind: "duplicate_idempotency_key" });
    });
  });

  describe("findById, listForUser, listAll", () => {
    /** c1: b1 (T0+1), b2 (T0+3), b3 (T0+2), b4 (T0+3, after b2); c2: b5 (T0+4). */
    async function fiveBets() {
      await aCustomer(p, "c1", 100_000, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
      await aCustomer(p, "c2", 100_000, { firstName: "Alan", lastName: "Turing", email: "alan@example.com" });
      const place = async (betId: string, userId: string, minute: number, eventId: string) =>
        expect((await p.bets.place(aPlan({ betId, userId, stake: 1000, legs: [{ eventId }], placedAt: at(minute) }))).kind).toBe("placed");
      await place("b1", "c1", 1, "ev_up_a");
      await place("b2", "c1", 3, "ev_up_b");
      await place("b3", "c1", 2, "ev_live_s");
      await place("b4", "c1", 3, "ev_up_t");
      await place("b5", "c2", 4, "ev_up_a");
    }

    it("findById: null for an unknown bet", async () => {
      expect(await p.bets.findById("nope")).toBeNull();
    });

    it("listForUser: the customer's bets newest first (placed time, then the later write), with their legs, up to the limit", async () => {
      await fiveBets();
      const list = await p.bets.listForUser("c1", 10);
      expect(list.map((b) => b.id)).toEqual(["b4", "b2", "b3", "b1"]);
      expect(list[0]).toEqual(await p.bets.findById("b4"));
      expect((await p.bets.listForUser("c1", 2)).map((b) => b.id)).toEqual(["b4", "b2"]);
      expect((await p.bets.listForUser("c2", 10)).map((b) => b.id)).toEqual(["b5"]);
      expect(await p.bets.listForUser("nobody", 10)).toEqual([]);
    });

    it("listAll: everyone's bets newest first with the customer's name and email; pending / settled filters; limit", async () => {
      await fiveBets();
      const all = await p.bets.listAll(10);
      expect(all.map((b) => b.id)).toEqual(["b5", "b4", "b2", "b3", "b1"]);
      expect(all[0]).toEqual({ ...(await p.bets.findById("b5")), customer: { firstName: "Alan", lastName: "Turing", email: "alan@example.com" } });
      expect(all[1].customer).toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
      expect((await p.bets.listAll(2)).map((b) => b.id)).toEqual(["b5", "b4"]);

      await p.bets.settle(aSettlement({ betId: "b3", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b3-1", result: "lost" }] }));
      await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "void", actualReturn: 1000, legResults: [{ legId: "b1-1", result: "void" }] }));
      expect((await p.bets.listAll(10, "settled")).map((b) => b.id)).toEqual(["b3", "b1"]);
      expect((await p.bets.listAll(10, "pending")).map((b) => b.id)).toEqual(["b5", "b4", "b2"]);
      expect((await p.bets.listAll(1, "settled")).map((b) => b.id)).toEqual(["b3"]);
    });
  });

  describe("settle", () => {
    async function placed(stake = 1000, legs: LegSpec[] = [{ eventId: "ev_up_a" }]) {
      await aCustomer(p, "c1", 10_000);
      const r = await p.bets.place(aPlan({ betId: "b1", userId: "c1", stake, legs }));
      expect(r.kind).toBe("placed");
    }

    it("won: status, return, settled time, leg results, payout postings and the audit record in one call", async () => {
      await placed();
      const plan = aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] });
      expect(await p.bets.settle(plan)).toBe("settled");
      const bet = await p.bets.findById("b1");
      expect(bet).toMatchObject({ status: "won", actualReturn: 2100, settledAt: at(180) });
      expect(bet?.legs.map((l) => l.result)).toEqual(["won"]);
      expect(await p.wallets.balanceOf("c1")).toBe(9000 + 2100);
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
      expect(await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }] })))
        .toBe("settled");
      const after = await h.rows();
      expect(after.postings).toEqual(before.postings);
      expect(after.transactions).toEqual(before.transactions);
      expect(after.audit.map((a) => a.id)).toEqual(["aud_b1"]);
      expect(await p.bets.findById("b1")).toMatchObject({ status: "lost", actualReturn: 0, legs: [{ result: "lost" }] });
      expect(await p.wallets.balanceOf("c1")).toBe(9000);
    });

    it("void: the stake goes back as a refund; each leg of a multiple gets its own result", async () => {
      await placed(1000, [{ eventId: "ev_up_a" }, { eventId: "ev_up_b" }]);
      const plan = aSettlement({
        betId: "b1", userId: "c1", status: "won", actualReturn: 2100,
        legResults: [{ legId: "b1-1", result: "won" }, { legId: "b1-2", result: "void" }],
      });
      expect(await p.bets.settle(plan)).toBe("settled");
      expect((await p.bets.findById("b1"))?.legs.map((l) => l.result)).toEqual(["won", "void"]);

      await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 700, legs: [{ eventId: "ev_up_t" }] }));
      expect(await p.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "void", actualReturn: 700, legResults: [{ legId: "b2-1", result: "void" }] })))
        .toBe("settled");
      expect((await h.rows()).transactions.at(-1)).toMatchObject({ id: "tx_payout_b2", kind: "bet_refund", reference: "b2" });
      expect(await p.wallets.balanceOf("c1")).toBe(10_000 - 1000 + 2100 - 700 + 700);
    });

    it("settles once: a second settlement is not_pending and writes nothing (no second payout, no audit)", async () => {
      await placed();
      await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] }));
      for (const again of [
        aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }], auditId: "aud_2", txId: "tx_2" }),
        aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }], auditId: "aud_3" }),
        aSettlement({ betId: "b1", userId: "c1", status: "void", actualReturn: 1000, legResults: [{ legId: "b1-1", result: "void" }], auditId: "aud_4", txId: "tx_4" }),
      ])
        expect(await expectNothingWritten(() => p.bets.settle(again))).toBe("not_pending");
      expect(await p.wallets.balanceOf("c1")).toBe(11_100);
    });

    // An UPDATE of no row fires no trigger: libSQL asserts the bet exists inside the write.
    it("an unknown bet is not settled: no payout, no audit record", async () => {
      await aCustomer(p, "c1", 10_000);
      const plan = aSettlement({ betId: "ghost", userId: "c1", status: "won", actualReturn: 5000, legResults: [] });
      const result = await expectNothingWritten(() => p.bets.settle(plan));
      expect(result).toBe("not_found");
    });

    it("a settlement that breaks another constraint (a used audit id) throws and writes nothing", async () => {
      await placed();
      await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
      await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b1-1", result: "lost" }], auditId: "aud_same" }));
      const before = await h.rows();
      await expect(
        p.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b2-1", result: "won" }], auditId: "aud_same" })),
      ).rejects.toThrow();
      expect(await h.rows()).toEqual(before);
      expect((await p.bets.findById("b2"))?.status).toBe("pending");
    });

    describe("settleMany", () => {
      const won = (betId: string, auditId = `aud_${betId}`) =>
        aSettlement({ betId, userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: `${betId}-1`, result: "won" }], auditId });
      const lost = (betId: string) => aSettlement({ betId, userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: `${betId}-1`, result: "lost" }] });

      it("settles every plan in one call: statuses, payouts and audit records of all", async () => {
        await placed();
        await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        expect(await p.bets.settleMany([won("b1"), lost("b2")])).toBe("settled");
        expect(await p.bets.findById("b1")).toMatchObject({ status: "won", actualReturn: 2100, legs: [{ result: "won" }] });
        expect(await p.bets.findById("b2")).toMatchObject({ status: "lost", actualReturn: 0, legs: [{ result: "lost" }] });
        expect(await p.wallets.balanceOf("c1")).toBe(10_000 - 2000 + 2100);
        expect((await h.rows()).audit.map((a) => a.id)).toEqual(["aud_b1", "aud_b2"]);
      });

      it("conflict when any plan is refused (a bet settled already, an unknown bet): none of them written", async () => {
        await placed();
        await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        await p.bets.settle(lost("b2"));
        expect(await expectNothingWritten(() => p.bets.settleMany([won("b1"), won("b2", "aud_again")]))).toBe("conflict");
        const ghost = aSettlement({ betId: "ghost", userId: "c1", status: "won", actualReturn: 5000, legResults: [] });
        expect(await expectNothingWritten(() => p.bets.settleMany([won("b1"), ghost]))).toBe("conflict");
        expect((await p.bets.findById("b1"))?.status).toBe("pending");
      });

      it("a won, a lost and a void bet: each payout its own transaction, postings in order, audit records in the plans' order", async () => {
        await placed();
        await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        await p.bets.place(aPlan({ betId: "b3", userId: "c1", stake: 500, legs: [{ eventId: "ev_up_t" }] }));
        const refund = aSettlement({ betId: "b3", userId: "c1", status: "void", actualReturn: 500, legResults: [{ legId: "b3-1", result: "void" }] });
        const before = await h.rows();
        expect(await p.bets.settleMany([won("b1"), lost("b2"), refund])).toBe("settled");
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
        expect(await p.bets.findById("b3")).toMatchObject({ status: "void", actualReturn: 500, legs: [{ result: "void" }] });
        expect(await p.wallets.balanceOf("c1")).toBe(10_000 - 2500 + 2100 + 500);
      });

      it("a return above a bet's potential return: conflict, none of them written", async () => {
        await placed();
        await p.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }] }));
        const above = aSettlement({ betId: "b2", userId: "c1", status: "won", actualReturn: 2101, legResults: [{ legId: "b2-1", result: "won" }] });
        expect(await expectNothingWritten(() => p.bets.settleMany([won("b1"), above]))).toBe("conflict");
      });

      it("no plans: settled, nothing written", async () => {
        await placed();
        expect(await expectNothingWritten(() => p.bets.settleMany([]))).toBe("settled");
      });
    });
  });

  describe("totals", () => {
    it("all zero without bets", async () => {
      expect(await p.bets.totals()).toEqual({
        totalBets: 0, pendingBets: 0, wonBets: 0, lostBets: 0, voidBets: 0,
        totalStaked: 0, totalReturned: 0, settledStakes: 0, openLiability: 0,
      });
    });

    it("counts by status; stakes, returns of settled bets, settled stakes and the potential returns of pending bets", async () => {
      await aCustomer(p, "c1", 100_000);
      const stakes: [string, number, string][] = [["b1", 1000, "ev_up_a"], ["b2", 2000, "ev_up_b"], ["b3", 500, "ev_up_t"], ["b4", 300, "ev_live_s"], ["b5", 100, "ev_up_a"]];
      for (const [betId, stake, eventId] of stakes) await p.bets.place(aPlan({ betId, userId: "c1", stake, legs: [{ eventId }] }));
      await p.bets.settle(aSettlement({ betId: "b1", userId: "c1", status: "won", actualReturn: 2100, legResults: [{ legId: "b1-1", result: "won" }] }));
      await p.bets.settle(aSettlement({ betId: "b2", userId: "c1", status: "lost", actualReturn: 0, legResults: [{ legId: "b2-1", result: "lost" }] }));
      await p.bets.settle(aSettlement({ betId: "b3", userId: "c1", status: "void", actualReturn: 500, legResults: [{ legId: "b3-1", result: "void" }] }));
      expect(await p.bets.totals()).toEqual({
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

for (const adapter of adaptersUnderTest) describe(`Bets contract (${adapter.name})`, () => betsContract(adapter));
