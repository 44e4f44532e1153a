/**
 * Recording a fraud scan: a rescored transaction whose score, reasons and amount are as stored is
 * not written again, the rest go RECORD_CHUNK rows per write, and on an embedded file every write
 * joins the group commit the bets use (no second writer for them to wait on).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InStatement } from "@libsql/client";
import { makeTestApp, type TestApp } from "../../tests/fixtures/test-app.ts";
import { fraudWriter, LibsqlFraudRecords, type FraudWrite } from "./fraud.ts";
import { ALERT_CHUNK, RECORD_CHUNK } from "./fraud/scan-io.ts";

let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await makeTestApp();
  user = String((await t.database.client.execute("SELECT id FROM users WHERE role = 'customer' LIMIT 1")).rows[0].id);
});
afterAll(() => t.close());

const at = new Date("2026-11-21T12:00:00Z");
const score = (reference: string, riskScore: number, reasons: string[]) => ({
  id: `mon_${reference}_${riskScore}`, userId: user, monitoringType: "bet_stake" as const, reference, amount: 500, riskScore, reasons, createdAt: at,
});

/** The real writer, with each write's statements and their bound rows kept. */
function countingWriter(): { write: FraudWrite; writes: { sql: string; rows: number }[][] } {
  const real = fraudWriter(t.database);
  const writes: { sql: string; rows: number }[][] = [];
  const write: FraudWrite = (statements) => {
    writes.push(statements.map((s) => {
      const { sql, args } = s as Exclude<InStatement, string>;
      const perRow = (sql.match(/\(([?, ]+)\)/)?.[1].match(/\?/g) ?? []).length;
      return { sql, rows: perRow ? (args as unknown[]).length / perRow : 0 };
    }));
    return real(statements);
  };
  return { write, writes };
}
const scoreRows = (writes: { sql: string; rows: number }[][]) =>
  writes.flat().filter((s) => s.sql.includes("INTO transaction_monitoring")).reduce((n, s) => n + s.rows, 0);

describe("LibsqlFraudRecords.record", () => {
  it("writes new and changed scores only", async () => {
    const { write, writes } = countingWriter();
    const records = new LibsqlFraudRecords(t.database, write);
    const first = [score("ref_a", 10, []), score("ref_b", 40, ["velocity"]), score("ref_c", 70, ["velocity", "amount"])];
    expect((await records.record({ alerts: [], monitoring: first, profiles: [], at })).monitoringRecords).toBe(3);
    expect(scoreRows(writes)).toBe(3);

    writes.length = 0;
    const again = [score("ref_a", 10, []), score("ref_b", 55, ["velocity"]), score("ref_c", 70, ["amount", "velocity"]), score("ref_d", 5, [])];
    // Only ref_d is a new record; ref_b's score and ref_c's reasons (their order is part of them) changed.
    expect((await records.record({ alerts: [], monitoring: again, profiles: [], at: new Date(at.getTime() + 60_000) })).monitoringRecords).toBe(1);
    expect(scoreRows(writes)).toBe(3);
    const rows = await t.database.client.execute("SELECT reference, risk_score, reasons FROM transaction_monitoring WHERE reference LIKE 'ref_%' ORDER BY reference");
    expect(rows.rows.map((r) => [r.reference, r.risk_score, r.reasons])).toEqual([
      ["ref_a", 10, "[]"],
      ["ref_b", 55, '["velocity"]'],
      ["ref_c", 70, '["amount","velocity"]'],
      ["ref_d", 5, "[]"],
    ]);
  });

  it("writes RECORD_CHUNK rows per write, each write one statement, scores before profiles", async () => {
    const { write, writes } = countingWriter();
    const records = new LibsqlFraudRecords(t.database, write);
    const many = Array.from({ length: RECORD_CHUNK * 2 + 7 }, (_, i) => score(`chunk_${i}`, 20, ["velocity"]));
    const profile = { userId: user, riskLevel: "medium" as const, riskScore: 42, factors: ["Rapid betting"] };
    const r = await records.record({ alerts: [], monitoring: many, profiles: [profile], at });
    expect(r.monitoringRecords).toBe(many.length);
    expect(writes.map((w) => w.map((s) => s.rows))).toEqual([[RECORD_CHUNK], [RECORD_CHUNK], [7], [1]]);
    expect(writes[3][0].sql).toContain("INTO user_risk_profiles");
    const stored = await t.database.client.execute("SELECT COUNT(*) AS n FROM transaction_monitoring WHERE reference LIKE 'chunk_%'");
    expect(Number(stored.rows[0].n)).toBe(many.length);
    const p = await t.database.client.execute({ sql: "SELECT risk_score, factors FROM user_risk_profiles WHERE user_id = ?", args: [user] });
    expect([p.rows[0].risk_score, p.rows[0].factors]).toEqual([42, '["Rapid betting"]']);
  });

  it("writes ALERT_CHUNK alerts per write, before the scores, and each alert once", async () => {
    const { write, writes } = countingWriter();
    const records = new LibsqlFraudRecords(t.database, write);
    const alerts = Array.from({ length: ALERT_CHUNK * 2 + 3 }, (_, i) => ({
      id: `fra_chunk_${i}`, userId: user, alertType: "rapid_betting" as const, severity: "medium" as const, description: "burst",
      dedupeKey: `rapid_betting:${user}:chunk_${i}`, confidence: null, evidence: { betIds: Array.from({ length: 50 }, (_, j) => `bet_${j}`) }, createdAt: at,
    }));
    const r = await records.record({ alerts, monitoring: [score("after_alerts", 5, [])], profiles: [], at });
    expect(r.alertsRaised).toBe(alerts.length);
    expect(writes.map((w) => w.length)).toEqual([ALERT_CHUNK, ALERT_CHUNK, 3, 1]);
    expect(writes[3][0].sql).toContain("INTO transaction_monitoring");
    // Again: the keys are taken, nothing raised twice.
    expect((await records.record({ alerts, monitoring: [], profiles: [], at })).alertsRaised).toBe(0);
  });

  it("on an embedded file, writes through the group commit the bets share", async () => {
    const gc = t.database.groupCommit!;
    expect(gc).toBeDefined();
    const before = gc.stats.writes;
    const r = await new LibsqlFraudRecords(t.database).record({ alerts: [], monitoring: [score("gc_a", 5, []), score("gc_b", 5, [])], profiles: [], at });
    expect(r.monitoringRecords).toBe(2);
    expect(gc.stats.writes - before).toBe(1);
  });
});

describe("LibsqlFraudRecords reads a page at a time", () => {
  it("the same bets and stored scores with pages of 2 as in one page, rows sharing a millisecond across page ends included", async () => {
    // Seven scores stored at one and the same moment: every page boundary falls inside a tie.
    const tied = Array.from({ length: 7 }, (_, i) => score(`page_${i}`, 30, []));
    await new LibsqlFraudRecords(t.database).record({ alerts: [], monitoring: tied, profiles: [], at });
    const paged = new LibsqlFraudRecords(t.database, fraudWriter(t.database), 2);
    // All seven found across the pages: none new, none written again.
    const { write, writes } = countingWriter();
    const pagedWriting = new LibsqlFraudRecords(t.database, write, 2);
    expect((await pagedWriting.record({ alerts: [], monitoring: tied, profiles: [], at })).monitoringRecords).toBe(0);
    expect(scoreRows(writes)).toBe(0);

    // Bets: the demo data's, many sharing a millisecond with another (a bet's terms cannot be edited).
    const tiedBets = await t.database.client.execute("SELECT COUNT(*) AS n FROM (SELECT placed_at FROM bets GROUP BY placed_at HAVING COUNT(*) > 2)");
    expect(Number(tiedBets.rows[0].n)).toBeGreaterThan(0);
    const since = new Date(0);
    const one = await new LibsqlFraudRecords(t.database).activity(since);
    const pages = await paged.activity(since);
    expect(one.bets.length).toBeGreaterThan(5);
    const key = (b: { id: string; placedAt: Date }) => `${b.placedAt.getTime()}:${b.id}`;
    expect(pages.bets.map(key).sort()).toEqual(one.bets.map(key).sort());
    expect(new Set(pages.bets.map((b) => b.id)).size).toBe(pages.bets.length);
  });
});
