/**
 * Bulk operations: settlement of pending bets on finished events from their results (graded,
 * paid once, audited; other markets counted failed for review), progress recorded chunk by chunk,
 * completed / failed with counts, customer insights, risk analysis and reports as CSV from real
 * data, and who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, currentUserId, expectedReturn, expectError, expectInvalidFields, expectLedgerBalanced, placeOk, selectionOf,
  upcomingPool, type ApiEvent,
} from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { processNextBulkOperation } from "../../domain/tasks/bulk-operations.ts";
import { centsText } from "../../domain/tasks/csv.ts";

type Operation = {
  id: string; type: string; title: string; status: string; progress: number; targetCount: number; processed: number; succeeded: number;
  failed: number; summary: Record<string, number>; error: string | null; hasResult: boolean; createdAt: string; startedAt: string | null;
  completedAt: string | null; params: Record<string, unknown>;
};
type Bet = { id: string; status: string; actualReturn: number | null };

/** Pending bets whose every leg is on a finished event (`FROM ${CANDIDATES}` selects them as b). */
const CANDIDATES = `bets b WHERE b.status = 'pending'
  AND NOT EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.status <> 'finished')`;
/** ... with a pending leg that the score cannot grade: not a match-winner market, or no final score. */
const UNGRADABLE = `EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id JOIN markets m ON m.id = l.market_id
  WHERE l.bet_id = b.id AND l.result = 'pending' AND (m.type <> 'full_time_result' OR e.home_score IS NULL))`;

async function start(admin: Session, body: unknown): Promise<Operation> {
  const res = await admin.post("/api/admin/bulk-operations", body);
  expect(res.status, await res.clone().text()).toBe(202);
  return ((await res.json()) as { operation: Operation }).operation;
}
async function operation(admin: Session, id: string): Promise<Operation> {
  const res = await admin.get(`/api/admin/bulk-operations/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { operation: Operation }).operation;
}
async function resultCsv(admin: Session, id: string): Promise<string[][]> {
  const res = await admin.get(`/api/admin/bulk-operations/${id}/result.csv`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
  return (await res.text()).trim().split("\r\n").map((l) => l.split(","));
}

describe("bulk settlement", () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;
  let adminId: string;
  let E: ApiEvent;
  let B: ApiEvent;
  const bets: Record<string, { id: string; odds: string }> = {};

  beforeAll(async () => {
    t = await makeTestApp({ jobs: true });
    admin = await demoLogin(t, "admin");
    adminId = await currentUserId(admin);
    customer = await realCustomerLogin(t);
    const pool = await upcomingPool(customer);
    E = pool.forMutation((e) => e.sport === "soccer" && e.markets.some((m) => m.type === "over_under"));
    B = pool.forMutation((e) => e.sport === "basketball");
    const F = pool.forMutation((e) => e.sport !== "racing");
    const winner = E.markets.findIndex((m) => m.type === "full_time_result");
    const ou = E.markets.findIndex((m) => m.type === "over_under");
    const place = async (name: string, sels: ReturnType<typeof selectionOf>[]) => {
      const r = await placeOk(customer, sels, 1_000);
      bets[name] = { id: r.bet.id, odds: r.bet.totalOdds };
    };
    await place("home", [selectionOf(E, winner, 0)]);
    await place("draw", [selectionOf(E, winner, 1)]);
    await place("away", [selectionOf(E, winner, 2)]);
    await place("overUnder", [selectionOf(E, ou, 0)]);
    await place("multiple", [selectionOf(E, winner, 0), selectionOf(F, 0, 0)]);
    await place("twoWay", [selectionOf(B, 0, 0)]);
  });
  afterAll(async () => {
    await t.jobs!.idle();
    t.close();
  });

  const myBets = async () => Object.fromEntries(
    ((await (await customer.get("/api/bets")).json()) as Bet[]).map((b) => [Object.entries(bets).find(([, v]) => v.id === b.id)?.[0] ?? b.id, b]),
  ) as Record<string, Bet>;

  /**
   * An event finished with a final score but no results recorded on its outcomes: what bulk
   * settlement is for. (Finishing through PATCH /api/admin/events grades and settles every market
   * at once; here the event ends outside it, as an event finished before the live book did.)
   */
  async function finish(e: ApiEvent, home: number, away: number) {
    await t.database.client.execute({ sql: "UPDATE events SET status = 'live' WHERE id = ?", args: [e.id] });
    // Kicked off two hours ago: a finished event whose start is still ahead is not settled without an override.
    await t.database.client.execute({
      sql: "UPDATE events SET home_score = ?, away_score = ?, status = 'finished', start_time = ? WHERE id = ?",
      args: [home, away, t.clock.now().getTime() - 2 * 3600_000, e.id],
    });
  }

  it("leaves bets on events that have not finished alone", async () => {
    const op = await start(admin, { type: "settlement", params: { settlementType: "completed_events", sport: "all" } });
    expect(op).toMatchObject({ status: "pending", progress: 0, title: "Bulk Settlement: completed events" });
    await t.jobs!.idle();
    const done = await operation(admin, op.id);
    expect(done).toMatchObject({ status: "completed", targetCount: 0, processed: 0, progress: 100 });
    expect(Object.values(await myBets()).every((b) => b.status === "pending")).toBe(true);
  });

  it("settles from the final score: match winner graded, two-way draw void, other markets need review", async () => {
    await finish(E, 2, 1);
    await finish(B, 100, 100);
    const target = await countRows(t.database, `SELECT COUNT(*) AS n FROM ${CANDIDATES}`);
    // Besides the over/under bet: seeded multiples whose other leg is on a fixture that finished without a score.
    const review = await countRows(t.database, `SELECT COUNT(*) AS n FROM ${CANDIDATES} AND ${UNGRADABLE}`);
    expect(review).toBeGreaterThanOrEqual(1);
    const balanceBefore = await balanceOf(customer);

    const op = await start(admin, { type: "settlement" });
    await t.jobs!.idle();
    const done = await operation(admin, op.id);
    expect(done).toMatchObject({
      status: "completed", targetCount: target, processed: target, succeeded: target - review, failed: review, progress: 100, hasResult: true,
    });
    expect(done.summary.needsReview).toBe(review);
    expect(done.startedAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();

    const mine = await myBets();
    const homeReturn = expectedReturn(1_000, [bets.home.odds]);
    expect(mine.home).toMatchObject({ status: "won", actualReturn: homeReturn });
    expect(mine.draw).toMatchObject({ status: "lost", actualReturn: 0 });
    expect(mine.away).toMatchObject({ status: "lost", actualReturn: 0 });
    expect(mine.twoWay).toMatchObject({ status: "void", actualReturn: 1_000 });
    expect(mine.overUnder.status).toBe("pending");
    expect(mine.multiple.status).toBe("pending"); // its other leg's event has not finished
    expect(await balanceOf(customer)).toBe(balanceBefore + homeReturn + 1_000);
    await expectLedgerBalanced(t.database);
    const audit = await t.database.client.execute({ sql: "SELECT actor_id FROM audit_log WHERE action = 'bet.settle' AND entity_id = ?", args: [bets.home.id] });
    expect(audit.rows.map((r) => r.actor_id)).toEqual([adminId]);

    const csv = await resultCsv(admin, op.id);
    expect(csv[0]).toEqual(["bet_id", "customer_id", "stake", "outcome", "status", "return", "reason"]);
    expect(csv).toHaveLength(target + 1);
    const row = csv.find((r) => r[0] === bets.overUnder.id)!;
    expect(row[3]).toBe("needs_review");
    expect(row.slice(6).join(",")).toMatch(/over_under/);
    expect(csv.find((r) => r[0] === bets.home.id)!.slice(3, 6)).toEqual(["settled", "won", centsText(homeReturn)]);
  });

  it("fails, with counts, when nothing left can be settled; pays nothing twice", async () => {
    const balance = await balanceOf(customer);
    const left = await countRows(t.database, `SELECT COUNT(*) AS n FROM ${CANDIDATES}
      AND EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.sport = 'soccer')`);
    const op = await start(admin, { type: "settlement", params: { settlementType: "completed_events", sport: "soccer" } });
    await t.jobs!.idle();
    const done = await operation(admin, op.id);
    expect(done).toMatchObject({ status: "failed", targetCount: left, processed: left, succeeded: 0, failed: left });
    expect(done.error).toMatch(new RegExp(`None of the ${left} items`));
    expect(await balanceOf(customer)).toBe(balance);
    expect((await resultCsv(admin, op.id)).map((r) => r[0])).toContain(bets.overUnder.id);
  });

  it("filters by sport and lists without settling for manual review", async () => {
    const tennis = await start(admin, { type: "settlement", params: { settlementType: "completed_events", sport: "tennis" } });
    const review = await start(admin, { type: "settlement", params: { settlementType: "manual_review", sport: "all" } });
    await t.jobs!.idle();
    expect(await operation(admin, tennis.id)).toMatchObject({ status: "completed", targetCount: 0 });
    const listed = await operation(admin, review.id);
    const left = await countRows(t.database, `SELECT COUNT(*) AS n FROM ${CANDIDATES}`);
    expect(listed).toMatchObject({ status: "completed", targetCount: left, succeeded: left, failed: 0, title: "Bulk Settlement: manual review" });
    expect((await myBets()).overUnder.status).toBe("pending");
  });

  it("lists operations newest first", async () => {
    const res = await admin.get("/api/admin/bulk-operations");
    expect(res.status).toBe(200);
    const ops = (await res.json()) as Operation[];
    expect(ops.length).toBe(5);
    const times = ops.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'bulk_operation.start'")).toBe(5);
  });
});

describe("progress, insights and reports", () => {
  let t: TestApp;
  let who: Callers;
  let admin: Session;
  const deps = () => ({ ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds });

  beforeAll(async () => {
    t = await makeTestApp(); // no background jobs: the test runs the operations itself
    who = await callers(t);
    // Real staff: a report covers the starter's reach, and these count the real book's customers.
    admin = await staffLogin(t, "admin");
  });
  afterAll(() => t.close());

  it("records progress after every chunk while it runs, then completes", async () => {
    const op = await start(admin, { type: "customer_insight", params: { analysisType: "comprehensive", segment: "all" } });
    await expectError(await admin.get(`/api/admin/bulk-operations/${op.id}/result.csv`), 409, "BULK.RESULT_NOT_READY");
    const seen: { status: string; progress: number; processed: number }[] = [];
    const ran = await processNextBulkOperation(deps(), {
      chunkSize: 3,
      pause: async () => {
        const o = await operation(admin, op.id);
        seen.push({ status: o.status, progress: o.progress, processed: o.processed });
      },
    });
    expect(ran).toBe(op.id);
    const customers = await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE role = 'customer' AND is_demo = 0");
    expect(seen.every((s) => s.status === "processing")).toBe(true);
    expect(seen.length).toBe(1 + Math.ceil(customers / 3));
    expect(seen.map((s) => s.processed)).toEqual([...seen.map((s) => s.processed)].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ progress: 100, processed: customers });
    expect(seen[1].progress).toBe(Math.floor((3 / customers) * 100));
    const done = await operation(admin, op.id);
    expect(done).toMatchObject({ status: "completed", targetCount: customers, processed: customers, succeeded: customers, failed: 0, progress: 100 });
    const csv = await resultCsv(admin, op.id);
    expect(csv).toHaveLength(customers + 1);
    expect(csv[0].slice(0, 3)).toEqual(["customer_id", "email", "segment"]);
    expect(csv[0]).toEqual(expect.arrayContaining(["sharp", "avg_clv_pct", "bets_per_week"]));
    const ethan = csv.find((r) => r[1] === "ethan.brooks@example.com")!;
    expect(ethan[2]).toBe("high_value");
    expect(await processNextBulkOperation(deps())).toBeNull();
  });

  it("customer insight for suspicious customers only lists the risky ones", async () => {
    const op = await start(admin, { type: "customer_insight", params: { analysisType: "sharp_detection", segment: "suspicious" } });
    await processNextBulkOperation(deps());
    const csv = await resultCsv(admin, op.id);
    const risky = await t.database.client.execute(`SELECT u.email FROM users u LEFT JOIN user_risk_profiles p ON p.user_id = u.id
      WHERE u.role = 'customer' AND (p.risk_level IN ('high','critical') OR EXISTS (SELECT 1 FROM fraud_alerts f WHERE f.user_id = u.id AND f.status <> 'resolved'))`);
    expect(csv.slice(1).map((r) => r[1]).sort()).toEqual(risky.rows.map((r) => String(r.email)).sort());
    expect(csv[0]).toEqual(["customer_id", "email", "segment", "vip", "kyc", "bets", "staked", "avg_stake", "lifetime_value", "deposits", "withdrawals",
      "bonus_used", "settled_bets", "win_rate_pct", "profit", "roi_pct", "avg_clv_pct", "sharp"]);
  });

  it("risk analysis lists every customer with risk level, score and factors", async () => {
    const op = await start(admin, { type: "risk_analysis", params: { analysisType: "clv_analysis", segment: "all" } });
    await processNextBulkOperation(deps());
    const csv = await resultCsv(admin, op.id);
    expect(csv[0]).toEqual(["customer_id", "email", "risk_level", "risk_score", "open_alerts", "factors", "pending_liability", "staked",
      "lifetime_value", "kyc", "status", "legs_with_closing_line", "avg_clv_pct", "beat_close_pct"]);
    const zoe = csv.find((r) => r[1] === "zoe.campbell@example.com")!;
    expect(zoe.slice(2, 5)).toEqual(["critical", "89", "2"]);
  });

  it("financial report: one row per day and a TOTAL matching the books", async () => {
    const op = await start(admin, { type: "export_report", params: { reportType: "financial", dateRange: "month" } });
    expect(op.title).toBe("Export Report: financial");
    await processNextBulkOperation(deps());
    const csv = await resultCsv(admin, op.id);
    expect(csv[0]).toEqual(["date", "bets_placed", "stakes", "settled_bets", "returns", "gross_revenue", "open_liability", "deposits", "withdrawals", "bonuses"]);
    const total = csv.at(-1)!;
    const since = Date.now() - 30 * 86_400_000;
    const books = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n, SUM(stake) AS s FROM bets WHERE placed_at >= ?", args: [since] });
    expect(total[0]).toBe("TOTAL");
    expect(await operation(admin, op.id)).toMatchObject({ status: "completed", targetCount: csv.length - 1, processed: csv.length - 1, progress: 100 });
    expect(Number(total[1])).toBe(Number(books.rows[0].n));
    expect(total[2]).toBe(centsText(Number(books.rows[0].s)));
    expect(total[7]).toBe("800.00"); // seeded deposits: 3 x 100.00 + 500.00
    expect(total[8]).toBe("520.00");
    expect(csv.length).toBeGreaterThanOrEqual(32);
  });

  it("regulatory report: the audit trail of the period", async () => {
    const op = await start(admin, { type: "export_report", params: { reportType: "regulatory", dateRange: "today" } });
    await processNextBulkOperation(deps());
    const csv = await resultCsv(admin, op.id);
    expect(csv[0]).toEqual(["at", "actor_id", "actor_role", "action", "entity_type", "entity_id", "before", "after"]);
    expect(csv.map((r) => r[3])).toEqual(expect.arrayContaining(["bulk_operation.start", "task.create"]));
  });

  it("customer activity and risk metrics reports: one row per customer", async () => {
    const customers = await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE role = 'customer' AND is_demo = 0");
    for (const reportType of ["customer_activity", "risk_metrics"]) {
      const op = await start(admin, { type: "export_report", params: { reportType, dateRange: "week" } });
      await processNextBulkOperation(deps(), { chunkSize: 4 });
      expect(await operation(admin, op.id)).toMatchObject({ status: "completed", targetCount: customers, processed: customers });
      expect(await resultCsv(admin, op.id)).toHaveLength(customers + 1);
    }
  });

  it("refuses a custom range without from and to in order, and invalid types", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM bulk_operations");
    await expectError(await admin.post("/api/admin/bulk-operations", { type: "export_report", params: { reportType: "financial", dateRange: "custom" } }), 400, "BULK.INVALID_PARAMS");
    await expectError(
      await admin.post("/api/admin/bulk-operations", { type: "export_report", params: { reportType: "financial", dateRange: "custom", from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" } }),
      400, "BULK.INVALID_PARAMS",
    );
    await expectInvalidFields(await admin.post("/api/admin/bulk-operations", { type: "export_report", params: { reportType: "gossip" } }), "params.reportType");
    await expectError(await admin.post("/api/admin/bulk-operations", { type: "delete_everything" }), 400, "REQUEST.INVALID");
    await expectError(await admin.post("/api/admin/bulk-operations", { type: "settlement", params: { sport: "curling" } }), 400, "REQUEST.INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bulk_operations")).toBe(before);
    await expectError(await admin.get("/api/admin/bulk-operations/bop_nobody"), 404, "BULK.NOT_FOUND");
    await expectError(await admin.get("/api/admin/bulk-operations/bop_nobody/result.csv"), 404, "BULK.NOT_FOUND");
  });

  it("a custom range report covers exactly that range", async () => {
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const op = await start(admin, { type: "export_report", params: { reportType: "financial", dateRange: "custom", from, to } });
    await processNextBulkOperation(deps());
    const csv = await resultCsv(admin, op.id);
    const books = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM bets WHERE placed_at >= ? AND placed_at < ?", args: [Date.parse(from), Date.parse(to)] });
    expect(Number(csv.at(-1)![1])).toBe(Number(books.rows[0].n));
  });

  it("an operation left processing by a stopped process is marked failed", async () => {
    const op = await start(admin, { type: "customer_insight" });
    const ports = libsqlPorts(t.database);
    expect((await ports.bulkOperations.claimNext(new Date()))!.id).toBe(op.id);
    expect(await ports.bulkOperations.claimNext(new Date())).toBeNull(); // claimed once only
    expect(await ports.bulkOperations.failInterrupted(new Date())).toBe(1);
    expect(await operation(admin, op.id)).toMatchObject({ status: "failed", error: "Interrupted: the server stopped while it was running" });
    // A finished operation is final.
    await expect(t.database.client.execute({ sql: "UPDATE bulk_operations SET status = 'pending' WHERE id = ?", args: [op.id] })).rejects.toThrow(/BULK.FINISHED/);
  });

  it.each([
    { method: "POST", path: "/api/admin/bulk-operations", body: { type: "customer_insight" } },
    { method: "GET", path: "/api/admin/bulk-operations" },
    { method: "GET", path: "/api/admin/bulk-operations/bop_nobody" },
    { method: "GET", path: "/api/admin/bulk-operations/bop_nobody/result.csv" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
