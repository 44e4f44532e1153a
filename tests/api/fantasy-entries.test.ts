/**
 * Entering contests: the fee moves wallet → contest pool in one write; every refusal (role, gate,
 * private contest, closed, started, full, already entered, each lineup rule, insufficient funds)
 * writes nothing. Private contests, lineup edits until the start, My Contests and standings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey } from "../fixtures/builders.ts";
import {
  contestOf, createContestOk, enterOk, HOUR, lineupFor, MIN, myEntries, playersOf, poolBalance, transactionsOfKind, validLineup,
} from "../fixtures/fantasy.ts";
import type { FantasyContest, FantasyEntry, FantasyPlayer, FantasyStandings, PrivateContestResponse } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let admin: Session;
let nflPlayers: FantasyPlayer[];
let nbaPlayers: FantasyPlayer[];
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  nflPlayers = await playersOf(admin, "fsp_nfl");
  nbaPlayers = await playersOf(admin, "fsp_nba");
});
afterAll(() => t.close());

const entriesOf = (contestId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ?", [contestId]);

/** Nothing about this contest or this customer's money changed. */
async function expectNothingWritten(s: Session, contestId: string, before: { balance: number; entries: number; pool: number | null }) {
  expect(await balanceOf(s)).toBe(before.balance);
  expect(await entriesOf(contestId)).toBe(before.entries);
  expect(await poolBalance(t.database, contestId)).toBe(before.pool);
  expect((await contestOf(s, contestId)).currentEntries).toBe(before.entries);
}
async function snapshot(s: Session, contestId: string) {
  return { balance: await balanceOf(s), entries: await entriesOf(contestId), pool: await poolBalance(t.database, contestId) };
}

async function freshContest(body: Record<string, unknown> = {}): Promise<FantasyContest> {
  return createContestOk(admin, { sportId: "fsp_nfl", name: `NFL Test ${Math.random().toString(36).slice(2, 7)}`, entryFee: 1500, maxEntries: 20, startTime: inHours(2), ...body });
}

describe("POST /api/fantasy/contests/{id}/entries", () => {
  it("a valid lineup enters: fee wallet → pool in one contest_entry transaction, the entry listed in My Contests", async () => {
    const c = await freshContest();
    const s = await demoLogin(t, "customer");
    const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap, 3);
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
    const c = await freshContest({ entryFee: 0 });
    const s = await demoLogin(t, "customer");
    const out = await enterOk(s, c.id, validLineup(nflPlayers, c.rosterPositions, c.salaryCap));
    expect(out.balance).toBe(100_000);
    expect(await transactionsOfKind(t.database, "contest_entry", out.entry.id)).toBe(0);
  });

  it("only customers: anonymous 401, admin and trader 403, nothing written", async () => {
    const c = await freshContest();
    const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
    await expectError(await new Session(t).post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 401, "AUTH.REQUIRED");
    await expectError(await admin.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "AUTH.FORBIDDEN");
    await expectError(await (await demoLogin(t, "trader")).post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "AUTH.FORBIDDEN");
    expect(await entriesOf(c.id)).toBe(0);
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
      c = await freshContest();
      s = await demoLogin(t, "customer");
      good = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
    });
    const attempt = async (lineup: string[], code: string) => {
      const before = await snapshot(s, c.id);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 400, code);
      await expectNothingWritten(s, c.id, before);
    };
    it("too few or too many players: FANTASY.LINEUP_SIZE", async () => {
      await attempt(good.slice(1), "FANTASY.LINEUP_SIZE");
      const extra = nflPlayers.find((p) => !good.includes(p.id) && p.injuryStatus !== "out")!;
      await attempt([...good, extra.id], "FANTASY.LINEUP_SIZE");
    });
    it("a player twice: FANTASY.DUPLICATE_PLAYER", async () => {
      await attempt([...good.slice(0, -1), good[0]], "FANTASY.DUPLICATE_PLAYER");
    });
    it("an unknown player: FANTASY.PLAYER_NOT_FOUND", async () => {
      await attempt([...good.slice(0, -1), "fpl_nobody"], "FANTASY.PLAYER_NOT_FOUND");
    });
    it("a player of another sport: FANTASY.PLAYER_WRONG_SPORT", async () => {
      await attempt([...good.slice(0, -1), nbaPlayers[0].id], "FANTASY.PLAYER_WRONG_SPORT");
    });
    it("a player ruled out injured: FANTASY.PLAYER_OUT", async () => {
      const out = nflPlayers.find((p) => p.injuryStatus === "out")!;
      const slot = c.rosterPositions.findIndex((r) => r.eligible.includes(out.position));
      const lineup = [...good];
      lineup[slot] = out.id;
      await attempt(lineup, "FANTASY.PLAYER_OUT");
    });
    it("positions that do not fill the roster (two quarterbacks): FANTASY.POSITIONS_UNFILLED", async () => {
      const qbs = nflPlayers.filter((p) => p.position === "QB").sort((a, b) => a.salary - b.salary);
      const secondQb = qbs.find((p) => !good.includes(p.id))!;
      const dst = c.rosterPositions.findIndex((r) => r.slot === "DST");
      const lineup = [...good];
      lineup[dst] = secondQb.id;
      await attempt(lineup, "FANTASY.POSITIONS_UNFILLED");
    });
    it("over the salary cap: FANTASY.SALARY_CAP_EXCEEDED", async () => {
      // The most expensive eligible player for each slot.
      const byCost = [...nflPlayers].filter((p) => p.injuryStatus !== "out").sort((a, b) => b.salary - a.salary);
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
    const c = await freshContest();
    const s = await demoLogin(t, "customer");
    await enterOk(s, c.id, validLineup(nflPlayers, c.rosterPositions, c.salaryCap));
    const before = await snapshot(s, c.id);
    await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap, 2) }), 409, "FANTASY.ALREADY_ENTERED");
    await expectNothingWritten(s, c.id, before);
  });

  it("a full contest is 409 FANTASY.CONTEST_FULL, including when customers race for the last place", async () => {
    const c = await freshContest({ maxEntries: 3, minEntries: 2 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => demoLogin(t, "customer")));
    const results = await Promise.all(
      customers.map((s, i) => s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap, i) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) await expectError(r, 409, "FANTASY.CONTEST_FULL");
    expect(await entriesOf(c.id)).toBe(3);
    expect((await contestOf(admin, c.id)).currentEntries).toBe(3);
    expect(await poolBalance(t.database, c.id)).toBe(3 * 1500);
    const charged = await Promise.all(customers.map(balanceOf));
    expect(charged.filter((b) => b === 98_500)).toHaveLength(3);
    expect(charged.filter((b) => b === 100_000)).toHaveLength(3);
    await expectLedgerBalanced(t.database);
  });

  it("at and after the start time entries are refused (409 FANTASY.CONTEST_STARTED)", async () => {
    const c = await freshContest({ startTime: inHours(1) });
    const s = await demoLogin(t, "customer");
    const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
    const before = await snapshot(s, c.id);
    t.clock.set(new Date(c.startTime));
    try {
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 409, "FANTASY.CONTEST_STARTED");
      t.clock.set(new Date(new Date(c.startTime).getTime() + MIN));
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 409, "FANTASY.CONTEST_STARTED");
    } finally {
      t.clock.set(null as unknown as Date);
    }
    await expectNothingWritten(s, c.id, before);
  });

  it("a contest that is no longer open is refused (409 FANTASY.CONTEST_CLOSED)", async () => {
    const c = await freshContest();
    expect((await admin.post(`/api/admin/fantasy/contests/${c.id}/cancel`)).status).toBe(200);
    const s = await demoLogin(t, "customer");
    await expectError(
      await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap) }),
      409,
      "FANTASY.CONTEST_CLOSED",
    );
  });

  it("a fee above the balance is 409 FANTASY.INSUFFICIENT_FUNDS, refused by the database, nothing written", async () => {
    const c = await freshContest({ entryFee: 100_001 });
    const s = await demoLogin(t, "customer");
    const before = await snapshot(s, c.id);
    await expectError(
      await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap) }),
      409,
      "FANTASY.INSUFFICIENT_FUNDS",
    );
    await expectNothingWritten(s, c.id, before);
    // Exactly the balance is fine.
    const exact = await freshContest({ entryFee: 100_000 });
    expect((await enterOk(s, exact.id, validLineup(nflPlayers, exact.rosterPositions, exact.salaryCap))).balance).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  describe("gating, as for bets", () => {
    it("verification below basic: 403 KYC.LEVEL_REQUIRED, nothing written; basic is enough", async () => {
      const c = await freshContest();
      const s = await demoLogin(t, "customer");
      const id = await currentUserId(s);
      await t.database.client.execute({ sql: "UPDATE users SET verification_level = 'none' WHERE id = ?", args: [id] });
      const before = await snapshot(s, c.id);
      const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
      const body = await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "KYC.LEVEL_REQUIRED");
      expect(body.error.details).toMatchObject({ required: "basic", current: "none" });
      await expectError(
        await s.post("/api/fantasy/contests", { sportId: "fsp_nfl", name: "Mine", entryFee: 100, startTime: inHours(2), lineup }),
        403,
        "KYC.LEVEL_REQUIRED",
      );
      await expectNothingWritten(s, c.id, before);
      await t.database.client.execute({ sql: "UPDATE users SET verification_level = 'basic' WHERE id = ?", args: [id] });
      await enterOk(s, c.id, lineup);
    });

    it("a suspended account is refused (403 AUTH.ACCOUNT_SUSPENDED) and nothing is written", async () => {
      const c = await freshContest();
      const s = await demoLogin(t, "customer");
      const id = await currentUserId(s);
      const before = await snapshot(s, c.id);
      await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [id] });
      await expectError(
        await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap) }),
        403,
        "AUTH.ACCOUNT_SUSPENDED",
      );
      await t.database.client.execute({ sql: "UPDATE users SET is_active = 1 WHERE id = ?", args: [id] });
      await expectNothingWritten(s, c.id, before);
    });

    it("a self-excluded customer (or one on a time-out) is refused: 403 RG.SELF_EXCLUDED, nothing written", async () => {
      const c = await freshContest();
      const s = await demoLogin(t, "customer");
      const before = await snapshot(s, c.id);
      expect((await s.post("/api/responsible/break", {})).status).toBe(200);
      const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 403, "RG.SELF_EXCLUDED");
      await expectNothingWritten(s, c.id, before);
    });

    it("an entry fee that would take net losses past the daily loss limit is refused: 422 RG.LOSS_LIMIT", async () => {
      const c = await freshContest({ entryFee: 1500 });
      const s = await demoLogin(t, "customer");
      expect((await s.request("PUT", "/api/responsible/limits", { type: "loss", period: "daily", amount: 1000 })).status).toBe(200);
      const before = await snapshot(s, c.id);
      const lineup = validLineup(nflPlayers, c.rosterPositions, c.salaryCap);
      await expectError(await s.post(`/api/fantasy/contests/${c.id}/entries`, { lineup }), 422, "RG.LOSS_LIMIT");
      await expectNothingWritten(s, c.id, before);
    });
  });
});

describe("private contests (POST /api/fantasy/contests)", () => {
  let creator: Session;
  let created: PrivateContestResponse;
  let lineup: string[];
  beforeAll(async () => {
    creator = await demoLogin(t, "customer");
    const sport = (await (await creator.get("/api/fantasy/contests/fc_nba_tonight")).json()) as FantasyContest;
    lineup = validLineup(nbaPlayers, sport.rosterPositions, sport.salaryCap, 1);
    const res = await creator.post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Friday Hoops Mates", entryFee: 2000, maxEntries: 6, startTime: inHours(3), lineup });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    created = JSON.parse(text) as PrivateContestResponse;
  });

  it("creates the contest with an invite code, enters the creator and charges the fee like an entry", async () => {
    expect(created.contest).toMatchObject({ isPrivate: true, type: "private", entryFee: 2000, maxEntries: 6, minEntries: 2, currentEntries: 1, entered: true, status: "open" });
    expect(created.contest.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(created.balance).toBe(98_000);
    expect(created.entry).toMatchObject({ contestId: created.contest.id, status: "active" });
    expect(await poolBalance(t.database, created.contest.id)).toBe(2000);
    expect(await transactionsOfKind(t.database, "contest_entry", created.entry.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("only the creator sees the invite code", async () => {
    expect((await contestOf(creator, created.contest.id)).inviteCode).toBe(created.contest.inviteCode);
    expect((await contestOf(new Session(t), created.contest.id)).inviteCode).toBeNull();
    const other = await demoLogin(t, "customer");
    const listed = ((await (await other.get("/api/fantasy/contests")).json()) as FantasyContest[]).find((c) => c.id === created.contest.id)!;
    expect(listed.isPrivate).toBe(true);
    expect(listed.inviteCode).toBeNull();
  });

  it("others need the invite code: missing or wrong is 403 FANTASY.INVITE_CODE_REQUIRED; the right one (any case) enters", async () => {
    const friend = await demoLogin(t, "customer");
    const before = await snapshot(friend, created.contest.id);
    const lineup2 = validLineup(nbaPlayers, created.contest.rosterPositions, created.contest.salaryCap, 4);
    await expectError(await friend.post(`/api/fantasy/contests/${created.contest.id}/entries`, { lineup: lineup2 }), 403, "FANTASY.INVITE_CODE_REQUIRED");
    await expectError(
      await friend.post(`/api/fantasy/contests/${created.contest.id}/entries`, { lineup: lineup2, inviteCode: "WRONG123" }),
      403,
      "FANTASY.INVITE_CODE_REQUIRED",
    );
    await expectNothingWritten(friend, created.contest.id, before);
    const out = await enterOk(friend, created.contest.id, lineup2, created.contest.inviteCode!.toLowerCase());
    expect(out.balance).toBe(98_000);
    expect(await poolBalance(t.database, created.contest.id)).toBe(4000);
  });

  it("refuses bad input without writing: lineup, schedule, fee and size bounds, role", async () => {
    const s = await demoLogin(t, "customer");
    const post = (b: Record<string, unknown>) =>
      s.post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup, ...b });
    const count = () => countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests WHERE name = 'Bad One'");
    await expectError(await post({ lineup: lineup.slice(1) }), 400, "FANTASY.LINEUP_SIZE");
    await expectError(await post({ startTime: new Date(Date.now() + 2 * MIN).toISOString() }), 400, "FANTASY.INVALID_SCHEDULE");
    await expectError(await post({ startTime: inHours(24 * 31) }), 400, "FANTASY.INVALID_SCHEDULE");
    await expectError(await post({ endTime: inHours(2) }), 400, "FANTASY.INVALID_SCHEDULE");
    await expectInvalidFields(await post({ entryFee: 100_001 }), "entryFee");
    await expectInvalidFields(await post({ entryFee: -1 }), "entryFee");
    await expectInvalidFields(await post({ maxEntries: 1 }), "maxEntries");
    await expectInvalidFields(await post({ maxEntries: 101 }), "maxEntries");
    await expectInvalidFields(await post({ name: "" }), "name");
    await expectError(await post({ sportId: "fsp_nope" }), 404, "FANTASY.SPORT_NOT_FOUND");
    await expectError(await admin.post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup }), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup }), 401, "AUTH.REQUIRED");
    // More than the balance.
    const poor = await demoLogin(t, "customer");
    await enterOk(poor, (await freshContest({ entryFee: 99_990 })).id, validLineup(nflPlayers, (await contestOf(poor, "fc_nfl_h2h")).rosterPositions, 50_000));
    await expectError(
      await poor.post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup }),
      409,
      "FANTASY.INSUFFICIENT_FUNDS",
    );
    expect(await count()).toBe(0);
    await expectLedgerBalanced(t.database);
  });
});

describe("PUT /api/fantasy/entries/{entryId}", () => {
  it("changes the lineup until the start time; no money moves", async () => {
    const c = await freshContest({ startTime: inHours(1) });
    const s = await demoLogin(t, "customer");
    const { entry } = await enterOk(s, c.id, validLineup(nflPlayers, c.rosterPositions, c.salaryCap, 0));
    const balance = await balanceOf(s);
    const next = validLineup(nflPlayers, c.rosterPositions, c.salaryCap, 5);
    const res = await s.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as FantasyEntry;
    expect(new Set(edited.lineup.map((p) => p.playerId))).toEqual(new Set(next));
    expect(edited.editable).toBe(true);
    expect(await balanceOf(s)).toBe(balance);
    expect((await myEntries(s))[0].lineup.map((p) => p.playerId).sort()).toEqual([...next].sort());

    // Invalid lineups are refused like entries.
    await expectError(await s.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next.slice(1) }), 400, "FANTASY.LINEUP_SIZE");
    // Someone else's entry looks missing; so does an unknown id.
    const other = await demoLogin(t, "customer");
    await expectError(await other.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next }), 404, "FANTASY.ENTRY_NOT_FOUND");
    await expectError(await s.request("PUT", "/api/fantasy/entries/fe_nope", { lineup: next }), 404, "FANTASY.ENTRY_NOT_FOUND");
    await expectError(await new Session(t).request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next }), 401, "AUTH.REQUIRED");
    await expectError(await admin.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next }), 403, "AUTH.FORBIDDEN");

    // From the start time the lineup is locked.
    t.clock.set(new Date(c.startTime));
    try {
      await expectError(
        await s.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: validLineup(nflPlayers, c.rosterPositions, c.salaryCap, 2) }),
        409,
        "FANTASY.CONTEST_STARTED",
      );
      expect((await myEntries(s))[0].editable).toBe(false);
    } finally {
      t.clock.set(null as unknown as Date);
    }
    expect((await myEntries(s))[0].lineup.map((p) => p.playerId).sort()).toEqual([...next].sort());
  });
});

describe("GET /api/fantasy/my/entries and standings", () => {
  it("My Contests needs a session; staff have none; customers see theirs only", async () => {
    await expectError(await new Session(t).get("/api/fantasy/my/entries"), 401, "AUTH.REQUIRED");
    expect(await myEntries(admin)).toEqual([]);
    const s = await demoLogin(t, "customer");
    expect(await myEntries(s)).toEqual([]);
  });

  it("standings list entrants by first name and initial, mark mine, rank 1 for all before scoring", async () => {
    const c = await freshContest();
    const a = await demoLogin(t, "customer");
    const b = await demoLogin(t, "customer");
    await enterOk(a, c.id, await lineupFor(a, c, 1));
    await enterOk(b, c.id, await lineupFor(b, c, 2));
    const res = await a.get(`/api/fantasy/contests/${c.id}/standings`);
    expect(res.status).toBe(200);
    const st = (await res.json()) as FantasyStandings;
    expect(st.contest.entered).toBe(true);
    expect(st.standings).toHaveLength(2);
    expect(st.standings.map((r) => [r.rank, r.name, r.points, r.payout])).toEqual([[1, "Demo C.", 0, null], [1, "Demo C.", 0, null]]);
    expect(st.standings.filter((r) => r.mine)).toHaveLength(1);
  });
});
