/**
 * Fantasy contests as a book, through the API on a real database:
 * - a guarantee is a floor: a full 100 x 10.00 contest with a 900.00 guarantee pays 900.00, not
 *   1,800.00, and the house adds nothing; with fewer entries than places it still runs, each filled
 *   place is paid its advertised prize and no more, and the house pays the overlay up to that table;
 * - 12 entries in a non-guaranteed 100-entry contest are paid on a 1-place table, not the 10-place one;
 * - the multi-entry cap is refused with FANTASY.ENTRY_LIMIT_REACHED (409) and nothing written, also
 *   when entries race (the count is inside the entry write).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import {
  accountBalance, contestOf, createContestOk, enterOk, HOUR, lineupFor, MIN, poolBalance, runnerFor, transactionsOfKind,
} from "../fixtures/fantasy.ts";
import type { ContestResolution, FantasyContest, FantasyStandings } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let admin: Session;
let T0: number;
const at = (ms: number) => t.clock.set(new Date(T0 + ms));
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const base = () => ({ sportId: "fsp_nfl", startTime: iso(HOUR), endTime: iso(4 * HOUR), rakePercent: 10 });

const entriesOf = (contestId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ?", [contestId]);
const entriesBy = (contestId: string, s: Session) =>
  contestOf(s, contestId).then((c) => c.myEntries);
const adjustments = async (contestId: string) =>
  (
    await t.database.client.execute({
      sql: `SELECT p.account_id, p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
            WHERE x.kind = 'adjustment' AND x.reference = ? ORDER BY p.amount`,
      args: [contestId],
    })
  ).rows.map((r) => [String(r.account_id), Number(r.amount)]);

async function standingsOf(id: string) {
  const res = await admin.get(`/api/fantasy/contests/${id}/standings`);
  expect(res.status).toBe(200);
  return (await res.json()) as FantasyStandings;
}

/** `customers` demo customers each entering `each` times (different lineups). */
async function fill(contest: FantasyContest, customers: number, each: number): Promise<Session[]> {
  const out: Session[] = [];
  for (let c = 0; c < customers; c++) {
    const s = await demoLogin(t, "customer");
    for (let i = 0; i < each; i++) await enterOk(s, contest.id, await lineupFor(s, contest, c * each + i));
    out.push(s);
  }
  return out;
}

beforeAll(async () => {
  t = await makeTestApp();
  T0 = Math.ceil(Date.now() / MIN) * MIN;
  at(0);
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

describe("a guarantee is a floor, not an addition", () => {
  it("a full 100 x 10.00 contest with a 900.00 guarantee pays 900.00 in all (900 fees net of the 100.00 rake), the house adding nothing", async () => {
    const c = await createContestOk(admin, { ...base(), name: "Full GPP", entryFee: 1000, prizePool: 90_000, maxEntries: 100, maxEntriesPerUser: 10 });
    const houseBefore = await accountBalance(t.database, "house");
    const rakeBefore = await accountBalance(t.database, "fantasy_rake");
    const players = await fill(c, 10, 10);
    expect((await contestOf(admin, c.id)).prizePool).toBe(90_000);
    at(HOUR);
    await runnerFor(t).pass(); // locks it
    const res = await admin.post(`/api/admin/fantasy/contests/${c.id}/settle`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as ContestResolution;
    // Fees 100 x 1000 = 100000; rake 10% = 10000; pool max(90000, 90000) = 90000; overlay 0.
    expect(r).toMatchObject({ rake: 10_000, prizePool: 90_000, overlay: 0 });
    expect(r.payouts.reduce((s, p) => s + p.amount, 0)).toBe(90_000);
    // Never scored, so all 100 tie and share the 10 places' 90000 evenly: 900 each.
    expect(new Set(r.payouts.map((p) => p.amount))).toEqual(new Set([900]));
    for (const s of players) expect(await balanceOf(s)).toBe(100_000 - 10 * 1000 + 10 * 900);
    expect(await adjustments(c.id)).toEqual([]);
    expect(await accountBalance(t.database, "house")).toBe(houseBefore);
    expect(await accountBalance(t.database, "fantasy_rake")).toBe(rakeBefore! + 10_000);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  it("a guaranteed contest with one entry (below its minimum of 2) still runs; first place is paid its advertised 307.26, the house paying the 298.26 overlay", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Thin GPP", entryFee: 1000, prizePool: 90_000, maxEntries: 100, minEntries: 2 });
    const [s] = await fill(c, 1, 1);
    const houseBefore = await accountBalance(t.database, "house");
    at(HOUR);
    const report = (await runnerFor(t).pass())!;
    expect(report.locked).toContain(c.id);
    expect(report.cancelled).not.toContain(c.id);
    at(4 * HOUR);
    await runnerFor(t).pass(); // live
    const settled = (await runnerFor(t).pass())!;
    expect(settled.settled).toContain(c.id);
    // Fees 1000, rake 100, net 900. The advertised table: 10 places of the 900.00 guarantee, first
    // 34.14% = 307.26. One entrant fills one place: it gets 307.26 (not the whole 900.00), and the
    // house adds 307.26 - 9.00 = 298.26.
    expect((await contestOf(admin, c.id)).payoutTable[0]).toMatchObject({ place: 1, amount: 30_726 });
    expect(await adjustments(c.id)).toEqual([["house", -29_826], [`fantasy_pool:${c.id}`, 29_826]]);
    expect(await accountBalance(t.database, "house")).toBe(houseBefore! - 29_826);
    expect(await balanceOf(s)).toBe(100_000 - 1000 + 30_726);
    expect((await standingsOf(c.id)).standings.map((r) => r.payout)).toEqual([30_726]);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  it("a guaranteed contest with three entries pays 307.26 / 153.63 / 102.42, its advertised first three places, and no more", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Three GPP", entryFee: 1000, prizePool: 90_000, maxEntries: 100 });
    const advertised = (await contestOf(admin, c.id)).payoutTable.slice(0, 3).map((p) => p.amount);
    expect(advertised).toEqual([30_726, 15_363, 10_242]);
    const players = await fill(c, 3, 1);
    const houseBefore = await accountBalance(t.database, "house");
    at(HOUR);
    await runnerFor(t).pass(); // locked
    await runnerFor(t).pass(); // live, scored
    at(4 * HOUR);
    expect((await runnerFor(t).pass())!.settled).toContain(c.id);
    const st = (await standingsOf(c.id)).standings;
    // The three lineups score differently, so each takes its own place.
    expect(st.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(st.map((r) => r.payout)).toEqual([30_726, 15_363, 10_242]);
    // Fees 3000, rake 300, net 2700; paid 56331; the house's overlay 56331 - 2700 = 53631.
    expect(await adjustments(c.id)).toEqual([["house", -53_631], [`fantasy_pool:${c.id}`, 53_631]]);
    expect(await accountBalance(t.database, "house")).toBe(houseBefore! - 53_631);
    const paid = await Promise.all(players.map((p) => balanceOf(p)));
    expect(paid.map((b) => b - (100_000 - 1000)).sort((a, b) => b - a)).toEqual([30_726, 15_363, 10_242]);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  it("a guaranteed contest nobody entered is cancelled (nobody to pay) and moves no money", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Empty GPP", entryFee: 1000, prizePool: 50_000, maxEntries: 100 });
    at(HOUR);
    expect((await runnerFor(t).pass())!.cancelled).toContain(c.id);
    expect(await transactionsOfKind(t.database, "adjustment", c.id)).toBe(0);
    expect(await poolBalance(t.database, c.id)).toBe(0);
  });
});

describe("a non-guaranteed contest that did not fill pays a table scaled to its entries", () => {
  it("12 entries in a 100-entry contest at 10.00 pay one place: 108.00 to the top (shared only by a tie)", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Thin cash game", entryFee: 1000, maxEntries: 100, maxEntriesPerUser: 4 });
    expect(c.payoutPlaces).toBe(10);
    await fill(c, 3, 4);
    at(HOUR);
    await runnerFor(t).pass(); // locked
    await runnerFor(t).pass(); // live, scored
    at(4 * HOUR);
    expect((await runnerFor(t).pass())!.settled).toContain(c.id);
    // 12 x 1000 = 12000; rake 1200; pool 10800 on floor(10 x 12 / 100) = 1 place.
    const st = (await standingsOf(c.id)).standings;
    expect(st).toHaveLength(12);
    expect(st.reduce((s, r) => s + (r.payout ?? 0), 0)).toBe(10_800);
    const top = st.filter((r) => r.rank === 1);
    expect(st.filter((r) => (r.payout ?? 0) > 0).every((r) => r.rank === 1)).toBe(true);
    expect(top.reduce((s, r) => s + (r.payout ?? 0), 0)).toBe(10_800);
    expect(await adjustments(c.id)).toEqual([]);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    await expectLedgerBalanced(t.database);
  });
});

describe("the multi-entry cap", () => {
  it("is a term of the contest: 1 to max entries (400 otherwise), shown with the customer's own count", async () => {
    at(0);
    const bad = await admin.post("/api/admin/fantasy/contests", { ...base(), name: "Too many", maxEntries: 5, maxEntriesPerUser: 6 });
    await expectError(bad, 400, "REQUEST.INVALID");
    const zero = await admin.post("/api/admin/fantasy/contests", { ...base(), name: "None", maxEntries: 5, maxEntriesPerUser: 0 });
    await expectError(zero, 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests WHERE name IN ('Too many', 'None')")).toBe(0);
  });

  it("an entry past the cap is 409 FANTASY.ENTRY_LIMIT_REACHED and writes nothing (no entry, no fee, no count)", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Three max", entryFee: 500, maxEntries: 50, maxEntriesPerUser: 3 });
    const s = await demoLogin(t, "customer");
    for (let i = 0; i < 3; i++) await enterOk(s, c.id, await lineupFor(s, c, i));
    expect(await entriesBy(c.id, s)).toBe(3);
    const balance = await balanceOf(s);
    const fees = await transactionsOfKind(t.database, "contest_entry");
    const body = await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: await lineupFor(s, c, 7) }), 409, "FANTASY.ENTRY_LIMIT_REACHED");
    expect(body.error.details).toEqual({ maxEntriesPerUser: 3, entries: 3 });
    expect(await balanceOf(s)).toBe(balance);
    expect(await transactionsOfKind(t.database, "contest_entry")).toBe(fees);
    expect(await entriesOf(c.id)).toBe(3);
    expect((await contestOf(admin, c.id)).currentEntries).toBe(3);
    expect(await poolBalance(t.database, c.id)).toBe(1500);
    // Another customer is not affected by this one's cap.
    const other = await demoLogin(t, "customer");
    await enterOk(other, c.id, await lineupFor(other, c, 1));
  });

  it("entries sent at once are counted inside the write: with a cap of 2, five at once make exactly 2", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Two max race", entryFee: 300, maxEntries: 50, maxEntriesPerUser: 2 });
    const s = await demoLogin(t, "customer");
    const lineups = await Promise.all([0, 1, 2, 3, 4].map((i) => lineupFor(s, c, i)));
    const answers = await Promise.all(lineups.map((lineup) => s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 201)) await expectError(a, 409, "FANTASY.ENTRY_LIMIT_REACHED");
    expect(await entriesOf(c.id)).toBe(2);
    expect(await balanceOf(s)).toBe(100_000 - 600);
    expect(await poolBalance(t.database, c.id)).toBe(600);
    await expectLedgerBalanced(t.database);
  });

  it("a single-entry contest (the default) keeps answering a second entry with 409 FANTASY.ALREADY_ENTERED", async () => {
    at(0);
    const c = await createContestOk(admin, { ...base(), name: "Single", entryFee: 300, maxEntries: 50 });
    expect(c.maxEntriesPerUser).toBe(1);
    const s = await demoLogin(t, "customer");
    await enterOk(s, c.id, await lineupFor(s, c, 0));
    await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: await lineupFor(s, c, 1) }), 409, "FANTASY.ALREADY_ENTERED");
    expect(await entriesOf(c.id)).toBe(1);
  });
});
