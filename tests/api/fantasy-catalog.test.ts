/**
 * Fantasy management: the public lists (sports, leagues, contests with filters, players) and the
 * operator's create routes with their authorization, validation bounds, audit records and, for a
 * guaranteed prize, the ledger movement into the contest's pool.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey } from "../fixtures/builders.ts";
import { createContestOk, HOUR, MIN, poolBalance, transactionsOfKind } from "../fixtures/fantasy.ts";
import type { FantasyContest, FantasyLeague, FantasyPlayer, FantasySport } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let anon: Session;
let admin: Session;
let customer: Session;
let trader: Session;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

beforeAll(async () => {
  t = await makeTestApp();
  anon = new Session(t);
  [admin, customer, trader] = await Promise.all([demoLogin(t, "admin"), demoLogin(t, "customer"), demoLogin(t, "trader")]);
});
afterAll(() => t.close());

const auditCount = (action: string, entityId: string) =>
  countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = ? AND entity_id = ?", [action, entityId]);

describe("public lists", () => {
  it("GET /api/fantasy/sports: the seeded sports with roster, cap, positions and counts, to anyone", async () => {
    const res = await anon.get("/api/fantasy/sports");
    expect(res.status).toBe(200);
    const sports = (await res.json()) as FantasySport[];
    const nfl = sports.find((s) => s.id === "fsp_nfl")!;
    expect(sports.map((s) => s.name).sort()).toEqual(expect.arrayContaining(["AFL", "NBA", "NFL", "Soccer"]));
    expect(nfl).toMatchObject({ name: "NFL", season: "2025", status: "active", salaryCap: 50000, positions: ["QB", "RB", "WR", "TE", "DST"] });
    expect(nfl.rosterPositions.map((r) => r.slot)).toEqual(["QB", "RB", "RB", "WR", "WR", "WR", "TE", "FLEX", "DST"]);
    for (const s of sports.filter((x) => x.id.startsWith("fsp_"))) {
      expect(s.playerCount).toBeGreaterThanOrEqual(20);
      expect(s.playerCount).toBeLessThanOrEqual(40);
      expect(s.contestCount).toBeGreaterThanOrEqual(2);
      expect(s.leagueCount).toBeGreaterThanOrEqual(1);
    }
    expect(((await (await anon.get("/api/fantasy/sports?status=completed")).json()) as unknown[]).length).toBe(0);
    await expectInvalidFields(await anon.get("/api/fantasy/sports?status=sideways"), "status");
  });

  it("GET /api/fantasy/leagues: every league with its sport's name; ?sportId filters", async () => {
    const all = (await (await anon.get("/api/fantasy/leagues")).json()) as FantasyLeague[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const nfl = (await (await anon.get("/api/fantasy/leagues?sportId=fsp_nfl")).json()) as FantasyLeague[];
    expect(nfl.length).toBe(2);
    expect(nfl.every((l) => l.sportId === "fsp_nfl" && l.sportName === "NFL" && l.type === "season_long")).toBe(true);
  });

  it("GET /api/fantasy/contests: open contests of several sizes in the future, with TOP N and the prize pool", async () => {
    const res = await anon.get("/api/fantasy/contests?status=open");
    expect(res.status).toBe(200);
    const contests = (await res.json()) as FantasyContest[];
    expect(contests.length).toBeGreaterThanOrEqual(8);
    expect(new Set(contests.map((c) => c.maxEntries)).size).toBeGreaterThanOrEqual(5);
    for (const c of contests) {
      expect(c.status).toBe("open");
      expect(new Date(c.startTime).getTime()).toBeGreaterThan(Date.now());
      expect(c.payoutPlaces).toBe(Math.max(1, Math.floor(c.maxEntries / 10)));
      expect(c.payoutTable.reduce((s, p) => s + p.shareBp, 0)).toBe(10000);
      expect(c.payoutTable.reduce((s, p) => s + p.amount, 0)).toBe(c.prizePool);
      expect(c.inviteCode).toBeNull();
      expect(c.entered).toBe(false);
    }
    // Prize pool = max(guarantee, fees - rake (floor)): the guarantee is a floor.
    const million = contests.find((c) => c.id === "fc_nfl_million")!;
    const fees = million.entryFee * million.currentEntries;
    expect(million.prizePool).toBe(Math.max(million.guaranteedPrize, fees - Math.floor((fees * million.rakePercent) / 100)));
    expect(million.prizePool).toBe(500_000);
    // Some start soon.
    expect(contests.some((c) => new Date(c.startTime).getTime() - Date.now() < HOUR)).toBe(true);
  });

  it("filters contests by sport, fee range and size, and refuses bad filters", async () => {
    const get = async (q: string) => (await (await anon.get(`/api/fantasy/contests?${q}`)).json()) as FantasyContest[];
    const nba = await get("sportId=fsp_nba");
    expect(nba.length).toBeGreaterThan(0);
    expect(nba.every((c) => c.sportId === "fsp_nba")).toBe(true);
    const cheap = await get("minFee=500&maxFee=1000");
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((c) => c.entryFee >= 500 && c.entryFee <= 1000)).toBe(true);
    const small = await get("size=small");
    expect(small.length).toBeGreaterThan(0);
    expect(small.every((c) => c.maxEntries <= 20)).toBe(true);
    const medium = await get("size=medium");
    expect(medium.every((c) => c.maxEntries > 20 && c.maxEntries <= 100)).toBe(true);
    const large = await get("size=large");
    expect(large.every((c) => c.maxEntries > 100)).toBe(true);
    expect(small.length + medium.length + large.length).toBe((await get("")).length);
    expect((await get("status=active")).every((c) => ["open", "locked", "live"].includes(c.status))).toBe(true);
    await expectInvalidFields(await anon.get("/api/fantasy/contests?minFee=-1"), "minFee");
    await expectInvalidFields(await anon.get("/api/fantasy/contests?size=huge"), "size");
    await expectInvalidFields(await anon.get("/api/fantasy/contests?status=paused"), "status");
  });

  it("GET /api/fantasy/contests/{id}: one contest, 404 FANTASY.CONTEST_NOT_FOUND for an unknown id", async () => {
    const res = await anon.get("/api/fantasy/contests/fc_nfl_quick");
    expect(res.status).toBe(200);
    expect(((await res.json()) as FantasyContest).name).toBe("NFL Quick Slate");
    await expectError(await anon.get("/api/fantasy/contests/fc_nope"), 404, "FANTASY.CONTEST_NOT_FOUND");
    await expectError(await anon.get("/api/fantasy/contests/fc_nope/standings"), 404, "FANTASY.CONTEST_NOT_FOUND");
  });

  it("GET /api/fantasy/players: by salary, filtered by sport and position, projections as numbers, injuries marked", async () => {
    const all = (await (await anon.get("/api/fantasy/players")).json()) as FantasyPlayer[];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const qbs = (await (await anon.get("/api/fantasy/players?sportId=fsp_nfl&position=QB")).json()) as FantasyPlayer[];
    expect(qbs.length).toBeGreaterThanOrEqual(4);
    expect(qbs.every((p) => p.position === "QB" && p.sportId === "fsp_nfl")).toBe(true);
    expect(qbs.map((p) => p.salary)).toEqual([...qbs.map((p) => p.salary)].sort((a, b) => b - a));
    expect(typeof qbs[0].projectedPoints).toBe("number");
    expect(all.some((p) => p.injuryStatus === "out")).toBe(true);
    expect(all.some((p) => p.injuryStatus === "questionable")).toBe(true);
    const limited = (await (await anon.get("/api/fantasy/players?limit=20")).json()) as FantasyPlayer[];
    expect(limited.length).toBe(20);
    await expectInvalidFields(await anon.get("/api/fantasy/players?limit=0"), "limit");
  });

  it("every fantasy route is in the OpenAPI document", async () => {
    const doc = (await (await anon.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ["/api/fantasy/sports", "get"], ["/api/fantasy/leagues", "get"], ["/api/fantasy/contests", "get"], ["/api/fantasy/contests", "post"],
      ["/api/fantasy/contests/{id}", "get"], ["/api/fantasy/contests/{id}/standings", "get"], ["/api/fantasy/players", "get"],
      ["/api/fantasy/contests/{id}/entries", "post"], ["/api/fantasy/entries/{entryId}", "put"], ["/api/fantasy/my/entries", "get"],
      ["/api/admin/fantasy/sports", "post"], ["/api/admin/fantasy/leagues", "post"], ["/api/admin/fantasy/contests", "post"],
      ["/api/admin/fantasy/players", "post"], ["/api/admin/fantasy/contests/{id}/settle", "post"], ["/api/admin/fantasy/contests/{id}/cancel", "post"],
      ["/api/admin/fantasy/contests/{id}/lock", "post"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe("who may create", () => {
  const creations: [string, Record<string, unknown>][] = [
    ["/api/admin/fantasy/sports", { name: "Cricket", season: "2026" }],
    ["/api/admin/fantasy/leagues", { sportId: "fsp_nfl", name: "Nope League" }],
    ["/api/admin/fantasy/contests", { sportId: "fsp_nfl", name: "Nope Contest", startTime: inHours(5) }],
    ["/api/admin/fantasy/players", { sportId: "fsp_nfl", name: "Nope Player", team: "KC", position: "QB", salary: 5000 }],
    ["/api/admin/fantasy/contests/fc_nfl_h2h/settle", {}],
    ["/api/admin/fantasy/contests/fc_nfl_h2h/cancel", {}],
    ["/api/admin/fantasy/contests/fc_nfl_h2h/lock", {}],
  ];
  it("anonymous 401 AUTH.REQUIRED, customer and trader 403 AUTH.FORBIDDEN, and nothing is written", async () => {
    const before = await countRows(t.database, "SELECT (SELECT COUNT(*) FROM fantasy_sports) + (SELECT COUNT(*) FROM fantasy_leagues) + (SELECT COUNT(*) FROM fantasy_contests) + (SELECT COUNT(*) FROM fantasy_players) AS n");
    for (const [path, body] of creations) {
      await expectError(await anon.post(path, body), 401, "AUTH.REQUIRED");
      await expectError(await customer.post(path, body), 403, "AUTH.FORBIDDEN");
      await expectError(await trader.post(path, body), 403, "AUTH.FORBIDDEN");
    }
    const after = await countRows(t.database, "SELECT (SELECT COUNT(*) FROM fantasy_sports) + (SELECT COUNT(*) FROM fantasy_leagues) + (SELECT COUNT(*) FROM fantasy_contests) + (SELECT COUNT(*) FROM fantasy_players) AS n");
    expect(after).toBe(before);
    const c = (await (await anon.get("/api/fantasy/contests/fc_nfl_h2h")).json()) as FantasyContest;
    expect(c.status).toBe("open");
  });
});

describe("POST /api/admin/fantasy/sports", () => {
  it("creates a sport (status defaults to active, default roster six UTIL slots under 50000), audited", async () => {
    const res = await admin.post("/api/admin/fantasy/sports", { name: "Cricket", season: "2026" });
    expect(res.status).toBe(201);
    const sport = (await res.json()) as FantasySport;
    expect(sport).toMatchObject({ name: "Cricket", season: "2026", status: "active", salaryCap: 50000, positions: [], leagueCount: 0 });
    expect(sport.rosterPositions).toEqual(Array.from({ length: 6 }, () => ({ slot: "UTIL", eligible: [] })));
    expect(await auditCount("fantasy_sport.create", sport.id)).toBe(1);
    const listed = (await (await anon.get("/api/fantasy/sports")).json()) as FantasySport[];
    expect(listed.some((s) => s.id === sport.id)).toBe(true);
  });

  it("takes a roster and salary cap in settings and keeps other settings", async () => {
    const res = await admin.post("/api/admin/fantasy/sports", {
      name: "NHL",
      season: "2025-26",
      status: "inactive",
      settings: { rosterPositions: [{ slot: "c", eligible: ["c"] }, { slot: "W", eligible: ["W"] }, { slot: "G", eligible: ["G"] }], salaryCap: 30000, scoring: "standard" },
    });
    expect(res.status).toBe(201);
    const s = (await res.json()) as FantasySport;
    expect(s).toMatchObject({ status: "inactive", salaryCap: 30000, positions: ["C", "W", "G"], settings: { scoring: "standard" } });
  });

  it("name and season are required; status must be known; the same name and season twice is 409 FANTASY.SPORT_EXISTS", async () => {
    await expectInvalidFields(await admin.post("/api/admin/fantasy/sports", { season: "2026" }), "name");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/sports", { name: "   ", season: "2026" }), "name");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/sports", { name: "Golf" }), "season");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/sports", { name: "Golf", season: "" }), "season");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/sports", { name: "Golf", season: "2026", status: "paused" }), "status");
    await expectInvalidFields(
      await admin.post("/api/admin/fantasy/sports", { name: "Golf", season: "2026", settings: { salaryCap: -5 } }),
      "settings.salaryCap",
    );
    await expectUnknownKey(await admin.post("/api/admin/fantasy/sports", { name: "Golf", season: "2026", colour: "red" }), "colour");
    await expectError(await admin.post("/api/admin/fantasy/sports", { name: "nfl", season: "2025" }), 409, "FANTASY.SPORT_EXISTS");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_sports WHERE name = 'Golf'")).toBe(0);
  });
});

describe("POST /api/admin/fantasy/leagues", () => {
  it("creates a league with the spec's defaults (season_long, snake_draft, 12 teams), audited", async () => {
    const res = await admin.post("/api/admin/fantasy/leagues", { sportId: "fsp_nba", name: "Tuesday Hoops", entryFee: 1000, prizePool: 9000, seasonStart: "2025-10-21", seasonEnd: "2026-04-12" });
    expect(res.status).toBe(201);
    const l = (await res.json()) as FantasyLeague;
    expect(l).toMatchObject({ sportName: "NBA", type: "season_long", format: "snake_draft", maxTeams: 12, entryFee: 1000, prizePool: 9000, status: "active", seasonStart: "2025-10-21" });
    expect(await auditCount("fantasy_league.create", l.id)).toBe(1);
  });

  it("max teams 4 to 20 whole numbers; fees and prize pool at least 0; end not before start; a known sport", async () => {
    const post = (b: Record<string, unknown>) => admin.post("/api/admin/fantasy/leagues", { sportId: "fsp_nba", name: "Bounds", ...b });
    expect((await post({ maxTeams: 4 })).status).toBe(201);
    expect((await post({ maxTeams: 20 })).status).toBe(201);
    await expectInvalidFields(await post({ maxTeams: 3 }), "maxTeams");
    await expectInvalidFields(await post({ maxTeams: 21 }), "maxTeams");
    await expectInvalidFields(await post({ maxTeams: 12.5 }), "maxTeams");
    await expectInvalidFields(await post({ entryFee: -1 }), "entryFee");
    await expectInvalidFields(await post({ prizePool: -1 }), "prizePool");
    await expectInvalidFields(await post({ entryFee: 10.5 }), "entryFee");
    await expectInvalidFields(await post({ seasonStart: "2026-05-01", seasonEnd: "2026-04-01" }), "seasonEnd");
    await expectInvalidFields(await post({ seasonStart: "May 1st" }), "seasonStart");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/leagues", { sportId: "fsp_nba" }), "name");
    await expectError(await admin.post("/api/admin/fantasy/leagues", { sportId: "fsp_nope", name: "Ghost" }), 404, "FANTASY.SPORT_NOT_FOUND");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_leagues WHERE name = 'Bounds'")).toBe(2);
  });
});

describe("POST /api/admin/fantasy/contests", () => {
  it("creates an open contest with defaults (tournament, 100 entries, TOP 10, 10% rake), its pool account, audited", async () => {
    const c = await createContestOk(admin, { sportId: "fsp_afl", name: "AFL Sunday Sprint", entryFee: 1000, startTime: inHours(6) });
    expect(c).toMatchObject({ type: "tournament", maxEntries: 100, minEntries: 2, currentEntries: 0, payoutPlaces: 10, rakePercent: 10, status: "open", prizePool: 0, isPrivate: false });
    expect(new Date(c.endTime).getTime() - new Date(c.startTime).getTime()).toBe(3 * HOUR);
    expect(c.rosterPositions.map((r) => r.slot)).toEqual(["DEF", "DEF", "MID", "MID", "MID", "RUC", "FWD", "FWD"]);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    expect(await auditCount("fantasy_contest.create", c.id)).toBe(1);
  });

  it("a guaranteed prize is the pool's floor: shown as the prize pool, but no money moves until the overlay at settlement", async () => {
    const house = async () => Number((await t.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'house'")).rows[0].balance);
    const before = await house();
    const c = await createContestOk(admin, { sportId: "fsp_nfl", name: "NFL Guaranteed", entryFee: 500, prizePool: 20000, maxEntries: 30, startTime: inHours(7) });
    expect(c).toMatchObject({ guaranteedPrize: 20000, prizePool: 20000, payoutPlaces: 3, maxEntriesPerUser: 1, myEntries: 0 });
    expect(c.payoutTable.map((p) => p.amount)).toEqual([10910, 5454, 3636]);
    expect(await poolBalance(t.database, c.id)).toBe(0);
    expect(await house()).toBe(before);
    expect(await transactionsOfKind(t.database, "adjustment", c.id)).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  it("accepts a custom payout table and refuses an invalid one", async () => {
    const c = await createContestOk(admin, { sportId: "fsp_nfl", name: "Top Three", maxEntries: 10, payoutTable: [5000, 3000, 2000], startTime: inHours(8) });
    expect(c.payoutPlaces).toBe(3);
    await expectError(
      await admin.post("/api/admin/fantasy/contests", { sportId: "fsp_nfl", name: "Bad Table", payoutTable: [5000, 4000], startTime: inHours(8) }),
      400,
      "FANTASY.INVALID_PAYOUT_TABLE",
    );
  });

  it("validation: name, entry fee >= 0, prize pool >= 0, max entries >= 1, min <= max, a future start, end after start, a known active sport", async () => {
    const post = (b: Record<string, unknown>) => admin.post("/api/admin/fantasy/contests", { sportId: "fsp_nfl", name: "Bounds Contest", startTime: inHours(9), ...b });
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests");
    await expectInvalidFields(await admin.post("/api/admin/fantasy/contests", { sportId: "fsp_nfl", startTime: inHours(9) }), "name");
    await expectInvalidFields(await post({ entryFee: -1 }), "entryFee");
    await expectInvalidFields(await post({ prizePool: -1 }), "prizePool");
    await expectInvalidFields(await post({ maxEntries: 0 }), "maxEntries");
    await expectInvalidFields(await post({ maxEntries: 1.5 }), "maxEntries");
    await expectInvalidFields(await post({ rakePercent: 51 }), "rakePercent");
    await expectInvalidFields(await post({ startTime: "tomorrow" }), "startTime");
    await expectInvalidFields(await post({ startTime: "2026-11-21T09:30" }), "startTime");
    await expectError(await post({ minEntries: 5, maxEntries: 4 }), 400, "FANTASY.INVALID_MIN_ENTRIES");
    await expectError(await post({ startTime: new Date(Date.now() - MIN).toISOString() }), 400, "FANTASY.INVALID_SCHEDULE");
    await expectError(await post({ endTime: inHours(8) }), 400, "FANTASY.INVALID_SCHEDULE");
    await expectError(await post({ sportId: "fsp_nope" }), 404, "FANTASY.SPORT_NOT_FOUND");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests")).toBe(before);
    // Bounds that pass: 0 fee, 0 prize pool, 1 entry (min then 1).
    const one = await createContestOk(admin, { sportId: "fsp_nfl", name: "Solo", entryFee: 0, prizePool: 0, maxEntries: 1, startTime: inHours(9) });
    expect(one).toMatchObject({ maxEntries: 1, minEntries: 1, payoutPlaces: 1 });
  });

  it("an inactive sport takes no new contests (409 FANTASY.SPORT_INACTIVE)", async () => {
    const s = (await (await admin.post("/api/admin/fantasy/sports", { name: "MLB", season: "2025", status: "completed" })).json()) as FantasySport;
    await expectError(
      await admin.post("/api/admin/fantasy/contests", { sportId: s.id, name: "Too Late", startTime: inHours(9) }),
      409,
      "FANTASY.SPORT_INACTIVE",
    );
  });
});

describe("POST /api/admin/fantasy/players", () => {
  it("adds a player at a position of the sport, audited; N/A projection is null", async () => {
    const res = await admin.post("/api/admin/fantasy/players", { sportId: "fsp_nfl", name: "Caleb Williams", team: "CHI", position: "qb", salary: 6200 });
    expect(res.status).toBe(201);
    const p = (await res.json()) as FantasyPlayer;
    expect(p).toMatchObject({ position: "QB", salary: 6200, projectedPoints: null, injuryStatus: "healthy" });
    expect(await auditCount("fantasy_player.create", p.id)).toBe(1);
    const res2 = await admin.post("/api/admin/fantasy/players", { sportId: "fsp_nfl", name: "Drake Maye", team: "NE", position: "QB", salary: 5900, projectedPoints: 17.35, injuryStatus: "questionable" });
    expect(((await res2.json()) as FantasyPlayer).projectedPoints).toBe(17.35);
    const qbs = (await (await anon.get("/api/fantasy/players?sportId=fsp_nfl&position=QB")).json()) as FantasyPlayer[];
    expect(qbs.some((x) => x.id === p.id)).toBe(true);
  });

  it("refuses a position the roster does not use, a salary over the cap, bad fields and an unknown sport", async () => {
    const post = (b: Record<string, unknown>) =>
      admin.post("/api/admin/fantasy/players", { sportId: "fsp_nfl", name: "Test Kicker", team: "KC", position: "QB", salary: 5000, ...b });
    await expectError(await post({ position: "K" }), 400, "FANTASY.POSITION_NOT_IN_SPORT");
    await expectError(await post({ salary: 50001 }), 400, "REQUEST.INVALID");
    await expectInvalidFields(await post({ salary: -1 }), "salary");
    await expectInvalidFields(await post({ projectedPoints: 12.345 }), "projectedPoints");
    await expectInvalidFields(await post({ injuryStatus: "sore" }), "injuryStatus");
    await expectInvalidFields(await post({ team: "" }), "team");
    await expectError(await post({ sportId: "fsp_nope" }), 404, "FANTASY.SPORT_NOT_FOUND");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_players WHERE name = 'Test Kicker'")).toBe(0);
    await expectLedgerBalanced(t.database);
  });
});
