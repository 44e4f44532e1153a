/**
 * Races on settlement: 10 settles of one multiple, 10 resettlements racing, 20 accepts of one
 * cash-out quote, cash-out racing settlement, and concurrent settlement of one fantasy contest by
 * several operators and two lifecycle runners (and settle racing cancel). Every race is spread over
 * the test app and three more app instances with their own database connections, so the database
 * guards decide, not the order of requests. The ledger is checked after each.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectLedgerBalanced, placeOk, selectionOf } from "../fixtures/builders.ts";
import { createContestOk, enterOk, HOUR, lineupFor, MIN, poolBalance, runnerFor, secondConnection, transactionsOfKind } from "../fixtures/fantasy.ts";
import { put } from "../fixtures/accounts.ts";
import type { ContestResolution } from "../../api/schemas/fantasy.ts";
import { EARLY } from "../fixtures/settle.ts";
import { customer } from "../fixtures/bets-api.ts";
import { codes, useRacingApps, sum } from "../fixtures/racing-apps.ts";

const t = useRacingApps();

describe("settling one bet at once", () => {
  it("10 concurrent settles of one multiple: exactly one 200, one payout of the multiple's return", async () => {
    const c = await customer(t);
    const [a, b] = [t.pool.next(), t.pool.next()];
    const placed = await placeOk(c.s, [selectionOf(a), selectionOf(b, 0, 1)], 3_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.via(t.admin, i)("POST", `/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(codes(answers.filter((x) => x.status !== 200))).toEqual(["409 BET.NOT_PENDING"]);
    expect(await balanceOf(c.s)).toBe(placed.balance + placed.bet.potentialReturn);
    expect(await transactionsOfKind(t.database, "bet_payout", placed.bet.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("10 concurrent resettlements lost -> won: exactly one applies, one correction", async () => {
    const c = await customer(t);
    const placed = await placeOk(c.s, [selectionOf(t.pool.next())], 2_000);
    expect((await t.admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "lost", actualReturn: 0 })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.via(t.admin, i)("POST", `/api/admin/bets/${placed.bet.id}/resettle`, { status: "won", reasonCode: "result_correction" })),
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
    const c = await customer(t);
    const placed = await placeOk(c.s, [selectionOf(t.pool.next())], 4_000);
    const q = await (await c.s.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    expect(q.amount).toBe(3_800);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.via(c.s, i)("POST", `/api/bets/${placed.bet.id}/cash-out`, { quoteId: q.quoteId })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(codes(answers.filter((x) => x.status !== 200))).toEqual(["409 BET.NOT_PENDING"]);
    expect(await balanceOf(c.s)).toBe(placed.balance + q.amount);
    expect(await transactionsOfKind(t.database, "cash_out", placed.bet.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("cash-out accepts racing settle-won requests on one bet: exactly one of them happens, and the money matches it", async () => {
    const c = await customer(t);
    const placed = await placeOk(c.s, [selectionOf(t.pool.next())], 5_000);
    const q = await (await c.s.post(`/api/bets/${placed.bet.id}/cash-out/quote`)).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? t.via(c.s, i)("POST", `/api/bets/${placed.bet.id}/cash-out`, { quoteId: q.quoteId })
          : t.via(t.admin, i)("POST", `/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn }),
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
    const k = await createContestOk(t.admin, {
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
        Promise.all(Array.from({ length: 6 }, (_, i) => t.via(t.admin, i)("POST", `/api/admin/fantasy/contests/${k.id}/settle`))),
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
      Array.from({ length: 10 }, (_, i) => t.via(t.admin, i)("POST", `/api/admin/fantasy/contests/${k.id}/${i % 2 ? "cancel" : "settle"}`)),
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
