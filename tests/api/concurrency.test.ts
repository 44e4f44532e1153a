/**
 * Races on money, beyond tests/api/idempotency-concurrency.test.ts (which covers 30 equal stakes,
 * 20 repeats of one bet Idempotency-Key and 20 settles of one bet): here 200 placements of
 * different stakes on one wallet, bets + contest entries + withdrawals racing for one balance,
 * 20 repeats of one deposit Idempotency-Key, 20 accepts of one cash-out quote, cash-out racing
 * settlement, 10 resettlements racing, a won -> lost correction racing the customer's bets, one
 * customer entering one contest 10 times at once, entries racing a cancellation, and concurrent
 * settlement of one fantasy contest by several operators and two lifecycle runners (and settle
 * racing cancel). Every race is spread over the test app and three more app instances
 * with their own database connections (like several server processes on one database file), so
 * the database guards decide, not the order of requests. The ledger is checked after each.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, betCountFor, countRows, currentUserId, expectLedgerBalanced, placeOk, selectionOf, siblingApps, upcomingPool, type Selection,
} from "../fixtures/builders.ts";
import { createContestOk, enterOk, HOUR, lineupFor, MIN, poolBalance, runnerFor, secondConnection, transactionsOfKind } from "../fixtures/fantasy.ts";
import { put } from "../fixtures/accounts.ts";
import type { ContestResolution, FantasyContest } from "../../api/schemas/fantasy.ts";
import { EARLY, oneApproverForCorrections } from "../fixtures/settle.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
let siblings: Awaited<ReturnType<typeof siblingApps>>;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  await oneApproverForCorrections(t.database);
  pool = await upcomingPool(new Session(t));
  siblings = await siblingApps(t, 3);
  admin = await demoLogin(t, "admin");
});
afterAll(() => {
  siblings.close();
  t.close();
});
afterEach(() => t.clock.set(null as unknown as Date));

/** The same session's request through app number i of [the test app, ...three siblings]. */
function via(s: Session, i: number) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const apps = [t.app, ...siblings.apps];
    const res = await apps[i % apps.length].request(path, {
      method,
      headers: { cookie: s.cookie, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, replayed: res.headers.get("idempotent-replayed") === "true" };
  };
}
type Answer = Awaited<ReturnType<ReturnType<typeof via>>>;

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}
const single = (sel: Selection, stake: number) => ({ selections: [sel], stake, betType: "single" });
const codes = (xs: Answer[]) => [...new Set(xs.map((x) => `${x.status} ${x.body?.error?.code ?? ""}`.trim()))].sort();
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("200 placements at once on one wallet", () => {
  it("stakes of different sizes: the accepted ones never exceed the funds, the balance is the initial less exactly those, nobody was refused who fit", async () => {
    const c = await customer();
    const initial = await balanceOf(c.s);
    const sel = selectionOf(pool.next());
    // 200 stakes between 1.00 and 30.00 (about 3,100.00 in all) on a 1,000.00 wallet.
    const stakes = Array.from({ length: 200 }, (_, i) => 100 + ((i * 7919) % 2901));
    expect(sum(stakes)).toBeGreaterThan(3 * initial);
    const answers = await Promise.all(stakes.map((stake, i) => via(c.s, i)("POST", "/api/bets", single(sel, stake))));
    const accepted = answers.map((a, i) => ({ a, stake: stakes[i] })).filter((x) => x.a.status === 201);
    const refused = answers.map((a, i) => ({ a, stake: stakes[i] })).filter((x) => x.a.status !== 201);
    expect(codes(refused.map((x) => x.a))).toEqual(["409 BET.INSUFFICIENT_FUNDS"]);
    const taken = sum(accepted.map((x) => x.stake));
    expect(taken).toBeLessThanOrEqual(initial);
    const final = await balanceOf(c.s);
    expect(final).toBe(initial - taken);
    expect(final).toBeGreaterThanOrEqual(0);
    // A refusal means the stake did not fit at that moment, so it cannot fit what is left now either.
    for (const r of refused) expect(r.stake).toBeGreaterThan(final);
    // Each accepted bet reported its own balance after its own debit: all distinct, the lowest is the final one.
    const reported = accepted.map((x) => x.a.body.balance as number);
    expect(new Set(reported).size).toBe(accepted.length);
    expect(Math.min(...reported)).toBe(final);
    for (const x of accepted) expect(x.a.body.bet.stake).toBe(x.stake);
    expect(await betCountFor(t.database, c.id)).toBe(accepted.length);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ? AND amount < 0", [`wallet:${c.id}`])).toBe(
      accepted.length,
    );
    await expectLedgerBalanced(t.database);
  }, 60_000);

  it("bets, contest entries and withdrawals racing for one balance: the wallet pays exactly what was accepted", async () => {
    const c = await customer();
    expect((await put(c.s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
    const initial = await balanceOf(c.s);
    const now = Date.now();
    t.clock.set(new Date(now));
    const contests: FantasyContest[] = [];
    for (let i = 0; i < 8; i++)
      contests.push(
        await createContestOk(admin, {
          sportId: i % 2 ? "fsp_nba" : "fsp_nfl", name: `Race ${i}`, entryFee: 4_000, maxEntries: 10, startTime: new Date(now + HOUR).toISOString(),
        }),
      );
    const lineups = await Promise.all(contests.map((k, i) => lineupFor(c.s, k, i)));
    const sel = selectionOf(pool.next());
    type Job = { kind: "bet" | "entry" | "withdrawal"; amount: number; run: () => Promise<Answer> };
    const jobs: Job[] = [];
    for (let i = 0; i < 40; i++) jobs.push({ kind: "bet", amount: 1_500 + i * 10, run: () => via(c.s, i)("POST", "/api/bets", single(sel, 1_500 + i * 10)) });
    contests.forEach((k, i) =>
      jobs.push({ kind: "entry", amount: 4_000, run: () => via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i] }) }),
    );
    for (let i = 0; i < 8; i++) jobs.push({ kind: "withdrawal", amount: 9_000, run: () => via(c.s, i)("POST", "/api/wallet/withdrawals", { method: "bank", amount: 9_000 }) });
    // Interleave the kinds.
    const order = jobs.map((j, i) => ({ j, k: (i * 37) % jobs.length })).sort((a, b) => a.k - b.k).map((x) => x.j);
    const answers = await Promise.all(order.map((j) => j.run()));
    const okStatus = { bet: 201, entry: 201, withdrawal: 201 } as const;
    const refusal = { bet: "409 BET.INSUFFICIENT_FUNDS", entry: "409 FANTASY.INSUFFICIENT_FUNDS", withdrawal: "422 WALLET.INSUFFICIENT_FUNDS" } as const;
    let taken = 0;
    const refusedAmounts: number[] = [];
    order.forEach((j, i) => {
      const a = answers[i];
      if (a.status === okStatus[j.kind]) taken += j.amount;
      else {
        expect(`${a.status} ${a.body?.error?.code}`, JSON.stringify(a.body)).toBe(refusal[j.kind]);
        refusedAmounts.push(j.amount);
      }
    });
    expect(refusedAmounts.length).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(initial);
    const final = await balanceOf(c.s);
    expect(final).toBe(initial - taken);
    for (const amount of refusedAmounts) expect(amount).toBeGreaterThan(final);
    // The pools hold exactly the fees of the accepted entries.
    const entered = order.filter((j, i) => j.kind === "entry" && answers[i].status === 201).length;
    const pools = await Promise.all(contests.map((k) => poolBalance(t.database, k.id)));
    expect(sum(pools.map((p) => p ?? 0))).toBe(entered * 4_000);
    await expectLedgerBalanced(t.database);
  }, 60_000);
});

describe("a correction racing the customer's spending", () => {
  it("resettling won -> lost while the customer bets the winnings away: never below zero, the money matches what happened", async () => {
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 50_000);
    expect((await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn })).status).toBe(200);
    const initial = await balanceOf(c.s);
    expect(initial).toBe(50_000 + placed.bet.potentialReturn);
    const sel = selectionOf(pool.next());
    // 30 stakes that together leave half the return and, among them, the operator's correction taking the whole return
    // back: it fits only if it lands before the bets have spent the stake money. Either way the books must add up.
    const stake = Math.ceil((initial - placed.bet.potentialReturn / 2) / 30);
    const at = 4;
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        i === at
          ? via(admin, i)("POST", `/api/admin/bets/${placed.bet.id}/resettle`, { status: "lost", reasonCode: "result_correction", reason: "Wrong result" })
          : via(c.s, i)("POST", "/api/bets", single(sel, stake)),
      ),
    );
    const correction = answers[at];
    const bets = answers.filter((_, i) => i !== at);
    const accepted = bets.filter((a) => a.status === 201).length;
    for (const a of bets.filter((x) => x.status !== 201)) expect(a.body.error.code).toBe("BET.INSUFFICIENT_FUNDS");
    const applied = correction.status === 200;
    if (!applied) expect(correction.body.error.code).toBe("BET.RESETTLE_INSUFFICIENT_FUNDS");
    const final = await balanceOf(c.s);
    expect(final).toBe(initial - accepted * stake - (applied ? placed.bet.potentialReturn : 0));
    expect(final).toBeGreaterThanOrEqual(0);
    expect(await transactionsOfKind(t.database, "bet_resettlement", placed.bet.id)).toBe(applied ? 1 : 0);
    await expectLedgerBalanced(t.database);
  });
});

describe("entries racing a cancellation", () => {
  it("10 customers entering while an operator cancels: every fee that got in is refunded, the pool ends at zero", async () => {
    const k = await createContestOk(admin, {
      sportId: "fsp_nba", name: "Race cancel", entryFee: 1_500, prizePool: 2_000, maxEntries: 20, startTime: new Date(Date.now() + HOUR).toISOString(),
    });
    const cs = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const before = await Promise.all(cs.map((c) => balanceOf(c.s)));
    const lineups = await Promise.all(cs.map((c, i) => lineupFor(c.s, k, i)));
    const answers = await Promise.all([
      ...cs.slice(0, 5).map((c, i) => via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i] })),
      via(admin, 1)("POST", `/api/admin/fantasy/contests/${k.id}/cancel`),
      ...cs.slice(5).map((c, i) => via(c.s, i + 5)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i + 5] })),
    ]);
    const cancel = answers[5];
    expect(cancel.status).toBe(200);
    const entries = answers.filter((_, i) => i !== 5);
    for (const a of entries.filter((x) => x.status !== 201)) expect(a.body.error.code).toBe("FANTASY.CONTEST_CLOSED");
    // Whoever got in before the cancellation was refunded by it; nobody got in after it.
    const refunded = new Set((cancel.body as ContestResolution).refunds.map((r) => r.entryId));
    expect(new Set(entries.filter((a) => a.status === 201).map((a) => a.body.entry.id))).toEqual(refunded);
    expect(await poolBalance(t.database, k.id)).toBe(0);
    for (const [i, c] of cs.entries()) expect(await balanceOf(c.s)).toBe(before[i]);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ? AND status <> 'refunded'", [k.id])).toBe(0);
    await expectLedgerBalanced(t.database);
  });
});

describe("one request repeated at once", () => {
  it("20 deposits with one Idempotency-Key: all 201 for the same payment, one payment, credited once", async () => {
    const c = await customer();
    expect((await put(c.s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
    const initial = await balanceOf(c.s);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => via(c.s, i)("POST", "/api/wallet/deposits", { method: "bank", amount: 20_000 }, { "Idempotency-Key": "dep-burst" })),
    );
    expect(codes(answers)).toEqual(["201"]);
    expect(new Set(answers.map((a) => a.body.paymentId)).size).toBe(1);
    const first = answers.filter((a) => !a.replayed);
    expect(first.length).toBe(1);
    // A replay answers the deposit as it stands when it is answered: still pending while the first
    // request waits for the provider, completed (with the same transaction) after.
    expect(first[0].body.state).toBe("completed");
    for (const a of answers.filter((x) => x.replayed)) {
      expect(["pending", "completed"]).toContain(a.body.state);
      expect(a.body.transactionId).toBe(a.body.state === "completed" ? first[0].body.transactionId : null);
    }
    // bank: no fee; 10% bonus on 200.00, credited to the bonus balance (the cash balance takes the 200.00).
    expect(first[0].body).toMatchObject({ amount: 20_000, fee: 0, bonus: 2_000, credited: 22_000, balance: initial + 20_000 });
    expect(await balanceOf(c.s)).toBe(initial + 20_000);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ? AND amount > 0", [`bonus:${c.id}`])).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND direction = 'deposit'", [c.id])).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ? AND amount > 0", [`wallet:${c.id}`])).toBe(2); // grant, deposit
    await expectLedgerBalanced(t.database);
  });

  it("one customer entering one contest 10 times at once: one entry, one fee", async () => {
    const c = await customer();
    const initial = await balanceOf(c.s);
    const k = await createContestOk(admin, { sportId: "fsp_nfl", name: "Race once", entryFee: 2_500, startTime: new Date(Date.now() + HOUR).toISOString() });
    const lineup = await lineupFor(c.s, k, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(codes(answers.filter((a) => a.status !== 201))).toEqual(["409 FANTASY.ALREADY_ENTERED"]);
    expect(await balanceOf(c.s)).toBe(initial - 2_500);
    expect(await poolBalance(t.database, k.id)).toBe(2_500);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ?", [k.id])).toBe(1);
    await expectLedgerBalanced(t.database);
  });
});

describe("settling one bet at once", () => {
  it("10 concurrent settles of one multiple: exactly one 200, one payout of the multiple's return", async () => {
    const c = await customer();
    const [a, b] = [pool.next(), pool.next()];
    const placed = await placeOk(c.s, [selectionOf(a), selectionOf(b, 0, 1)], 3_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => via(admin, i)("POST", `/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(codes(answers.filter((x) => x.status !== 200))).toEqual(["409 BET.NOT_PENDING"]);
    expect(await balanceOf(c.s)).toBe(placed.balance + placed.bet.potentialReturn);
    expect(await transactionsOfKind(t.database, "bet_payout", placed.bet.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("10 concurrent resettlements lost -> won: exactly one applies, one correction", async () => {
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 2_000);
    expect((await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "lost", actualReturn: 0 })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => via(admin, i)("POST", `/api/admin/bets/${placed.bet.id}/resettle`, { status: "won", reasonCode: "result_correction" })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    for (const x of answers.filter((y) => y.status !== 200)) expect(["BET.RESETTLE_CONFLICT", "BET.RESETTLE_NO_CHANGE"]).toContain(x.body.error.code);
    expect(await balanceOf(c.s)).toBe(placed.balance + placed.bet.potentialReturn);
    expect(await transactionsOfKind(t.database, "bet_resettlement", placed.bet.id)).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE id = ? AND resettlement_count = 1", [placed.bet.id])).toBe(1);
    await expectLedgerBalanced(t.database);
  });
});

describe("cash out at once", () => {
  it("20 concurrent accepts of one quote over four apps: exactly one pays", async () => {
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 4_000);
    const q = await (await c.s.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    expect(q.amount).toBe(3_800);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => via(c.s, i)("POST", `/api/bets/${placed.bet.id}/cash-out`, { quoteId: q.quoteId })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(codes(answers.filter((x) => x.status !== 200))).toEqual(["409 BET.NOT_PENDING"]);
    expect(await balanceOf(c.s)).toBe(placed.balance + q.amount);
    expect(await transactionsOfKind(t.database, "cash_out", placed.bet.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("cash-out accepts racing settle-won requests on one bet: exactly one of them happens, and the money matches it", async () => {
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 5_000);
    const q = await (await c.s.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? via(c.s, i)("POST", `/api/bets/${placed.bet.id}/cash-out`, { quoteId: q.quoteId })
          : via(admin, i)("POST", `/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn }),
      ),
    );
    const winners = answers.map((a, i) => ({ a, i })).filter((x) => x.a.status === 200);
    expect(winners).toHaveLength(1);
    for (const x of answers.filter((y) => y.status !== 200)) expect(x.status).toBe(409);
    const cashedOut = winners[0].i % 2 === 1;
    expect(await balanceOf(c.s)).toBe(placed.balance + (cashedOut ? q.amount : placed.bet.potentialReturn));
    expect(await transactionsOfKind(t.database, "cash_out", placed.bet.id)).toBe(cashedOut ? 1 : 0);
    expect(await transactionsOfKind(t.database, "bet_payout", placed.bet.id)).toBe(cashedOut ? 0 : 1);
    await expectLedgerBalanced(t.database);
  });
});

describe("settling one fantasy contest at once", () => {
  /** A contest with four entries (fee 1000, guarantee 5000, rake 10%), started and locked by the runner. */
  async function lockedContest(name: string) {
    const T0 = Math.ceil(Date.now() / MIN) * MIN + 10 * HOUR;
    t.clock.set(new Date(T0));
    const k = await createContestOk(admin, {
      sportId: "fsp_nfl", name, entryFee: 1_000, prizePool: 5_000, rakePercent: 10, maxEntries: 10,
      startTime: new Date(T0 + HOUR).toISOString(), endTime: new Date(T0 + 4 * HOUR).toISOString(),
    });
    const entrants: { s: Session; entryId: string; after: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await demoLogin(t, "customer");
      const out = await enterOk(s, k.id, await lineupFor(s, k, i * 5));
      entrants.push({ s, entryId: out.entry.id, after: out.balance });
    }
    t.clock.set(new Date(T0 + HOUR));
    const report = (await runnerFor(t).pass())!;
    expect(report.locked).toContain(k.id);
    return { k, entrants, T0 };
  }

  it("several operators and two lifecycle runners settling at the same moment: one set of payouts, the pool ends at zero", async () => {
    const { k, entrants, T0 } = await lockedContest("Race settle");
    // Take it live (scored), then race at the end time: 6 admin settles over four apps and two runners on two connections.
    t.clock.set(new Date(T0 + 2 * HOUR));
    expect((await runnerFor(t).pass())!.live).toContain(k.id);
    t.clock.set(new Date(T0 + 4 * HOUR));
    const other = await secondConnection(t);
    try {
      const [answers, passes] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, (_, i) => via(admin, i)("POST", `/api/admin/fantasy/contests/${k.id}/settle`))),
        Promise.all([runnerFor(t).pass(), runnerFor(t, other, 2).pass()]),
      ]);
      const byAdmin = answers.filter((a) => a.status === 200);
      const byRunner = passes.filter((p) => p?.settled.includes(k.id));
      expect(byAdmin.length + byRunner.length).toBe(1);
      expect(codes(answers.filter((a) => a.status !== 200))).toEqual(["409 FANTASY.INVALID_TRANSITION"]);
    } finally {
      other.close();
    }
    // Fees 4000, rake 400, pool max(5000, 3600) = 5000 (the house adding the 1400 overlay), paid once.
    expect(await transactionsOfKind(t.database, "contest_rake", k.id)).toBe(1);
    expect(await poolBalance(t.database, k.id)).toBe(0);
    let paid = 0;
    for (const e of entrants) {
      const payouts = await t.database.client.execute({
        sql: `SELECT COALESCE(SUM(p.amount), 0) AS s, COUNT(DISTINCT x.id) AS n FROM ledger_transactions x JOIN ledger_postings p ON p.transaction_id = x.id
              WHERE x.kind = 'contest_payout' AND x.reference = ? AND p.account_id LIKE 'wallet:%'`,
        args: [e.entryId],
      });
      const amount = Number(payouts.rows[0].s);
      expect(Number(payouts.rows[0].n)).toBeLessThanOrEqual(1);
      expect(await balanceOf(e.s)).toBe(e.after + amount);
      paid += amount;
    }
    expect(paid).toBe(5_000);
    await expectLedgerBalanced(t.database);
  }, 60_000);

  it("settle racing cancel on one locked contest: exactly one happens, and the money matches it", async () => {
    const { k, entrants } = await lockedContest("Race settle or cancel");
    const house = async () => Number((await t.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'house'")).rows[0].balance);
    const houseBefore = await house();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => via(admin, i)("POST", `/api/admin/fantasy/contests/${k.id}/${i % 2 ? "cancel" : "settle"}`)),
    );
    const winners = answers.map((a, i) => ({ a, i })).filter((x) => x.a.status === 200);
    expect(winners).toHaveLength(1);
    expect(codes(answers.filter((a) => a.status !== 200))).toEqual(["409 FANTASY.INVALID_TRANSITION"]);
    const r = winners[0].a.body as ContestResolution;
    expect(await poolBalance(t.database, k.id)).toBe(0);
    if (winners[0].i % 2) {
      expect(r.contest.status).toBe("cancelled");
      for (const e of entrants) expect(await balanceOf(e.s)).toBe(e.after + 1_000);
      // The guarantee was never put in, so the house neither pays nor gets anything back.
      expect(await house()).toBe(houseBefore);
    } else {
      expect(r.contest.status).toBe("settled");
      expect(sum(r.payouts.map((p) => p.amount))).toBe(5_000);
      for (const e of entrants) expect(await balanceOf(e.s)).toBe(e.after + (r.payouts.find((p) => p.entryId === e.entryId)?.amount ?? 0));
      // The house pays only the overlay: 5000 - (4000 - 400) = 1400.
      expect(await house()).toBe(houseBefore - 1_400);
    }
    for (const e of entrants) {
      const n = await countRows(
        t.database,
        "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ? AND kind IN ('contest_payout', 'contest_entry_refund')",
        [e.entryId],
      );
      expect(n).toBeLessThanOrEqual(1);
    }
    await expectLedgerBalanced(t.database);
  }, 60_000);
});
