/**
 * placeBet against the memory ports: who may bet, the slip rules, the checks of every selection
 * against the current state, exact returns in cents, the ledger movement, and idempotent retries.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { canonicalRequest, placeBet, type PlaceBetInput } from "../../domain/betting/place-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { intercept, makeWorld, NOW, sel, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld();
  c1 = await w.customer("c1", 100_000);
});

const single = (s: ReturnType<typeof sel>, stake: number): PlaceBetInput => ({ selections: [s], stake, betType: "single" });
const multiple = (selections: ReturnType<typeof sel>[], stake: number): PlaceBetInput => ({ selections, stake, betType: "multiple" });

describe("who may place a bet", () => {
  it("an anonymous visitor: AUTH.REQUIRED", async () => {
    expect(await w.unchanged(() => placeBet(w.as(null), single(sel("ev_up_a", "2.10"), 1000), null))).toEqual({
      ok: false,
      error: { code: "AUTH.REQUIRED", message: "Please log in to place a bet" },
    });
  });

  it("an admin or a trader: AUTH.FORBIDDEN", async () => {
    for (const role of ["admin", "trader"] as const) {
      const staff = await w.staff(`s_${role}`, role);
      const r = await w.unchanged(() => placeBet(w.as(staff), single(sel("ev_up_a", "2.10"), 1000), null));
      expect(r).toEqual({ ok: false, error: { code: "AUTH.FORBIDDEN", message: "Only customer accounts can place bets" } });
    }
  });

  it("a suspended account, customer or not: AUTH.ACCOUNT_SUSPENDED", async () => {
    const suspended = await w.customer("c2", 100_000, { isActive: false });
    const suspendedAdmin = await w.staff("a2", "admin", { isActive: false });
    for (const u of [suspended, suspendedAdmin]) {
      const r = await w.unchanged(() => placeBet(w.as(u), single(sel("ev_up_a", "2.10"), 1000), null));
      expect(r).toEqual({ ok: false, error: { code: "AUTH.ACCOUNT_SUSPENDED", message: "This account is suspended" } });
    }
  });
});

describe("a placed bet", () => {
  it("single: the response in cents, the bet and its leg, the stake moved from the wallet to the house", async () => {
    const r = await placeBet(w.as(c1), single(sel("ev_up_a", "2.10"), 1000), null);
    expect(r).toEqual({
      ok: true,
      value: {
        replayed: false,
        response: {
          bet: { id: "bet_1", potentialReturn: 2100, stake: 1000, totalOdds: "2.10", status: "pending", placedAt: "2026-11-21T10:00:00.000Z" },
          balance: 99_000,
        },
      },
    });
    expect(await w.store.ports.bets.findById("bet_1")).toEqual({
      id: "bet_1",
      userId: "c1",
      betType: "single",
      stake: 1000,
      totalOddsMilli: 2100,
      potentialReturn: 2100,
      actualReturn: null,
      status: "pending",
      placedAt: NOW,
      settledAt: null,
      legs: [{
        id: "bet_1-1",
        legNo: 1,
        eventId: "ev_up_a",
        marketId: "ev_up_a-m1",
        outcomeId: "ev_up_a-m1-o1",
        oddsMilli: 2100,
        result: "pending",
        eventName: "ev_up_a Home vs ev_up_a Away",
        marketName: "Match Result",
        selectionName: "Home",
      }],
    });
    const ledger = w.store.ledger();
    expect(ledger.transactions.at(-1)).toEqual({ id: "tx_1", kind: "bet_stake", reference: "bet_1", createdAt: NOW.getTime(), createdBy: "c1" });
    expect(ledger.postings.filter((p) => p.transactionId === "tx_1").map((p) => [p.accountId, p.amount])).toEqual([
      ["wallet:c1", -1000],
      ["house", 1000],
    ]);
    expect(ledger.balances).toMatchObject({ "wallet:c1": 99_000, house: 1000, promotions: -100_000 });
    expect(w.store.rows().idempotency).toEqual([]);
  });

  it("multiple on upcoming and live events: total odds the product (2.10 x 1.85 x 3.60 = 13.986), return 13,986 cents on 10.00", async () => {
    const r = await placeBet(w.as(c1), multiple([sel("ev_up_a", "2.10"), sel("ev_live_s", "1.85", 2, 1), sel("ev_up_t", "3.60", 1, 3)], 1000), null);
    expect(r.ok && r.value.response).toEqual({
      bet: { id: "bet_1", potentialReturn: 13_986, stake: 1000, totalOdds: "13.986", status: "pending", placedAt: "2026-11-21T10:00:00.000Z" },
      balance: 99_000,
    });
    const bet = await w.store.ports.bets.findById("bet_1");
    expect(bet?.betType).toBe("multiple");
    expect(bet?.legs.map((l) => [l.id, l.outcomeId, l.oddsMilli])).toEqual([
      ["bet_1-1", "ev_up_a-m1-o1", 2100],
      ["bet_1-2", "ev_live_s-m2-o1", 1850],
      ["bet_1-3", "ev_up_t-m1-o3", 3600],
    ]);
  });

  it("the return is stake x the exact product, rounded down to the cent once (not stake x the rounded total odds)", async () => {
    for (const e of ["ev_up_a", "ev_up_b", "ev_up_t"]) w.store.setPrice(`${e}-m1-o1`, 1333);
    // 1.333^3 = 2.368593037: shown as 2.368; 100.00 returns 236.85 (not 236.80).
    const r = await placeBet(w.as(c1), multiple([sel("ev_up_a", "1.333"), sel("ev_up_b", "1.333"), sel("ev_up_t", "1.333")], 10_000), null);
    expect(r.ok && r.value.response.bet).toMatchObject({ totalOdds: "2.368", potentialReturn: 23_685 });
    // 3.33 at 2.10 x 1.85 = 6.16... : 1293.705 cents, rounded down.
    const r2 = await placeBet(w.as(c1), multiple([sel("ev_live_k", "2.10"), sel("ev_live_s", "1.85", 2, 1)], 333), null);
    expect(r2.ok && r2.value.response.bet).toMatchObject({ totalOdds: "3.885", potentialReturn: 1293 });
  });

  it("odds are compared by value: \"2.1\" is the price 2.10", async () => {
    const r = await placeBet(w.as(c1), single(sel("ev_up_a", "2.1"), 500), null);
    expect(r.ok && r.value.response.bet).toMatchObject({ totalOdds: "2.10", potentialReturn: 1050 });
  });

  it("the smallest and largest stakes: 1.00 and the odds-aware maximum (100,000.00 / 1.10 at 2.10); the whole balance leaves 0", async () => {
    const rich = await w.customer("rich", 9_090_909);
    expect((await placeBet(w.as(c1), single(sel("ev_up_a", "2.10"), 100), null)).ok).toBe(true);
    const r = await placeBet(w.as(rich), single(sel("ev_up_a", "2.10"), 9_090_909), null);
    expect(r.ok && r.value.response).toMatchObject({ bet: { potentialReturn: 19_090_908 }, balance: 0 });
    const over = await placeBet(w.as(rich), single(sel("ev_up_a", "2.10"), 9_090_910), null);
    expect(!over.ok && over.error).toMatchObject({ code: "BET.STAKE_TOO_HIGH", details: { maxStake: 9_090_909 } });
  });
});

describe("refused before anything is written", () => {
  const cases: [string, PlaceBetInput, { code: string; message: string; details?: unknown }][] = [
    ["no selections", { selections: [], stake: 1000, betType: "single" },
      { code: "BET.NO_SELECTIONS", message: "Please add at least one selection to place a bet" }],
    ["21 selections", { selections: Array.from({ length: 21 }, (_, i) => sel(`ev_${i}`, "2.00")), stake: 1000, betType: "multiple" },
      { code: "BET.TOO_MANY_SELECTIONS", message: "A bet may have at most 20 selections" }],
    ["a stake of 0", single(sel("ev_up_a", "2.10"), 0), { code: "BET.INVALID_STAKE", message: "Please enter a valid stake amount" }],
    ["a fractional stake", single(sel("ev_up_a", "2.10"), 150.5), { code: "BET.INVALID_STAKE", message: "Please enter a valid stake amount" }],
    ["a stake of 0.99", single(sel("ev_up_a", "2.10"), 99), { code: "BET.STAKE_TOO_LOW", message: "The minimum stake is $1.00" }],
    ["a stake of 100,000.01", single(sel("ev_up_a", "2.10"), 10_000_001), { code: "BET.STAKE_TOO_HIGH", message: "The maximum stake is $100,000.00" }],
    ["a single with two selections", { selections: [sel("ev_up_a", "2.10"), sel("ev_up_b", "2.10")], stake: 1000, betType: "single" },
      { code: "BET.TYPE_MISMATCH", message: "A single has exactly one selection" }],
    ["a multiple with one selection", multiple([sel("ev_up_a", "2.10")], 1000),
      { code: "BET.TYPE_MISMATCH", message: "A multiple needs at least two selections" }],
    ["the same selection twice", multiple([sel("ev_up_a", "2.10"), sel("ev_up_a", "2.10")], 1000),
      { code: "BET.DUPLICATE_SELECTION", message: "The same selection appears twice" }],
    ["two selections of one event", multiple([sel("ev_up_a", "2.10"), sel("ev_up_b", "2.10"), sel("ev_up_a", "1.85", 2, 1)], 1000),
      { code: "BET.SAME_EVENT_IN_MULTIPLE", message: "A multiple may not hold two selections of the same event", details: { eventIds: ["ev_up_a"] } }],
    ["odds that are not a price", single(sel("ev_up_a", "abc"), 1000),
      { code: "REQUEST.INVALID", message: "Odds must be between 1.01 and 1000", details: { field: "selections.odds" } }],
    ["odds below 1.01", single(sel("ev_up_a", "1.005"), 1000),
      { code: "REQUEST.INVALID", message: "Odds must be between 1.01 and 1000", details: { field: "selections.odds" } }],
    ["an unknown outcome", single({ eventId: "ev_up_a", marketId: "ev_up_a-m1", outcomeId: "nope", odds: "2.10" }, 1000),
      { code: "BET.SELECTION_NOT_FOUND", message: "A selection on your slip no longer exists", details: { outcomeId: "nope" } }],
    ["an outcome named under another market", single({ eventId: "ev_up_a", marketId: "ev_up_a-m2", outcomeId: "ev_up_a-m1-o1", odds: "2.10" }, 1000),
      { code: "BET.SELECTION_NOT_FOUND", message: "A selection on your slip no longer exists", details: { outcomeId: "ev_up_a-m1-o1" } }],
    ["an outcome named under another event", single({ eventId: "ev_up_b", marketId: "ev_up_a-m1", outcomeId: "ev_up_a-m1-o1", odds: "2.10" }, 1000),
      { code: "BET.SELECTION_NOT_FOUND", message: "A selection on your slip no longer exists", details: { outcomeId: "ev_up_a-m1-o1" } }],
    ["a finished event (its current prices given back: none)", multiple([sel("ev_up_a", "2.10"), sel("ev_fin_s", "2.10")], 1000),
      {
        code: "BET.EVENT_CLOSED",
        message: "ev_fin_s Home vs ev_fin_s Away has finished and takes no more bets",
        details: { eventId: "ev_fin_s", prices: [{ outcomeId: "ev_up_a-m1-o1", odds: "2.10" }, { outcomeId: "ev_fin_s-m1-o1", odds: null }] },
      }],
  ];
  for (const [why, input, error] of cases)
    it(`${why}: ${error.code}`, async () => {
      expect(await w.unchanged(() => placeBet(w.as(c1), input, null))).toEqual({ ok: false, error });
    });

  it("a suspended market: BET.MARKET_CLOSED with the current prices (null where closed)", async () => {
    w.store.setMarketStatus("ev_up_b-m1", "suspended");
    const r = await w.unchanged(() => placeBet(w.as(c1), multiple([sel("ev_up_a", "2.10"), sel("ev_up_b", "2.10")], 1000), null));
    expect(r).toEqual({
      ok: false,
      error: {
        code: "BET.MARKET_CLOSED",
        message: "The Match Result market is suspended",
        details: { marketId: "ev_up_b-m1", prices: [{ outcomeId: "ev_up_a-m1-o1", odds: "2.10" }, { outcomeId: "ev_up_b-m1-o1", odds: null }] },
      },
    });
  });

  it("one price moved: BET.ODDS_CHANGED naming it; two moved: counted; details carry every current price", async () => {
    w.store.setPrice("ev_up_a-m1-o1", 2150);
    expect(await w.unchanged(() => placeBet(w.as(c1), single(sel("ev_up_a", "2.10"), 1000), null))).toEqual({
      ok: false,
      error: { code: "BET.ODDS_CHANGED", message: "The price of Home changed to 2.15", details: { prices: [{ outcomeId: "ev_up_a-m1-o1", odds: "2.15" }] } },
    });
    w.store.setPrice("ev_up_b-m1-o1", 2000);
    const r = await w.unchanged(() => placeBet(w.as(c1), multiple([sel("ev_up_a", "2.10"), sel("ev_up_b", "2.10"), sel("ev_up_t", "2.10")], 1000), null));
    expect(r).toEqual({
      ok: false,
      error: {
        code: "BET.ODDS_CHANGED",
        message: "2 prices on your slip changed",
        details: { prices: [{ outcomeId: "ev_up_a-m1-o1", odds: "2.15" }, { outcomeId: "ev_up_b-m1-o1", odds: "2.00" }, { outcomeId: "ev_up_t-m1-o1", odds: "2.10" }] },
      },
    });
  });

  it("a closed event is reported before a moved price", async () => {
    w.store.setPrice("ev_up_a-m1-o1", 2150);
    const r = await placeBet(w.as(c1), multiple([sel("ev_up_a", "2.10"), sel("ev_fin_t", "2.10")], 1000), null);
    expect(!r.ok && r.error.code).toBe("BET.EVENT_CLOSED");
  });

  it("a stake above the balance: BET.INSUFFICIENT_FUNDS", async () => {
    const poor = await w.customer("poor", 999);
    expect(await w.unchanged(() => placeBet(w.as(poor), single(sel("ev_up_a", "2.10"), 1000), "k1"))).toEqual({
      ok: false,
      error: { code: "BET.INSUFFICIENT_FUNDS", message: "Your balance is too low for this stake" },
    });
  });

  it("a customer without a wallet: BET.NO_WALLET", async () => {
    const walletless: User = { ...c1, id: "c9", email: "c9@example.com" };
    await w.store.ports.users.create(walletless, null);
    expect(await w.unchanged(() => placeBet(w.as(walletless), single(sel("ev_up_a", "2.10"), 1000), null))).toEqual({
      ok: false,
      error: { code: "BET.NO_WALLET", message: "This account has no wallet" },
    });
  });
});

describe("the state moves between the read and the write", () => {
  it("a price moved after the check: the write refuses it, and the answer gives the new price", async () => {
    const events = w.store.ports.events;
    const ports = {
      ...w.store.ports,
      events: intercept(events, {
        async pricedOutcomes(ids: readonly string[]) {
          const found = await events.pricedOutcomes(ids);
          w.store.setPrice("ev_up_a-m1-o1", 2200); // the feed moves the price right after our read
          return found;
        },
      }),
    };
    const before = w.store.ledger();
    const r = await placeBet(w.as(c1, ports), single(sel("ev_up_a", "2.10"), 1000), null);
    expect(r).toEqual({
      ok: false,
      error: { code: "BET.ODDS_CHANGED", message: "The price of Home changed to 2.20", details: { prices: [{ outcomeId: "ev_up_a-m1-o1", odds: "2.20" }] } },
    });
    expect(w.store.ledger()).toEqual(before);
    expect(await w.store.ports.bets.listForUser("c1", 10)).toEqual([]);
  });

  it("a market suspended after the check: BET.MARKET_CLOSED", async () => {
    const events = w.store.ports.events;
    const ports = {
      ...w.store.ports,
      events: intercept(events, {
        async pricedOutcomes(ids: readonly string[]) {
          const found = await events.pricedOutcomes(ids);
          w.store.setMarketStatus("ev_up_a-m1", "suspended");
          return found;
        },
      }),
    };
    const r = await placeBet(w.as(c1, ports), single(sel("ev_up_a", "2.10"), 1000), null);
    expect(!r.ok && r.error).toMatchObject({ code: "BET.MARKET_CLOSED", details: { marketId: "ev_up_a-m1", prices: [{ outcomeId: "ev_up_a-m1-o1", odds: null }] } });
  });
});

describe("Idempotency-Key", () => {
  it("records the key with the canonical request and the response, balance included", async () => {
    const input = single(sel("ev_up_a", "2.10"), 1000);
    const r = await placeBet(w.as(c1), input, "k1");
    expect(w.store.rows().idempotency).toEqual([{
      userId: "c1",
      key: "k1",
      requestHash: canonicalRequest(input),
      response: r.ok ? r.value.response : null,
      createdAt: NOW.getTime(),
    }]);
  });

  it("the same key and body again: the first response, marked replayed; one bet, one debit", async () => {
    const input = single(sel("ev_up_a", "2.10"), 1000);
    const first = await placeBet(w.as(c1), input, "k1");
    const again = await w.unchanged(() => placeBet(w.as(c1), { ...input, selections: [sel("ev_up_a", "2.1")] }, "k1"));
    expect(again).toEqual({ ok: true, value: { replayed: true, response: first.ok && first.value.response } });
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(99_000);
  });

  it("a replay answers as the first time even after the balance, the price or the market moved on", async () => {
    const input = single(sel("ev_up_a", "2.10"), 1000);
    const first = await placeBet(w.as(c1), input, "k1");
    await placeBet(w.as(c1), single(sel("ev_up_b", "2.10"), 98_000), null);
    w.store.setPrice("ev_up_a-m1-o1", 2500);
    w.store.setMarketStatus("ev_up_a-m1", "suspended");
    const again = await placeBet(w.as(c1), input, "k1");
    expect(again).toEqual({ ok: true, value: { replayed: true, response: first.ok && first.value.response } });
    expect(again.ok && again.value.response.balance).toBe(99_000);
  });

  it("the same key with another body: BET.IDEMPOTENCY_CONFLICT", async () => {
    await placeBet(w.as(c1), single(sel("ev_up_a", "2.10"), 1000), "k1");
    for (const other of [single(sel("ev_up_a", "2.10"), 1001), single(sel("ev_up_b", "2.10"), 1000)])
      expect(await w.unchanged(() => placeBet(w.as(c1), other, "k1"))).toEqual({
        ok: false,
        error: { code: "BET.IDEMPOTENCY_CONFLICT", message: "This Idempotency-Key was already used for a different bet" },
      });
  });

  it("keys belong to a customer: another customer's same key places their own bet", async () => {
    const c2 = await w.customer("c2", 50_000);
    await placeBet(w.as(c1), single(sel("ev_up_a", "2.10"), 1000), "k1");
    const r = await placeBet(w.as(c2), single(sel("ev_up_a", "2.10"), 1000), "k1");
    expect(r.ok && r.value).toMatchObject({ replayed: false, response: { bet: { id: "bet_2" }, balance: 49_000 } });
  });

  it("a refused request leaves the key free", async () => {
    const input = single(sel("ev_up_a", "2.10"), 200_000);
    expect((await placeBet(w.as(c1), input, "k1")).ok).toBe(false);
    const r = await placeBet(w.as(c1), { ...input, stake: 1000 }, "k1");
    expect(r.ok && r.value.replayed).toBe(false);
  });

  // Two identical requests race: the key is looked up only when a request places nothing, so both
  // reach the write and the first writes. The second's write is refused (the stake, the whole
  // balance, can no longer be paid, or the key is taken, whichever the store finds first) and it is
  // answered with the first response.
  it("a retry that raced the first request to the write is answered with the first response, even when it spent the whole balance", async () => {
    const input = single(sel("ev_up_a", "2.10"), 100_000);
    const bets = w.store.ports.bets;
    let first: Awaited<ReturnType<typeof placeBet>> | undefined;
    const racing = {
      ...w.store.ports,
      bets: intercept(bets, {
        async place(plan: Parameters<typeof bets.place>[0]) {
          if (!first) first = await placeBet(w.as(c1), input, "k1"); // the other request wins meanwhile
          return bets.place(plan);
        },
      }),
    };
    const second = await placeBet(w.as(c1, racing), input, "k1");
    expect(first?.ok && first.value.response.balance).toBe(0);
    expect(second).toEqual({ ok: true, value: { replayed: true, response: first?.ok && first.value.response } });
    expect(await w.store.ports.bets.listForUser("c1", 10)).toHaveLength(1);
  });

  it("a racing request with the same key and another body: BET.IDEMPOTENCY_CONFLICT", async () => {
    const bets = w.store.ports.bets;
    let raced = false;
    const racing = {
      ...w.store.ports,
      bets: intercept(bets, {
        async place(plan: Parameters<typeof bets.place>[0]) {
          if (!raced) {
            raced = true;
            await placeBet(w.as(c1), single(sel("ev_up_b", "2.10"), 500), "k1");
          }
          return bets.place(plan);
        },
      }),
    };
    const r = await placeBet(w.as(c1, racing), single(sel("ev_up_a", "2.10"), 1000), "k1");
    expect(!r.ok && r.error.code).toBe("BET.IDEMPOTENCY_CONFLICT");
    expect(await w.store.ports.wallets.balanceOf("c1")).toBe(99_500);
  });

  it("a request that places a bet reads nothing for its key; a repeat is answered from the lookup", async () => {
    const idem = w.store.ports.idempotency;
    let lookups = 0;
    const counting = { ...w.store.ports, idempotency: intercept(idem, { async find(userId: string, key: string) { lookups++; return idem.find(userId, key); } }) };
    const input = single(sel("ev_up_a", "2.10"), 700);
    const placed = await placeBet(w.as(c1, counting), input, "k-once");
    expect(placed.ok).toBe(true);
    expect(lookups).toBe(0);
    expect(await placeBet(w.as(c1, counting), input, "k-once")).toEqual({ ok: true, value: { replayed: true, response: placed.ok && placed.value.response } });
    expect(lookups).toBe(1);
  });
});
