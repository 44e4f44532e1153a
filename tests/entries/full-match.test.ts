/**
 * A whole match on a real server at a high MATCH_CLOCK_SPEED: an operator brings an upcoming soccer
 * match forward to start in a few seconds; a customer bets before the start and in play; the feed
 * kicks it off (brought forward only once the pre-match bets are in), plays it, closes markets as the state decides them and finishes it; the results job
 * settles every market. Then: every market has a recorded result consistent with the final score
 * (checked here by hand, not with the pricing module's own grading), every bet on it is graded from
 * those results and paid exactly once, and the customer's balance is what the ledger says.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeServer } from "./node-server.ts";

const dir = mkdtempSync(join(tmpdir(), "sportsbook-match-"));
const dbUrl = `file:${join(dir, "match.db")}`;
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const json = { "content-type": "application/json" };
type Outcome = { id: string; name: string; odds: string };
type Market = { id: string; type: string; status: string; line: number | null; outcomes: Outcome[] };
type Ev = { id: string; sport: string; status: string; startTime: string; homeScore: number | null; awayScore: number | null; suspended: boolean; markets: Market[] };

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the final score says of an outcome, worked out here independently of domain/pricing. */
function expectedResult(type: string, line: number | null, code: string, h: number, a: number): "won" | "lost" | "void" {
  const w = (b: boolean) => (b ? "won" : "lost");
  switch (type) {
    case "full_time_result":
      return w(code === (h > a ? "home" : h < a ? "away" : "draw"));
    case "over_under":
      return w(code === (h + a > line! ? "over" : "under"));
    case "both_teams_score":
      return w(code === (h > 0 && a > 0 ? "yes" : "no"));
    case "correct_score":
      return code === "other" ? "lost" : w(code === `${h}-${a}`);
    case "handicap": {
      const margin = h + line! - a;
      if (margin === 0) return "void";
      return w(code === (margin > 0 ? "home" : "away"));
    }
  }
  throw new Error(`no hand grading for ${type}`);
}

describe("a full match at a high clock speed", () => {
  it("starts, plays, closes decided markets, finishes, settles every market and pays every bet once", async () => {
    const started = await startNodeServer(
      {
        DATABASE_URL: dbUrl, LOG_REQUESTS: "0", RATE_LIMITS: "off",
        FEED_INTERVAL_MS: "200", RESULTS_INTERVAL_MS: "300", MATCH_CLOCK_SPEED: "240", SCORE_SUSPEND_MS: "300",
        IN_PLAY_DELAY_MS: "0", FRAUD_SCAN_INTERVAL_MS: "0", FANTASY_INTERVAL_MS: "0",
      },
      "inherit",
    );
    child = started.child;
    const base = started.base;
    const login = async (role: string) =>
      (await fetch(`${base}/api/demo/login`, { method: "POST", headers: json, body: JSON.stringify({ role }) })).headers.getSetCookie()[0].split(";")[0];
    const [customer, admin] = [await login("customer"), await login("admin")];
    const events = async (status: string) => (await (await fetch(`${base}/api/events?status=${status}&limit=200`)).json()) as Ev[];
    const one = async (id: string) => (await events("all")).find((e) => e.id === id)!;

    // An upcoming soccer match (its own start is hours away: the bets below cannot race it).
    const target = (await events("upcoming")).find((e) => e.sport === "soccer")!;
    expect(new Date(target.startTime).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

    const place = async (m: Market, o: Outcome) =>
      fetch(`${base}/api/bets`, {
        method: "POST", headers: { ...json, cookie: customer },
        body: JSON.stringify({ selections: [{ eventId: target.id, marketId: m.id, outcomeId: o.id, odds: o.odds }], stake: 1000, betType: "single" }),
      });
    const placed: string[] = [];
    // Pre-match: one bet on every outcome of every market (the book is exhaustive, so exactly one of each wins).
    for (const m of (await one(target.id)).markets)
      for (const o of m.outcomes) {
        const res = await place(m, o);
        if (res.status === 201) placed.push(((await res.json()) as { bet: { id: string } }).bet.id);
      }
    expect(placed.length).toBeGreaterThan(10);

    // Only once every pre-match bet is in is it brought forward to start in a second or two.
    const moved = await fetch(`${base}/api/admin/events/${target.id}`, {
      method: "PATCH", headers: { ...json, cookie: admin }, body: JSON.stringify({ startTime: new Date(Date.now() + 1500).toISOString() }),
    });
    expect(moved.status).toBe(200);

    // It starts by itself and is priced in play.
    const live = await waitFor("kick-off", async () => {
      const e = await one(target.id);
      return e.status === "live" ? e : null;
    });
    // In play: bets on open markets are taken (unless a goal has just suspended them).
    for (const m of live.markets.filter((x) => x.status === "open").slice(0, 3)) {
      const res = await place(m, m.outcomes[0]);
      if (res.status === 201) placed.push(((await res.json()) as { bet: { id: string } }).bet.id);
      else expect(["BET.MARKET_SUSPENDED", "BET.ODDS_CHANGED", "BET.SELECTION_DECIDED", "BET.MARKET_CLOSED"]).toContain((await res.json()).error.code);
    }

    // It finishes by itself.
    const finished = await waitFor("full time", async () => {
      const e = await one(target.id);
      return e.status === "finished" ? e : null;
    });
    const h = finished.homeScore!;
    const a = finished.awayScore!;
    expect(h + a).toBeLessThan(12); // a plausible soccer score

    // Every market settles, and every bet on it.
    const db = createClient({ url: dbUrl });
    try {
      await waitFor("every market settled", async () => {
        const rs = await db.execute({ sql: "SELECT COUNT(*) AS n FROM markets WHERE event_id = ? AND result_kind IS NULL", args: [target.id] });
        return Number(rs.rows[0].n) === 0;
      });
      await waitFor("every bet settled", async () => {
        const rs = await db.execute({
          sql: `SELECT COUNT(*) AS n FROM bets b WHERE b.status = 'pending' AND EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.event_id = ?)`,
          args: [target.id],
        });
        return Number(rs.rows[0].n) === 0;
      });
      const outcomes = await db.execute({
        sql: `SELECT o.id, o.code, o.result, m.type, m.line, m.status, m.result_kind, m.winning_outcome_id FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.event_id = ?`,
        args: [target.id],
      });
      for (const o of outcomes.rows) {
        const line = o.line === null ? null : Number(o.line);
        const expected = expectedResult(String(o.type), line, String(o.code), h, a);
        // "Any other" wins when no listed score matches.
        const listed = outcomes.rows.some((x) => x.type === "correct_score" && x.code === `${h}-${a}`);
        const want = o.code === "other" && o.type === "correct_score" ? (listed ? "lost" : "won") : expected;
        expect({ outcome: o.id, result: o.result }).toEqual({ outcome: o.id, result: want });
        expect(o.status).toBe("closed");
        if (want === "won") expect(o.winning_outcome_id).toBe(o.id);
      }
      // Each bet graded from the results and paid exactly once.
      const bets = await db.execute({
        sql: `SELECT b.id, b.status, b.stake, b.potential_return, b.actual_return, o.result AS outcome_result,
                (SELECT COUNT(*) FROM ledger_transactions t WHERE t.reference = b.id AND t.kind IN ('bet_payout','bet_refund')) AS payouts,
                (SELECT COALESCE(SUM(p.amount), 0) FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
                   WHERE t.reference = b.id AND t.kind IN ('bet_payout','bet_refund') AND p.account_id LIKE 'wallet:%') AS paid
              FROM bets b JOIN bet_legs l ON l.bet_id = b.id JOIN outcomes o ON o.id = l.outcome_id
              WHERE b.id IN (${placed.map(() => "?").join(",")})`,
        args: placed,
      });
      expect(bets.rows.length).toBe(placed.length);
      for (const b of bets.rows) {
        expect(b.status).toBe(b.outcome_result);
        const due = b.status === "won" ? Number(b.potential_return) : b.status === "void" ? Number(b.stake) : 0;
        expect(Number(b.actual_return)).toBe(due);
        expect(Number(b.paid)).toBe(due);
        expect(Number(b.payouts)).toBe(due > 0 ? 1 : 0);
      }
      // The customer's balance is the ledger's: the demo grant, less stakes, plus returns.
      const me = (await (await fetch(`${base}/api/auth/user`, { headers: { cookie: customer } })).json()) as { balance: number };
      const stakes = bets.rows.reduce((s, b) => s + Number(b.stake), 0);
      const returns = bets.rows.reduce((s, b) => s + Number(b.actual_return), 0);
      expect(me.balance).toBe(100_000 - stakes + returns);
    } finally {
      db.close();
    }
  }, 240_000);
});
