/**
 * Recording a fraud scan: a rescored transaction whose score, reasons and amount are as stored is
 * not written again (each write holds the writer lock, and with it every bet placement).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InStatement } from "@libsql/client";
import { makeTestApp, type TestApp } from "../../tests/fixtures/test-app.ts";
import { LibsqlFraudRecords } from "./fraud.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("LibsqlFraudRecords.record", () => {
  it("writes new and changed scores only", async () => {
    const records = new LibsqlFraudRecords(t.database);
    const user = String((await t.database.client.execute("SELECT id FROM users WHERE role = 'customer' LIMIT 1")).rows[0].id);
    const at = new Date("2026-11-21T12:00:00Z");
    const score = (reference: string, riskScore: number, reasons: string[]) => ({
      id: `mon_${reference}_${riskScore}`, userId: user, monitoringType: "bet_stake" as const, reference, amount: 500, riskScore, reasons, createdAt: at,
    });
    // The monitoring upserts this adapter sends, counted on the real client.
    const client = t.database.client;
    const batch = client.batch.bind(client);
    let upserts = 0;
    client.batch = (async (stmts: InStatement[], mode?: "write" | "read" | "deferred") => {
      upserts += stmts.filter((s) => typeof s !== "string" && /INSERT INTO transaction_monitoring/.test(s.sql)).length;
      return batch(stmts, mode);
    }) as typeof client.batch;
    try {
      const first = [score("ref_a", 10, []), score("ref_b", 40, ["velocity"]), score("ref_c", 70, ["velocity", "amount"])];
      expect((await records.record({ alerts: [], monitoring: first, profiles: [], at })).monitoringRecords).toBe(3);
      expect(upserts).toBe(3);

      upserts = 0;
      const again = [score("ref_a", 10, []), score("ref_b", 55, ["velocity"]), score("ref_c", 70, ["amount", "velocity"]), score("ref_d", 5, [])];
      expect((await records.record({ alerts: [], monitoring: again, profiles: [], at: new Date(at.getTime() + 60_000) })).monitoringRecords).toBe(1);
      // ref_a is as stored; ref_b's score, ref_c's reasons (their order is part of them) and ref_d are new.
      expect(upserts).toBe(3);
    } finally {
      client.batch = batch;
    }
    const rows = await t.database.client.execute("SELECT reference, risk_score, reasons FROM transaction_monitoring WHERE reference LIKE 'ref_%' ORDER BY reference");
    expect(rows.rows.map((r) => [r.reference, r.risk_score, r.reasons])).toEqual([
      ["ref_a", 10, "[]"],
      ["ref_b", 55, '["velocity"]'],
      ["ref_c", 70, '["amount","velocity"]'],
      ["ref_d", 5, "[]"],
    ]);
  });
});
