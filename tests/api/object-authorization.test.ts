/**
 * Object-level authorization: two customers, A and B, each with bets, a deposit, settings, limits,
 * follows and fantasy entries (A also owns a private contest). Then
 *
 * - every route a customer may call that takes a path parameter (found from the registered routes
 *   and the access policy, not a hand-written list: a new one fails until it has a case here) is
 *   called by B with A's object: a refusal (404, or 403 where the contest is private), and nothing
 *   of A's changes (A's bet, lineup, follows, balance; the ledger; the audit log);
 * - every list and "my ..." endpoint answers B with B's own data only: none of A's ids (user, bets,
 *   transactions, entries), email or settings appear in B's answers, while B's own ids do (so the
 *   check is not vacuous).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, currentUserId, expectLedgerBalanced, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { createContestOk, enterOk, HOUR, validLineup, playersOf } from "../fixtures/fantasy.ts";
import { ALLOWED, registeredRoutes, ruleFor } from "../fixtures/access-policy.ts";
import type { FantasyContest, FantasyPlayer, PrivateContestResponse } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let admin: Session;
let nfl: FantasyPlayer[];

interface Owner {
  s: Session;
  userId: string;
  email: string;
  betIds: string[];
  transactionIds: string[];
  entryIds: string[];
  team: string;
  lineup: string[];
}
let A: Owner;
let B: Owner;
let contest: FantasyContest;
let privateContest: PrivateContestResponse;

const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function makeOwner(pool: Awaited<ReturnType<typeof upcomingPool>>, team: string, variant: number, settings: Record<string, unknown>): Promise<Owner> {
  const s = await demoLogin(t, "customer");
  const userId = await currentUserId(s);
  const me = await json<{ email: string }>(await s.get("/api/auth/user"));
  const betIds: string[] = [];
  betIds.push((await placeOk(s, [selectionOf(pool.next())], 1_000)).bet.id);
  betIds.push((await placeOk(s, [selectionOf(pool.next()), selectionOf(pool.next())], 500)).bet.id);
  // A deposit limit first (the first deposit asks for one), then a deposit.
  await json(await s.request("PUT", "/api/responsible/limits", { type: "deposit", period: "weekly", amount: 500_000 + variant }));
  const deposit = await json<{ transactionId: string }>(await s.post("/api/wallet/deposits", { method: "card", amount: 25_000 }), 201);
  await json(await s.request("PUT", "/api/account/settings", settings));
  expect((await json<{ teams: string[] }>(await s.post("/api/account/follows", { team }))).teams).toContain(team);
  const lineup = validLineup(nfl, contest.rosterPositions, contest.salaryCap, variant);
  const { entry } = await enterOk(s, contest.id, lineup);
  const transactionIds = (await json<{ items: { id: string }[] }>(await s.get("/api/wallet/transactions?limit=1000"))).items.map((x) => x.id);
  expect(transactionIds).toContain(deposit.transactionId);
  return { s, userId, email: me.email, betIds, transactionIds, entryIds: [entry.id], team, lineup };
}

beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  nfl = await playersOf(admin, "fsp_nfl");
  contest = await createContestOk(admin, { sportId: "fsp_nfl", name: "Object Auth Cup", entryFee: 1_000, maxEntries: 20, startTime: inHours(3) });
  const pool = await upcomingPool(new Session(t));
  const teams = pool.events.filter((e) => e.sport !== "racing");
  A = await makeOwner(pool, teams[0].homeTeam, 1, { oddsFormat: "fractional", realityCheckMinutes: 30 });
  B = await makeOwner(pool, teams[1].homeTeam, 4, { oddsFormat: "american", realityCheckMinutes: 90 });
  privateContest = await json<PrivateContestResponse>(
    await A.s.post("/api/fantasy/contests", {
      sportId: "fsp_nfl",
      name: "A's private league",
      entryFee: 500,
      maxEntries: 5,
      startTime: inHours(4),
      lineup: validLineup(nfl, contest.rosterPositions, contest.salaryCap, 2),
    }),
    201,
  );
  A.entryIds.push(privateContest.entry.id);
});
afterAll(() => t.close());

/** Everything of A's that B must not be able to change. */
async function stateOfA() {
  const db = t.database.client;
  const bets = await db.execute({ sql: "SELECT id, status FROM bets WHERE user_id = ? ORDER BY id", args: [A.userId] });
  const lineups = await db.execute({ sql: "SELECT id, lineup, status FROM fantasy_entries WHERE user_id = ? ORDER BY id", args: [A.userId] });
  const ledger = await db.execute(
    "SELECT (SELECT COUNT(*) FROM ledger_postings) AS postings, (SELECT COUNT(*) FROM ledger_transactions) AS txs, (SELECT COUNT(*) FROM audit_log) AS audit, (SELECT COUNT(*) FROM fantasy_entries) AS entries, (SELECT COUNT(*) FROM bets) AS bets",
  );
  return {
    bets: bets.rows.map((r) => ({ ...r })),
    lineups: lineups.rows.map((r) => ({ ...r })),
    ledger: { ...ledger.rows[0] },
    balance: await balanceOf(A.s),
    follows: await json(await A.s.get("/api/account/follows")),
    settings: await json(await A.s.get("/api/account/settings")),
    responsible: ((await json<{ limits?: unknown }>(await A.s.get("/api/responsible"))).limits ?? null),
  };
}

const body = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, text };
};

/**
 * B acting on A's object, for each customer-callable route with a path parameter. Each case sends
 * what would be a valid request for A and says what B must get.
 */
type Attempt = () => Promise<{ status: number; text: string }>;
const CASES: Record<string, { attempt: Attempt; expect: (r: { status: number; text: string }) => void }> = {
  "POST /api/bets/{id}/cash-out/quote": {
    attempt: async () => body(await B.s.post(`/api/bets/${A.betIds[0]}/cash-out/quote`)),
    expect: (r) => expect([403, 404], r.text).toContain(r.status),
  },
  "POST /api/bets/{id}/cash-out": {
    // A's own fresh quote, presented by B: still not B's bet.
    attempt: async () => {
      const q = await json<{ quoteId: string }>(await A.s.post(`/api/bets/${A.betIds[0]}/cash-out/quote`));
      return body(await B.s.post(`/api/bets/${A.betIds[0]}/cash-out`, { quoteId: q.quoteId }));
    },
    expect: (r) => expect([403, 404], r.text).toContain(r.status),
  },
  "PUT /api/fantasy/entries/{entryId}": {
    attempt: async () => body(await B.s.request("PUT", `/api/fantasy/entries/${A.entryIds[0]}`, { lineup: B.lineup })),
    expect: (r) => expect([403, 404], r.text).toContain(r.status),
  },
  "POST /api/fantasy/contests/{id}/entries": {
    // A's private contest without its invite code.
    attempt: async () => body(await B.s.post(`/api/fantasy/contests/${privateContest.contest.id}/entries`, { lineup: B.lineup })),
    expect: (r) => {
      expect(r.status, r.text).toBe(403);
      expect(JSON.parse(r.text).error.code).toBe("FANTASY.INVITE_CODE_REQUIRED");
    },
  },
  "DELETE /api/account/follows/{team}": {
    // "Unfollowing" A's team only touches B's own follows; A still follows it.
    attempt: async () => body(await B.s.request("DELETE", `/api/account/follows/${encodeURIComponent(A.team)}`)),
    expect: (r) => expect(r.status, r.text).toBeLessThan(500),
  },
  "GET /api/fantasy/contests/{id}": {
    attempt: async () => body(await B.s.get(`/api/fantasy/contests/${privateContest.contest.id}`)),
    expect: (r) => {
      // A public contest page, but the invite code is the creator's alone.
      if (r.status === 200) {
        const c = JSON.parse(r.text) as FantasyContest;
        expect(c.inviteCode ?? null).toBeNull();
        expect(r.text).not.toContain(privateContest.contest.inviteCode!);
      } else expect(r.status).toBe(404);
    },
  },
  "GET /api/fantasy/contests/{id}/standings": {
    attempt: async () => body(await B.s.get(`/api/fantasy/contests/${contest.id}/standings`)),
    expect: (r) => {
      expect(r.status, r.text).toBe(200);
      const s = JSON.parse(r.text) as { standings: { entryId: string; mine: boolean; name: string }[] };
      // A's entry shows as someone else's, by first name and initial, without A's user id or email.
      expect(s.standings.find((x) => x.entryId === A.entryIds[0])?.mine).toBe(false);
      expect(s.standings.find((x) => x.entryId === B.entryIds[0])?.mine).toBe(true);
      expect(r.text).not.toContain(A.userId);
      expect(r.text).not.toContain(A.email);
    },
  },
};

describe("another customer's objects", () => {
  it("every customer-callable route with a path parameter has an object-level case here", () => {
    const targets = registeredRoutes(t.app)
      .filter((rt) => /\{[^}]+\}/.test(rt.path) && rt.path.startsWith("/api/"))
      .filter((rt) => {
        const rule = ruleFor(rt.method, rt.path);
        return rule !== undefined && ALLOWED[rule.access].includes("customer");
      })
      .map((rt) => `${rt.method} ${rt.path}`);
    expect(targets.length).toBeGreaterThan(3);
    expect(targets.filter((k) => !(k in CASES)), "customer routes with a path parameter but no object-level case").toEqual([]);
    expect(Object.keys(CASES).filter((k) => !targets.includes(k)), "cases for routes that no longer exist").toEqual([]);
  });

  it.each(Object.keys(CASES))("%s: B on A's object is refused (or sees only what anyone may), and nothing of A's changes", async (key) => {
    const c = CASES[key];
    const before = await stateOfA();
    const res = await c.attempt();
    expect(res.status, res.text).toBeLessThan(500);
    c.expect(res);
    const after = await stateOfA();
    // The cash-out case makes A ask for a quote, which writes a quote row only; none of the state above.
    expect(after).toEqual(before);
  });

  it("A's objects still work for A (the refusals above were about ownership, not broken ids)", async () => {
    expect((await A.s.post(`/api/bets/${A.betIds[0]}/cash-out/quote`)).status).toBe(200);
    const edited = await A.s.request("PUT", `/api/fantasy/entries/${A.entryIds[0]}`, { lineup: validLineup(nfl, contest.rosterPositions, contest.salaryCap, 7) });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const contestAsA = await json<FantasyContest>(await A.s.get(`/api/fantasy/contests/${privateContest.contest.id}`));
    expect(contestAsA.inviteCode).toBe(privateContest.contest.inviteCode);
    expect(((await json<{ teams: string[] }>(await A.s.get("/api/account/follows"))).teams)).toContain(A.team);
  });
});

describe("lists answer with the caller's own data only", () => {
  const LISTS = [
    "/api/bets?limit=200",
    "/api/wallet/transactions?limit=1000",
    "/api/wallet/transactions.csv",
    "/api/account",
    "/api/account/settings",
    "/api/account/follows",
    "/api/account/rewards",
    "/api/responsible",
    "/api/fantasy/my/entries",
    "/api/customer/balance",
    "/api/auth/user",
    "/api/demo/user",
  ];

  it.each(LISTS)("GET %s as B contains none of A's ids, email or settings", async (path) => {
    const res = await B.s.get(path);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const foreign = [A.userId, A.email, ...A.betIds, ...A.transactionIds, ...A.entryIds].filter((id) => text.includes(id));
    expect(foreign, `${path} leaks A's data`).toEqual([]);
    if (path.startsWith("/api/account/settings")) {
      expect(JSON.parse(text)).toMatchObject({ oddsFormat: "american", realityCheckMinutes: 90 });
    }
    if (path === "/api/account/follows") expect(text).not.toContain(JSON.stringify(A.team));
    if (path === "/api/responsible") expect(text).not.toContain(String(500_000 + 1));
  });

  it("and B's answers do contain B's own data (the check above is not vacuous)", async () => {
    const bets = await (await B.s.get("/api/bets?limit=200")).text();
    for (const id of B.betIds) expect(bets).toContain(id);
    const txs = await (await B.s.get("/api/wallet/transactions?limit=1000")).text();
    for (const id of B.transactionIds) expect(txs).toContain(id);
    const csv = await (await B.s.get("/api/wallet/transactions.csv")).text();
    expect(B.transactionIds.some((id) => csv.includes(id))).toBe(true);
    expect(await (await B.s.get("/api/fantasy/my/entries")).text()).toContain(B.entryIds[0]);
    expect(await (await B.s.get("/api/account")).text()).toContain(B.userId);
    expect(await (await B.s.get("/api/account/follows")).text()).toContain(JSON.stringify(B.team));
    expect(await (await B.s.get("/api/responsible")).text()).toContain(String(500_000 + 4));
    // And A's lists contain A's, not B's.
    const aBets = await (await A.s.get("/api/bets?limit=200")).text();
    for (const id of A.betIds) expect(aBets).toContain(id);
    for (const id of B.betIds) expect(aBets).not.toContain(id);
  });

  it("the public activity feed shows bets by initials only: no user ids, emails or bet ids", async () => {
    const res = await new Session(t).get("/api/betting/activity?limit=50");
    const text = await res.text();
    expect(res.status, text).toBe(200);
    for (const id of [A.userId, A.email, ...A.betIds, B.userId, B.email, ...B.betIds]) expect(text).not.toContain(id);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
