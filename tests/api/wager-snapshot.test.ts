/**
 * The placement path reads the customer's gates with one statement (responsible.wagerSnapshot).
 * It must agree with the full snapshot on everything a wager is checked against: loss limits
 * (including a pending change), exclusions in force, and the net loss in every window once a loss
 * limit exists (before that the net loss is not needed and is reported as zeros).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("responsible.wagerSnapshot agrees with snapshot", () => {
  it("without limits, with a loss limit and its pending increase, and with an exclusion", async () => {
    const ports = libsqlPorts(t.database);
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const pool = await upcomingPool(s);
    for (const stake of [150, 275, 1_000])
      expect((await s.post("/api/bets", { selections: [selectionOf(pool.next())], stake, betType: "single" })).status).toBe(201);

    const compare = async (expectNetLoss: boolean) => {
      const now = new Date();
      const [w, full] = await Promise.all([ports.responsible.wagerSnapshot(id, now), ports.responsible.snapshot(id, now)]);
      expect(w.lossLimits).toEqual(full.limits.loss);
      expect(w.exclusions).toEqual(full.exclusions);
      if (expectNetLoss) expect(w.netLoss).toEqual(full.netLoss);
      else expect(w.netLoss).toEqual({ daily: 0, weekly: 0, monthly: 0 });
      return { w, full };
    };

    const none = await compare(false);
    expect(none.full.netLoss.daily).toBe(1_425);

    expect((await put(s, "/api/responsible/limits", { type: "loss", period: "weekly", amount: 50_000 })).status).toBe(200);
    const limited = await compare(true);
    expect(limited.w.netLoss).toEqual({ daily: 1_425, weekly: 1_425, monthly: 1_425 });
    expect(limited.w.lossLimits.weekly.amount).toBe(50_000);

    // An increase waits 24 h: stored as pending, and both reads say so.
    expect((await put(s, "/api/responsible/limits", { type: "loss", period: "weekly", amount: 90_000 })).status).toBe(200);
    const pending = await compare(true);
    expect(pending.w.lossLimits.weekly.pending?.amount).toBe(90_000);

    expect((await s.post("/api/responsible/timeout", { period: "24h", reason: "a break" })).status).toBeLessThan(300);
    const excluded = await compare(true);
    expect(excluded.w.exclusions).toHaveLength(1);
    expect(excluded.w.exclusions[0].reason).toBe("a break");
  });
});
