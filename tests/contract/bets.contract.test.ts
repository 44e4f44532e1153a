/**
 * The Bets port, placement: one all-or-nothing write with the refusals of the database guards.
 * Listings, settlement and totals: tests/contract/bets-settle.contract.test.ts.
 */
import { describe, expect, it } from "vitest";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aCustomer, aPlan, aUser, T0, type LegSpec } from "./fixtures.ts";
import { expectNothingWritten, useBetsHarness } from "../fixtures/bets-contract.ts";

function betsPlacementContract(adapter: AdapterUnderTest) {
  const h = useBetsHarness(adapter);

  describe("place", () => {
    it("writes bet, leg and stake postings in one call and answers with the balance after it", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const outcome = await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }] }));
      expect(outcome).toEqual({ kind: "placed", balance: 9000 });

      // (toMatchObject: the libSQL record also carries the optional bonusStake, sgmPrices and legs' deadHeat.)
      expect(await h.ports.bets.findById("b1")).toMatchObject({
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
      expect(await h.ports.wallets.balanceOf("c1")).toBe(9000);
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
      await aCustomer(h.ports, "c1", 10_000);
      const legs: LegSpec[] = [
        { eventId: "ev_up_a" },
        { eventId: "ev_live_s", outcomeId: "ev_live_s-m1-o3", oddsMilli: 3600 },
        { eventId: "ev_up_t", marketId: "ev_up_t-m2", oddsMilli: 1850 },
      ];
      expect(await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 500, legs }))).toEqual({ kind: "placed", balance: 9500 });
      const bet = await h.ports.bets.findById("b1");
      expect(bet?.betType).toBe("multiple");
      expect(bet?.legs.map((l) => [l.legNo, l.outcomeId, l.oddsMilli, l.result])).toEqual([
        [1, "ev_up_a-m1-o1", 2100, "pending"],
        [2, "ev_live_s-m1-o3", 3600, "pending"],
        [3, "ev_up_t-m2-o1", 1850, "pending"],
      ]);
    });

    it("takes a stake of the whole balance (leaving 0); one cent more is insufficient_funds and writes nothing", async () => {
      await aCustomer(h.ports, "c1", 1500);
      await aCustomer(h.ports, "c2", 1500);
      expect(await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1500, legs: [{ eventId: "ev_up_a" }] })))
        .toEqual({ kind: "placed", balance: 0 });
      const refused = await expectNothingWritten(h, () =>
        h.ports.bets.place(aPlan({ betId: "b2", userId: "c2", stake: 1501, legs: [{ eventId: "ev_up_a" }] })),
      );
      expect(refused).toEqual({ kind: "insufficient_funds" });
      expect(await h.ports.wallets.balanceOf("c2")).toBe(1500);
      expect(await h.ports.bets.findById("b2")).toBeNull();
    });

    it("insufficient_funds on an empty wallet, with the key left unused", async () => {
      await aCustomer(h.ports, "c1", 0);
      const plan = aPlan({
        betId: "b1", userId: "c1", stake: 100, legs: [{ eventId: "ev_up_a" }],
        idempotency: { key: "k1", requestHash: "h1", response: { bet: { id: "b1" } } },
      });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(plan))).toEqual({ kind: "insufficient_funds" });
      expect(await h.ports.idempotency.find("c1", "k1")).toBeNull();
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
        await aCustomer(h.ports, "c1", 10_000);
        await arrange(h);
        const plan = aPlan({
          betId: "b1", userId: "c1", stake: 1000, legs: [leg],
          idempotency: { key: "k1", requestHash: "h1", response: {} },
        });
        expect(await expectNothingWritten(h, () => h.ports.bets.place(plan))).toEqual({ kind: "odds_changed" });
      });

    it("a multiple with one stale leg writes none of its legs", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const plan = aPlan({
        betId: "b1", userId: "c1", stake: 1000,
        legs: [{ eventId: "ev_up_a" }, { eventId: "ev_up_b" }, { eventId: "ev_up_t", oddsMilli: 9999 }],
      });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(plan))).toEqual({ kind: "odds_changed" });
      expect(await h.ports.bets.listForUser("c1", 10)).toEqual([]);
    });

    it("no_wallet for a user without a wallet, and nothing is written", async () => {
      await h.ports.users.create(aUser("t1", { role: "trader" }), null);
      const plan = aPlan({ betId: "b1", userId: "t1", stake: 1000, legs: [{ eventId: "ev_up_a" }] });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(plan))).toEqual({ kind: "no_wallet" });
    });

    it("no_wallet for an unknown user", async () => {
      const plan = aPlan({ betId: "b1", userId: "ghost", stake: 1000, legs: [{ eventId: "ev_up_a" }] });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(plan))).toEqual({ kind: "no_wallet" });
    });

    it("a write that breaks another constraint (a used transaction id) throws and writes nothing", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], txId: "tx_same" }));
      const before = await h.rows();
      await expect(
        h.ports.bets.place(aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }], txId: "tx_same" })),
      ).rejects.toThrow();
      expect(await h.rows()).toEqual(before);
    });

    it("records the idempotency key with the response, its balance set to the balance right after the write", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const response = { bet: { id: "b1", stake: 1000, status: "pending" }, balance: 123 };
      const plan = aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: { key: "k1", requestHash: "h1", response } });
      expect(await h.ports.bets.place(plan)).toEqual({ kind: "placed", balance: 9000 });
      expect(await h.ports.idempotency.find("c1", "k1")).toEqual({
        requestHash: "h1",
        response: { bet: { id: "b1", stake: 1000, status: "pending" }, balance: 9000 },
      });
    });

    it("duplicate_idempotency_key when the customer already used the key; nothing is written", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const key = (betId: string) => ({ key: "k1", requestHash: `h-${betId}`, response: { bet: { id: betId } } });
      await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: key("b1") }));
      const second = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_b" }], idempotency: key("b2") });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(second))).toEqual({ kind: "duplicate_idempotency_key" });
      expect(await h.ports.idempotency.find("c1", "k1")).toEqual({ requestHash: "h-b1", response: { bet: { id: "b1" }, balance: 9000 } });
      expect(await h.ports.wallets.balanceOf("c1")).toBe(9000);
    });

    it("the same key used by two customers is two keys", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      await aCustomer(h.ports, "c2", 5000);
      const idem = { key: "shared", requestHash: "h", response: {} };
      expect(await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem })))
        .toEqual({ kind: "placed", balance: 9000 });
      expect(await h.ports.bets.place(aPlan({ betId: "b2", userId: "c2", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem })))
        .toEqual({ kind: "placed", balance: 4000 });
    });

    // A retry that raced past IdempotencyRecords.find must be answered as the first request was
    // (placeBet replays on duplicate_idempotency_key), whatever the balance or prices are now: the
    // key is checked before the stake posting and the price guard could refuse the retry.
    it("a used key is duplicate_idempotency_key even when the retry would now overdraw", async () => {
      await aCustomer(h.ports, "c1", 1000);
      const idem = { key: "k1", requestHash: "h", response: {} };
      await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem }));
      const retry = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(retry))).toEqual({ kind: "duplicate_idempotency_key" });
    });

    it("a used key is duplicate_idempotency_key even when the price has moved since", async () => {
      await aCustomer(h.ports, "c1", 10_000);
      const idem = { key: "k1", requestHash: "h", response: {} };
      await h.ports.bets.place(aPlan({ betId: "b1", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem }));
      await h.setPrice("ev_up_a-m1-o1", 2200);
      const retry = aPlan({ betId: "b2", userId: "c1", stake: 1000, legs: [{ eventId: "ev_up_a" }], idempotency: idem });
      expect(await expectNothingWritten(h, () => h.ports.bets.place(retry))).toEqual({ kind: "duplicate_idempotency_key" });
    });
  });
}

for (const adapter of adaptersUnderTest) describe(`Bets contract (${adapter.name})`, () => betsPlacementContract(adapter));
