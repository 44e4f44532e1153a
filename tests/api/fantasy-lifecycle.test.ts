/**
 * The contest lifecycle through the runner on a fixed clock: open → locked at the start (or
 * cancelled and refunded when short of entries) → live with points from the stats feed and
 * standings → settled at the end (rake, payouts by the table, ties split). Operator settle and
 * cancel. Settling twice pays once, also with two runners on two connections at the same moment.
 * The ledger is checked after every step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import {
  accountBalance, createContestOk, enterOk, HOUR, lineupFor, MIN, myEntries, poolBalance, runnerFor, secondConnection, transactionsOfKind,
} from "../fixtures/fantasy.ts";
import { configFromEnv } from "../../api/bootstrap.ts";
import type { ContestResolution, FantasyContest, FantasyStandings } from "../../api/schemas/fantasy.ts";
import type { Database } from "../../adapters/libsql/index.ts";

let t: TestApp;
let admin: Session;
let T0: number;
const at = (ms: number) => t.clock.set(new Date(T0 + ms));
const iso = (ms: number) => new Date(T0 + ms).toISOString();

interface Entrant {
  s: Session;
  entryId: string;
  balanceAfterEntry: number;
}
let A: FantasyContest; // runs the whole way: 4 entries, guarantee 5000, fee 1000, TOP 3
let B: FantasyContest; // min 3 entries, only 2: cancelled at the start
let C: FantasyContest; // settled by an operator while locked (nobody scored: everyone ties)
let D: FantasyContest; // cancelled by an operator while live
const entrants: Record<string, Entrant[]> = { A: [], B: [], C: [], D: [] };
const runner = () => runnerFor(t);

async function standingsOf(s: Session, id: string) {
  const res = await s.get(`/api/fantasy/contests/${id}/standings`);
  expect(res.status).toBe(200);
  return (await res.json()) as FantasyStandings;
}

async function statusOf(id: string) {
  return String((await t.database.client.execute({ sql: "SELECT status FROM fantasy_contests WHERE id = ?", args: [id] })).rows[0].status);
}

async function expectPoolsSound(database: Database) {
  await expectLedgerBalanced(database);
  // No pool below zero, and every settled or cancelled contest's pool is empty.
  expect(await countRows(database, "SELECT COUNT(*) AS n FROM ledger_accounts WHERE kind = 'fantasy_pool' AND balance < 0")).toBe(0);
  expect(
    await countRows(
      database,
      `SELECT COUNT(*) AS n FROM fantasy_contests c JOIN ledger_accounts a ON a.id = 'fantasy_pool:' || c.id
       WHERE c.status IN ('settled', 'cancelled') AND a.balance <> 0`,
    ),
  ).toBe(0);
}

beforeAll(async () => {
  t = await makeTestApp();
  T0 = Math.ceil(Date.now() / MIN) * MIN;
  at(0);
  admin = await demoLogin(t, "admin");
  const base = { sportId: "fsp_nfl", startTime: iso(HOUR), endTime: iso(4 * HOUR), maxEntries: 30 };
  A = await createContestOk(admin, { ...base, name: "Lifecycle A", entryFee: 1000, prizePool: 5000, rakePercent: 10 });
  B = await createContestOk(admin, { ...base, name: "Lifecycle B", entryFee: 700, minEntries: 3 });
  C = await createContestOk(admin, { ...base, name: "Lifecycle C", entryFee: 500, maxEntries: 20 });
  D = await createContestOk(admin, { ...base, name: "Lifecycle D", entryFee: 800, prizePool: 3000, maxEntries: 10 });
  const plan: [string, FantasyContest, number][] = [["A", A, 4], ["B", B, 2], ["C", C, 2], ["D", D, 2]];
  for (const [key, contest, count] of plan)
    for (let i = 0; i < count; i++) {
      const s = await demoLogin(t, "customer");
      const out = await enterOk(s, contest.id, await lineupFor(s, contest, i * 2 + key.charCodeAt(0)));
      entrants[key].push({ s, entryId: out.entry.id, balanceAfterEntry: out.balance });
    }
  await expectPoolsSound(t.database);
});
afterAll(() => t.close());

describe("the fantasy runner", () => {
  it("FANTASY_INTERVAL_MS configures it (default 5 s, 0 turns it off)", () => {
    expect(configFromEnv({}, "/d").fantasyIntervalMs).toBe(5000);
    expect(configFromEnv({ FANTASY_INTERVAL_MS: "1000" }, "/d").fantasyIntervalMs).toBe(1000);
    expect(configFromEnv({ FANTASY_INTERVAL_MS: "0" }, "/d").fantasyIntervalMs).toBe(0);
    const r = runner();
    r.start(); // interval 0: never scheduled
    expect(r.status().running).toBe(false);
  });

  it("before the start time nothing happens to an open contest", async () => {
    at(HOUR - MIN);
    const report = (await runner().pass())!;
    for (const c of [A, B, C, D]) {
      expect(Object.values(report).flat()).not.toContain(c.id);
      expect(await statusOf(c.id)).toBe("open");
    }
  });

  it("at the start time: contests with enough entries lock; one short of its minimum is cancelled and every fee refunded", async () => {
    at(HOUR);
    const r = runner();
    const report = (await r.pass())!;
    expect(report.locked).toEqual(expect.arrayContaining([A.id, C.id, D.id]));
    expect(report.cancelled).toContain(B.id);
    expect(r.status().lastPassAt?.getTime()).toBe(T0 + HOUR);

    // B: two refunds, pool empty, wallets whole again, entries marked refunded.
    expect(await statusOf(B.id)).toBe("cancelled");
    expect(await poolBalance(t.database, B.id)).toBe(0);
    for (const e of entrants.B) {
      expect(await balanceOf(e.s)).toBe(100_000);
      expect(await transactionsOfKind(t.database, "contest_entry_refund", e.entryId)).toBe(1);
      const [mine] = await myEntries(e.s);
      expect(mine).toMatchObject({ contestStatus: "cancelled", status: "refunded", payout: 700, editable: false });
    }
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'fantasy_contest.cancel' AND entity_id = ? AND actor_role = 'system'", [B.id])).toBe(1);
    await expectPoolsSound(t.database);
  });

  it("a locked contest takes no entries and no lineup changes", async () => {
    const s = await demoLogin(t, "customer");
    await expectError(await s.post(`/api/fantasy/contests/${A.id}/entries`, { lineup: await lineupFor(s, A, 9) }), 409, "FANTASY.CONTEST_CLOSED");
    const e = entrants.A[0];
    await expectError(await e.s.request("PUT", `/api/fantasy/entries/${e.entryId}`, { lineup: await lineupFor(e.s, A, 11) }), 409, "FANTASY.CONTEST_CLOSED");
    expect((await myEntries(e.s))[0]).toMatchObject({ contestStatus: "locked", editable: false });
  });

  it("an operator settles a locked contest with the points as they stand: all tied, the pool split evenly", async () => {
    const res = await admin.post(`/api/admin/fantasy/contests/${C.id}/settle`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as ContestResolution;
    // Fees 1000, rake 10% = 100, pool 900 over TOP 2 (20 entries max); two entries tied at 0 share both places.
    expect(r.rake).toBe(100);
    expect(r.contest.status).toBe("settled");
    expect(r.payouts.map((p) => [p.rank, p.points, p.amount])).toEqual([[1, 0, 450], [1, 0, 450]]);
    expect(await transactionsOfKind(t.database, "contest_rake", C.id)).toBe(1);
    for (const e of entrants.C) {
      expect(await balanceOf(e.s)).toBe(e.balanceAfterEntry + 450);
      expect((await myEntries(e.s))[0]).toMatchObject({ status: "won", payout: 450, rank: 1 });
    }
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'fantasy_contest.settle' AND entity_id = ? AND actor_role = 'admin'", [C.id])).toBe(1);

    // Settling again pays nothing: 409, balances unchanged.
    await expectError(await admin.post(`/api/admin/fantasy/contests/${C.id}/settle`), 409, "FANTASY.INVALID_TRANSITION");
    await expectError(await admin.post(`/api/admin/fantasy/contests/${C.id}/cancel`), 409, "FANTASY.INVALID_TRANSITION");
    for (const e of entrants.C) expect(await balanceOf(e.s)).toBe(e.balanceAfterEntry + 450);
    expect(await transactionsOfKind(t.database, "contest_payout", entrants.C[0].entryId)).toBe(1);
    await expectPoolsSound(t.database);
  });

  it("the next pass takes locked contests live with the stats feed's first points and standings", async () => {
    at(HOUR + 30 * MIN);
    const report = (await runner().pass())!;
    expect(report.live).toEqual(expect.arrayContaining([A.id, D.id]));
    expect(await statusOf(A.id)).toBe("live");
    const st = await standingsOf(entrants.A[0].s, A.id);
    expect(st.contest.status).toBe("live");
    expect(st.standings).toHaveLength(4);
    expect(st.standings.some((r) => r.points > 0)).toBe(true);
    expect(st.standings.filter((r) => r.mine)).toHaveLength(1);
    const ranks = st.standings.map((r) => r.rank);
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const [mine] = await myEntries(entrants.A[0].s);
    expect(mine.contestStatus).toBe("live");
    expect(mine.points).toBeCloseTo(mine.lineup.reduce((s, p) => s + p.points, 0), 5);
  });

  it("while live, each pass updates points (never down) and standings", async () => {
    const before = new Map((await standingsOf(admin, A.id)).standings.map((r) => [r.entryId, r.points]));
    at(2 * HOUR + 30 * MIN);
    const report = (await runner().pass())!;
    expect(report.scored).toContain(A.id);
    const after = (await standingsOf(admin, A.id)).standings;
    for (const r of after) expect(r.points).toBeGreaterThanOrEqual(before.get(r.entryId)!);
    expect(after.reduce((s, r) => s + r.points, 0)).toBeGreaterThan([...before.values()].reduce((s, p) => s + p, 0));
    // Re-running the same moment changes nothing.
    await runner().pass();
    expect((await standingsOf(admin, A.id)).standings).toEqual(after);
  });

  it("an operator cancels a live contest: every fee back; the guarantee, never funded, moves nothing", async () => {
    const house = await accountBalance(t.database, "house");
    const res = await admin.post(`/api/admin/fantasy/contests/${D.id}/cancel`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as ContestResolution;
    expect(r.contest.status).toBe("cancelled");
    expect(r.refunds.map((x) => x.amount)).toEqual([800, 800]);
    // A guarantee is a floor paid at settlement (its overlay), not money put in up front.
    expect(await accountBalance(t.database, "house")).toBe(house!);
    expect(await transactionsOfKind(t.database, "adjustment", D.id)).toBe(0);
    for (const e of entrants.D) expect(await balanceOf(e.s)).toBe(100_000);
    await expectError(await admin.post(`/api/admin/fantasy/contests/${D.id}/cancel`), 409, "FANTASY.INVALID_TRANSITION");
    await expectPoolsSound(t.database);
  });

  it("at the end time the contest settles: rake to its account, TOP 3 paid by the table, pool empty", async () => {
    at(4 * HOUR);
    const report = (await runner().pass())!;
    expect(report.settled).toContain(A.id);
    expect(await statusOf(A.id)).toBe("settled");
    expect(await poolBalance(t.database, A.id)).toBe(0);
    // Fees 4 x 1000 = 4000, rake 400; prize pool max(5000, 4000 - 400) = 5000; the house adds the 1400 overlay.
    expect(await transactionsOfKind(t.database, "contest_rake", A.id)).toBe(1);
    const rake = await t.database.client.execute({
      sql: `SELECT p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
            WHERE x.kind = 'contest_rake' AND x.reference = ? AND p.account_id = 'fantasy_rake'`,
      args: [A.id],
    });
    expect(rake.rows.map((r) => Number(r.amount))).toEqual([400]);
    const st = (await standingsOf(admin, A.id)).standings;
    expect(st.reduce((s, r) => s + (r.payout ?? 0), 0)).toBe(5000);
    const overlay = await t.database.client.execute({
      sql: `SELECT p.account_id, p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
            WHERE x.kind = 'adjustment' AND x.reference = ? ORDER BY p.amount`,
      args: [A.id],
    });
    expect(overlay.rows.map((r) => [String(r.account_id), Number(r.amount)])).toEqual([["house", -1400], [`fantasy_pool:${A.id}`, 1400]]);
    // Payouts follow rank; places beyond TOP 3 get nothing (unless tied into the money).
    for (let i = 1; i < st.length; i++) expect(st[i].payout!).toBeLessThanOrEqual(st[i - 1].payout!);
    expect(st.filter((r) => r.rank > 3).every((r) => r.payout === 0)).toBe(true);
    // 5000 by [5455, 2727, 1818]: 2727.5, 1363.5, 909 -> 2727 + 1363 + 909 = 4999, the cent left over to 1st.
    expect(new Set(st.map((r) => r.points)).size).toBe(4);
    expect(st.map((r) => r.payout)).toEqual([2728, 1363, 909, 0]);
    for (const e of entrants.A) {
      const [mine] = await myEntries(e.s);
      expect(mine.contestStatus).toBe("settled");
      expect(mine.status).toBe(mine.payout! > 0 ? "won" : "lost");
      expect(await balanceOf(e.s)).toBe(e.balanceAfterEntry + mine.payout!);
      expect(await transactionsOfKind(t.database, "contest_payout", e.entryId)).toBe(mine.payout! > 0 ? 1 : 0);
    }
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'fantasy_contest.settle' AND entity_id = ? AND actor_role = 'system'", [A.id])).toBe(1);
    await expectPoolsSound(t.database);
  });

  it("settling twice pays once: another pass, an operator settle or cancel change nothing", async () => {
    const balances = await Promise.all(entrants.A.map((e) => balanceOf(e.s)));
    const payouts = await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'contest_payout'");
    const report = (await runner().pass())!;
    expect(Object.values(report).flat()).not.toContain(A.id);
    await expectError(await admin.post(`/api/admin/fantasy/contests/${A.id}/settle`), 409, "FANTASY.INVALID_TRANSITION");
    await expectError(await admin.post(`/api/admin/fantasy/contests/${A.id}/cancel`), 409, "FANTASY.INVALID_TRANSITION");
    expect(await Promise.all(entrants.A.map((e) => balanceOf(e.s)))).toEqual(balances);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'contest_payout'")).toBe(payouts);
    await expectPoolsSound(t.database);
  });

  it("two runners on two connections at the same moments take each step once", async () => {
    const E = await createContestOk(admin, { sportId: "fsp_nba", name: "Lifecycle E", entryFee: 2000, maxEntries: 40, startTime: iso(4 * HOUR + 10 * MIN), endTime: iso(5 * HOUR) });
    const es: Entrant[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await demoLogin(t, "customer");
      const out = await enterOk(s, E.id, await lineupFor(s, E, i * 3));
      es.push({ s, entryId: out.entry.id, balanceAfterEntry: out.balance });
    }
    const other = await secondConnection(t);
    try {
      const one = runnerFor(t);
      const two = runnerFor(t, other);
      const both = async () => (await Promise.all([one.pass(), two.pass()])).map((r) => r!);
      at(4 * HOUR + 10 * MIN);
      let [r1, r2] = await both();
      expect([r1.locked.includes(E.id), r2.locked.includes(E.id)].filter(Boolean)).toHaveLength(1);
      at(4 * HOUR + 11 * MIN);
      [r1, r2] = await both();
      expect([r1.live.includes(E.id), r2.live.includes(E.id)].filter(Boolean)).toHaveLength(1);
      at(5 * HOUR);
      [r1, r2] = await both();
      expect([r1.settled.includes(E.id), r2.settled.includes(E.id)].filter(Boolean)).toHaveLength(1);
      expect(r1.failed).toEqual([]);
      expect(r2.failed).toEqual([]);
    } finally {
      other.close();
    }
    // Fees 10000, rake 1000, pool 9000 over TOP 4: paid once in total.
    expect(await transactionsOfKind(t.database, "contest_rake", E.id)).toBe(1);
    const st = (await standingsOf(admin, E.id)).standings;
    expect(st.reduce((s, r) => s + (r.payout ?? 0), 0)).toBe(9000);
    for (const e of es) {
      const [mine] = await myEntries(e.s);
      expect(await balanceOf(e.s)).toBe(e.balanceAfterEntry + mine.payout!);
      expect(await transactionsOfKind(t.database, "contest_payout", e.entryId)).toBe(mine.payout! > 0 ? 1 : 0);
    }
    await expectPoolsSound(t.database);
  });

  it("operator routes: admin only, an open contest cannot be settled, unknown ids are 404", async () => {
    const customer = await demoLogin(t, "customer");
    const trader = await demoLogin(t, "trader");
    const F = await createContestOk(admin, { sportId: "fsp_nfl", name: "Lifecycle F", entryFee: 100, startTime: iso(6 * HOUR) });
    for (const verb of ["settle", "cancel"]) {
      await expectError(await customer.post(`/api/admin/fantasy/contests/${F.id}/${verb}`), 403, "AUTH.FORBIDDEN");
      await expectError(await trader.post(`/api/admin/fantasy/contests/${F.id}/${verb}`), 403, "AUTH.FORBIDDEN");
      await expectError(await admin.post(`/api/admin/fantasy/contests/fc_nope/${verb}`), 404, "FANTASY.CONTEST_NOT_FOUND");
    }
    await expectError(await admin.post(`/api/admin/fantasy/contests/${F.id}/settle`), 409, "FANTASY.INVALID_TRANSITION");
    expect(await statusOf(F.id)).toBe("open");
    // An open contest with no entries cancels cleanly (nothing to refund).
    const res = await admin.post(`/api/admin/fantasy/contests/${F.id}/cancel`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ContestResolution).refunds).toEqual([]);
    await expectPoolsSound(t.database);
  });

  it("the database refuses a backward status move and a changed fee, whoever asks", async () => {
    await expect(t.database.client.execute({ sql: "UPDATE fantasy_contests SET status = 'open' WHERE id = ?", args: [A.id] })).rejects.toThrow(/FANTASY.INVALID_TRANSITION/);
    await expect(t.database.client.execute({ sql: "UPDATE fantasy_contests SET entry_fee = 1 WHERE id = ?", args: [A.id] })).rejects.toThrow(/FANTASY.TERMS_IMMUTABLE/);
    await expect(
      t.database.client.execute({ sql: "UPDATE fantasy_entries SET lineup = '[]' WHERE id = ?", args: [entrants.A[0].entryId] }),
    ).rejects.toThrow(/FANTASY.LINEUP_LOCKED/);
    // A pool can never go below zero.
    await expect(
      t.database.client.batch(
        [
          { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES ('tx_bad', 'contest_payout', NULL, 0, NULL)", args: [] },
          { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('tx_bad', ?, -1, 0)", args: [`fantasy_pool:${A.id}`] },
          { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('tx_bad', 'house', 1, 0)", args: [] },
        ],
        "write",
      ),
    ).rejects.toThrow(/ledger_accounts_wallet_nonneg_ck/);
  });
});
