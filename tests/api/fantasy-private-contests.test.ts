/**
 * Private contests (created with an invite code, the creator entered and charged like an entry),
 * lineup edits until the start time, My Contests and standings.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectInvalidFields, expectLedgerBalanced } from "../fixtures/builders.ts";
import { contestOf, enterOk, lineupFor, MIN, myEntries, poolBalance, transactionsOfKind, validLineup } from "../fixtures/fantasy.ts";
import type { FantasyContest, FantasyEntry, FantasyStandings, PrivateContestResponse } from "../../api/schemas/fantasy.ts";
import { expectNothingWritten, freshContest, inHours, useFantasyApp, snapshot } from "../fixtures/fantasy-entries.ts";

const t = useFantasyApp();

describe("private contests (POST /api/fantasy/contests)", () => {
  let creator: Session;
  let created: PrivateContestResponse;
  let lineup: string[];
  beforeAll(async () => {
    creator = await demoLogin(t, "customer");
    const sport = (await (await creator.get("/api/fantasy/contests/fc_nba_tonight")).json()) as FantasyContest;
    lineup = validLineup(t.nbaPlayers, sport.rosterPositions, sport.salaryCap, 1);
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
    const before = await snapshot(t, friend, created.contest.id);
    const lineup2 = validLineup(t.nbaPlayers, created.contest.rosterPositions, created.contest.salaryCap, 4);
    await expectError(await friend.post(`/api/fantasy/contests/${created.contest.id}/entries`, { lineup: lineup2 }), 403, "FANTASY.INVITE_CODE_REQUIRED");
    await expectError(
      await friend.post(`/api/fantasy/contests/${created.contest.id}/entries`, { lineup: lineup2, inviteCode: "WRONG123" }),
      403,
      "FANTASY.INVITE_CODE_REQUIRED",
    );
    await expectNothingWritten(t, friend, created.contest.id, before);
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
    await expectError(await t.admin.post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup }), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).post("/api/fantasy/contests", { sportId: "fsp_nba", name: "Bad One", entryFee: 500, startTime: inHours(3), lineup }), 401, "AUTH.REQUIRED");
    // More than the balance.
    const poor = await demoLogin(t, "customer");
    await enterOk(poor, (await freshContest(t.admin, { entryFee: 99_990 })).id, validLineup(t.nflPlayers, (await contestOf(poor, "fc_nfl_h2h")).rosterPositions, 50_000));
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
    const c = await freshContest(t.admin, { startTime: inHours(1) });
    const s = await demoLogin(t, "customer");
    const { entry } = await enterOk(s, c.id, validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, 0));
    const balance = await balanceOf(s);
    const next = validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, 5);
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
    await expectError(await t.admin.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: next }), 403, "AUTH.FORBIDDEN");

    // From the start time the lineup is locked.
    t.clock.set(new Date(c.startTime));
    try {
      await expectError(
        await s.request("PUT", `/api/fantasy/entries/${entry.id}`, { lineup: validLineup(t.nflPlayers, c.rosterPositions, c.salaryCap, 2) }),
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
    expect(await myEntries(t.admin)).toEqual([]);
    const s = await demoLogin(t, "customer");
    expect(await myEntries(s)).toEqual([]);
  });

  it("standings list entrants by first name and initial, mark mine, rank 1 for all before scoring", async () => {
    const c = await freshContest(t.admin);
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
