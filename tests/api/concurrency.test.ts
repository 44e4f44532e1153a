/**
 * Races on money, beyond tests/api/idempotency-concurrency.test.ts (which covers 30 equal stakes,
 * 20 repeats of one bet Idempotency-Key and 20 settles of one bet): here 200 placements of
 * different stakes on one wallet, bets + contest entries + withdrawals racing for one balance,
 * a won -> lost correction racing the customer's bets, entries racing a cancellation, 20 repeats
 * of one deposit Idempotency-Key and one customer entering one contest 10 times at once. Races on
 * settlement and cash-out: tests/api/concurrency-settlement.test.ts. Every race is spread over the
 * test app and three more app instances with their own database connections, so the database
 * guards decide, not the order of requests. The ledger is checked after each.
 */
import { describe, expect, it } from "vitest";
import { balanceOf, betCountFor, countRows, expectLedgerBalanced, placeOk, selectionOf } from "../fixtures/builders.ts";
import { createContestOk, HOUR, lineupFor, poolBalance, transactionsOfKind } from "../fixtures/fantasy.ts";
import { put } from "../fixtures/accounts.ts";
import type { ContestResolution, FantasyContest } from "../../api/schemas/fantasy.ts";
import { EARLY } from "../fixtures/settle.ts";
import { customer } from "../fixtures/bets-api.ts";
import { codes, useRacingApps, single, sum, type Answer } from "../fixtures/racing-apps.ts";

const t = useRacingApps();

describe("200 placements at once on one wallet", () => {
  it("stakes of different sizes: the accepted ones never exceed the funds, the balance is the initial less exactly those, nobody was refused who fit", async () => {
    const c = await customer(t);
    const initial = await balanceOf(c.s);
    const sel = selectionOf(t.pool.next());
    // 200 stakes between 1.00 and 30.00 (about 3,100.00 in all) on a 1,000.00 wallet.
    const stakes = Array.from({ length: 200 }, (_, i) => 100 + ((i * 7919) % 2901));
    expect(sum(stakes)).toBeGreaterThan(3 * initial);
    const answers = await Promise.all(stakes.map((stake, i) => t.via(c.s, i)("POST", "/api/bets", single(sel, stake))));
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
    const c = await customer(t);
    expect((await put(c.s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
    const initial = await balanceOf(c.s);
    const now = Date.now();
    t.clock.set(new Date(now));
    const contests: FantasyContest[] = [];
    for (let i = 0; i < 8; i++)
      contests.push(
        await createContestOk(t.admin, {
          sportId: i % 2 ? "fsp_nba" : "fsp_nfl", name: `Race ${i}`, entryFee: 4_000, maxEntries: 10, startTime: new Date(now + HOUR).toISOString(),
        }),
      );
    const lineups = await Promise.all(contests.map((k, i) => lineupFor(c.s, k, i)));
    const sel = selectionOf(t.pool.next());
    type Job = { kind: "bet" | "entry" | "withdrawal"; amount: number; run: () => Promise<Answer> };
    const jobs: Job[] = [];
    for (let i = 0; i < 40; i++) jobs.push({ kind: "bet", amount: 1_500 + i * 10, run: () => t.via(c.s, i)("POST", "/api/bets", single(sel, 1_500 + i * 10)) });
    contests.forEach((k, i) =>
      jobs.push({ kind: "entry", amount: 4_000, run: () => t.via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i] }) }),
    );
    for (let i = 0; i < 8; i++) jobs.push({ kind: "withdrawal", amount: 9_000, run: () => t.via(c.s, i)("POST", "/api/wallet/withdrawals", { method: "bank", amount: 9_000 }) });
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
    const c = await customer(t);
    const placed = await placeOk(c.s, [selectionOf(t.pool.next())], 50_000);
    expect((await t.admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn })).status).toBe(200);
    const initial = await balanceOf(c.s);
    expect(initial).toBe(50_000 + placed.bet.potentialReturn);
    const sel = selectionOf(t.pool.next());
    // 30 stakes that together leave half the return and, among them, the operator's correction taking the whole return
    // back: it fits only if it lands before the bets have spent the stake money. Either way the books must add up.
    const stake = Math.ceil((initial - placed.bet.potentialReturn / 2) / 30);
    const at = 4;
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        i === at
          ? t.via(t.admin, i)("POST", `/api/admin/bets/${placed.bet.id}/resettle`, { status: "lost", reasonCode: "result_correction", reason: "Wrong result" })
          : t.via(c.s, i)("POST", "/api/bets", single(sel, stake)),
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
    const k = await createContestOk(t.admin, {
      sportId: "fsp_nba", name: "Race cancel", entryFee: 1_500, prizePool: 2_000, maxEntries: 20, startTime: new Date(Date.now() + HOUR).toISOString(),
    });
    const cs = await Promise.all(Array.from({ length: 10 }, () => customer(t)));
    const before = await Promise.all(cs.map((c) => balanceOf(c.s)));
    const lineups = await Promise.all(cs.map((c, i) => lineupFor(c.s, k, i)));
    const answers = await Promise.all([
      ...cs.slice(0, 5).map((c, i) => t.via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i] })),
      t.via(t.admin, 1)("POST", `/api/admin/fantasy/contests/${k.id}/cancel`),
      ...cs.slice(5).map((c, i) => t.via(c.s, i + 5)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup: lineups[i + 5] })),
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
    const c = await customer(t);
    expect((await put(c.s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
    const initial = await balanceOf(c.s);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.via(c.s, i)("POST", "/api/wallet/deposits", { method: "bank", amount: 20_000 }, { "Idempotency-Key": "dep-burst" })),
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
    const c = await customer(t);
    const initial = await balanceOf(c.s);
    const k = await createContestOk(t.admin, { sportId: "fsp_nfl", name: "Race once", entryFee: 2_500, startTime: new Date(Date.now() + HOUR).toISOString() });
    const lineup = await lineupFor(c.s, k, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.via(c.s, i)("POST", `/api/fantasy/contests/${k.id}/entries`, { lineup })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(codes(answers.filter((a) => a.status !== 201))).toEqual(["409 FANTASY.ALREADY_ENTERED"]);
    expect(await balanceOf(c.s)).toBe(initial - 2_500);
    expect(await poolBalance(t.database, k.id)).toBe(2_500);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ?", [k.id])).toBe(1);
    await expectLedgerBalanced(t.database);
  });
});

