/**
 * Entering contests: the fee moves wallet → contest pool in one write; every refusal (role, gate,
 * closed, started, full, already entered, each lineup rule, insufficient funds) writes nothing.
 * Private contests, lineup edits, My Contests and standings are tests/api/fantasy-private-contests.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey } from "../fixtures/builders.ts";
import { contestOf, enterOk, MIN, myEntries, poolBalance, transactionsOfKind, validLineup } from "../fixtures/fantasy.ts";
import type { FantasyContest } from "../../api/schemas/fantasy.ts";
import { entriesOf, expectNothingWritten, freshContest, inHours, useFantasyApp, snapshot } from "../fixtures/fantasy-entries.ts";

const t = useFantasyApp();

describe("POST /api/fantasy/contests/{id}/entries", () => {
  it("a valid lineup enters: fee wallet → pool in one contest_entry transaction, the entry listed in My Contests", async () => {
    const c = await freshContest(t.admin);
    const s = await demoLogin(t, "customer");
    const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, 3);
    const out = await enterOk(s, c.id, [...lineup].reverse());
    expect(out.balance).toBe(100_000 - 1500);
    expect(await balanceOf(s)).toBe(98_500);
    expect(await poolBalance(t.database, c.id)).toBe(1500);
    expect(await transactionsOfKind(t.database, "contest_entry", out.entry.id)).toBe(1);
    expect(out.entry).toMatchObject({ contestId: c.id, status: "active", editable: true, points: 0, rank: null, payout: null, entryFee: 1500 });
    // Returned in slot order, whatever order was sent.
    expect(out.entry.lineup.map((p) => p.slot)).toEqual(c.rosterPositions.map((r) => r.slot));
    expect(new Set(out.entry.lineup.map((p) => p.playerId))).toEqual(new Set(lineup));
    expect(out.entry.salaryUsed).toBe(out.entry.lineup.reduce((sum, p) => sum + p.salary, 0));
    expect(out.entry.salaryUsed).toBeLessThanOrEqual(c.salaryCap);
    const after = await contestOf(s, c.id);
    expect(after).toMatchObject({ currentEntries: 1, entered: true, prizePool: 1500 - 150 });
    const mine = await myEntries(s);
    expect(mine.map((e) => e.id)).toEqual([out.entry.id]);
    await expectLedgerBalanced(t.database);
  });

  it("a free contest takes entries without any ledger movement", async () => {
    const c = await freshContest(t.admin, { entryFee: 0 });
    const s = await demoLogin(t, "customer");
    const out = await enterOk(s, c.id, validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap));
    expect(out.balance).toBe(100_000);
    expect(await transactionsOfKind(t.database, "contest_entry", out.entry.id)).toBe(0);
  });

  it("only customers: anonymous 401, admin and trader 403, nothing written", async () => {
    const c = await freshContest(t.admin);
    const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
    await expectError(await new Session(t).post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 401, "AUTH.REQUIRED");
    await expectError(await t.admin.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "AUTH.FORBIDDEN");
    await expectError(await (await demoLogin(t, "trader")).post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "AUTH.FORBIDDEN");
    expect(await entriesOf(t, c.id)).toBe(0);
    await expectError(await (await demoLogin(t, "customer")).post("/api/fantasy/contests/fc_nope/entries", { lineup }), 404, "FANTASY.CONTEST_NOT_FOUND");
  });

  it("a body that is not a lineup is 400 REQUEST.INVALID", async () => {
    const s = await demoLogin(t, "customer");
    await expectInvalidFields(await s.post("/api/fantasy/contests/fc_nfl_h2h/entries", {}), "lineup");
    await expectInvalidFields(await s.post("/api/fantasy/contests/fc_nfl_h2h/entries", { lineup: [] }), "lineup");
    await expectInvalidFields(await s.post("/api/fantasy/contests/fc_nfl_h2h/entries", { lineup: "p1,p2" }), "lineup");
    await expectUnknownKey(await s.post("/api/fantasy/contests/fc_nfl_h2h/entries", { lineup: ["x"], stake: 5 }), "stake");
  });

  describe("invalid lineups are refused with their own code and nothing is written", () => {
    let c: FantasyContest;
    let s: Session;
    let good: string[];
    beforeAll(async () => {
      c = await freshContest(t.admin);
      s = await demoLogin(t, "customer");
      good = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
    });
    const attempt = async (lineup: string[], code: string) => {
      const before = await snapshot(t, s, c.id);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 400, code);
      await expectNothingWritten(t, s, c.id, before);
    };
    it("too few or too many players: FANTASY.LINEUP_SIZE", async () => {
      await attempt(good.slice(1), "FANTASY.LINEUP_SIZE");
      const extra = t.nflPlayers.find((p) => !good.includes(p.id) && p.injuryStatus !== "out")!;
      await attempt([...good, extra.id], "FANTASY.LINEUP_SIZE");
    });
    it("a player twice: FANTASY.DUPLICATE_PLAYER", async () => {
      await attempt([...good.slice(0, -1), good[0]], "FANTASY.DUPLICATE_PLAYER");
    });
    it("an unknown player: FANTASY.PLAYER_NOT_FOUND", async () => {
      await attempt([...good.slice(0, -1), "fpl_nobody"], "FANTASY.PLAYER_NOT_FOUND");
    });
    it("a player of another sport: FANTASY.PLAYER_WRONG_SPORT", async () => {
      await attempt([...good.slice(0, -1), t.nbaPlayers[0].id], "FANTASY.PLAYER_WRONG_SPORT");
    });
    it("a player ruled out injured: FANTASY.PLAYER_OUT", async () => {
      const out = t.nflPlayers.find((p) => p.injuryStatus === "out")!;
      const slot = c.rosterPositions.findIndex((r) => r.eligible.includes(out.position));
      const lineup = [...good];
      lineup[slot] = out.id;
      await attempt(lineup, "FANTASY.PLAYER_OUT");
    });
    it("positions that do not fill the roster (two quarterbacks): FANTASY.POSITIONS_UNFILLED", async () => {
      const qbs = t.nflPlayers.filter((p) => p.position === "QB").sort((a, b) => a.salary - b.salary);
      const secondQb = qbs.find((p) => !good.includes(p.id))!;
      const dst = c.rosterPositions.findIndex((r) => r.slot === "DST");
      const lineup = [...good];
      lineup[dst] = secondQb.id;
      await attempt(lineup, "FANTASY.POSITIONS_UNFILLED");
    });
    it("over the salary cap: FANTASY.SALARY_CAP_EXCEEDED", async () => {
      // The most expensive eligible player for each slot.
      const byCost = [...t.nflPlayers].filter((p) => p.injuryStatus !== "out").sort((a, b) => b.salary - a.salary);
      const used = new Set<string>();
      const rich = c.rosterPositions.map((r) => {
        const p = byCost.find((x) => !used.has(x.id) && r.eligible.includes(x.position))!;
        used.add(p.id);
        return p.id;
      });
      const res = await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: rich });
      const body = await expectError(res, 400, "FANTASY.SALARY_CAP_EXCEEDED");
      expect(body.error.details).toMatchObject({ salaryCap: 50000 });
      expect(Number(body.error.details!.salaryUsed)).toBeGreaterThan(50000);
    });
  });

  it("a second entry by the same customer is 409 FANTASY.ALREADY_ENTERED and charges nothing", async () => {
    const c = await freshContest(t.admin);
    const s = await demoLogin(t, "customer");
    await enterOk(s, c.id, validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap));
    const before = await snapshot(t, s, c.id);
    await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, 2) }), 409, "FANTASY.ALREADY_ENTERED");
    await expectNothingWritten(t, s, c.id, before);
  });

  it("a full contest is 409 FANTASY.CONTEST_FULL, including when customers race for the last place", async () => {
    const c = await freshContest(t.admin, { maxEntries: 3, minEntries: 2 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => demoLogin(t, "customer")));
    const results = await Promise.all(
      customers.map((s, i) => s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, i) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) await expectError(r, 409, "FANTASY.CONTEST_FULL");
    expect(await entriesOf(t, c.id)).toBe(3);
    expect((await contestOf(t.admin, c.id)).currentEntries).toBe(3);
    expect(await poolBalance(t.database, c.id)).toBe(3 * 1500);
    const charged = await Promise.all(customers.map(balanceOf));
    expect(charged.filter((b) => b === 98_500)).toHaveLength(3);
    expect(charged.filter((b) => b === 100_000)).toHaveLength(3);
    await expectLedgerBalanced(t.database);
  });

  it("at and after the start time entries are refused (409 FANTASY.CONTEST_STARTED)", async () => {
    const c = await freshContest(t.admin, { startTime: inHours(1) });
    const s = await demoLogin(t, "customer");
    const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
    const before = await snapshot(t, s, c.id);
    t.clock.set(new Date(c.startTime));
    try {
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 409, "FANTASY.CONTEST_STARTED");
      t.clock.set(new Date(new Date(c.startTime).getTime() + MIN));
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 409, "FANTASY.CONTEST_STARTED");
    } finally {
      t.clock.set(null as unknown as Date);
    }
    await expectNothingWritten(t, s, c.id, before);
  });

  it("a contest that is no longer open is refused (409 FANTASY.CONTEST_CLOSED)", async () => {
    const c = await freshContest(t.admin);
    expect((await t.admin.post(`/api/admin/fantasy/contests/${c.id}/cancel`)).status).toBe(200);
    const s = await demoLogin(t, "customer");
    await expectError(
      await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap) }),
      409,
      "FANTASY.CONTEST_CLOSED",
    );
  });

  it("a fee above the balance is 409 FANTASY.INSUFFICIENT_FUNDS, refused by the database, nothing written", async () => {
    const c = await freshContest(t.admin, { entryFee: 100_001 });
    const s = await demoLogin(t, "customer");
    const before = await snapshot(t, s, c.id);
    await expectError(
      await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap) }),
      409,
      "FANTASY.INSUFFICIENT_FUNDS",
    );
    await expectNothingWritten(t, s, c.id, before);
    // Exactly the balance is fine.
    const exact = await freshContest(t.admin, { entryFee: 100_000 });
    expect((await enterOk(s, exact.id, validLineup(t.nflPlayers, exact.rosterPositions, exact.salaryCap))).balance).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  describe("gating, as for bets", () => {
    it("verification below basic: 403 KYC.LEVEL_REQUIRED, nothing written; basic is enough", async () => {
      const c = await freshContest(t.admin);
      const s = await demoLogin(t, "customer");
      const id = await currentUserId(s);
      await t.database.client.execute({ sql: "UPDATE users SET verification_level = 'none' WHERE id = ?", args: [id] });
      const before = await snapshot(t, s, c.id);
      const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
      const body = await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "KYC.LEVEL_REQUIRED");
      expect(body.error.details).toMatchObject({ required: "basic", current: "none" });
      await expectError(
        await s.post("/api/fantasy/contests", { sportId: "fsp_nfl", name: "Mine", entryFee: 100, startTime: inHours(2), lineup }),
        403,
        "KYC.LEVEL_REQUIRED",
      );
      await expectNothingWritten(t, s, c.id, before);
      await t.database.client.execute({ sql: "UPDATE users SET verification_level = 'basic' WHERE id = ?", args: [id] });
      await enterOk(s, c.id, lineup);
    });

    it("a suspended account is refused (403 AUTH.ACCOUNT_SUSPENDED) and nothing is written", async () => {
      const c = await freshContest(t.admin);
      const s = await demoLogin(t, "customer");
      const id = await currentUserId(s);
      const before = await snapshot(t, s, c.id);
      await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [id] });
      await expectError(
        await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap) }),
        403,
        "AUTH.ACCOUNT_SUSPENDED",
      );
      await t.database.client.execute({ sql: "UPDATE users SET is_active = 1 WHERE id = ?", args: [id] });
      await expectNothingWritten(t, s, c.id, before);
    });

    it("a self-excluded customer (or one on a time-out) is refused: 403 RG.SELF_EXCLUDED, nothing written", async () => {
      const c = await freshContest(t.admin);
      const s = await demoLogin(t, "customer");
      const before = await snapshot(t, s, c.id);
      expect((await s.post("/api/responsible/break", {})).status).toBe(200);
      const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "RG.SELF_EXCLUDED");
      await expectNothingWritten(t, s, c.id, before);
    });

    it("an entry fee that would take net losses past the daily loss limit is refused: 422 RG.LOSS_LIMIT", async () => {
      const c = await freshContest(t.admin, { entryFee: 1500 });
      const s = await demoLogin(t, "customer");
      expect((await s.request("PUT", "/api/responsible/limits", { type: "loss", period: "daily", amount: 1000 })).status).toBe(200);
      const before = await snapshot(t, s, c.id);
      const lineup = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 422, "RG.LOSS_LIMIT");
      await expectNothingWritten(t, s, c.id, before);
    });
  });
});

