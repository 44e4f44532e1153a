/**
 * The large-first-bet fraud rule on a real database (domain/fraud/rules/large-first-bet.ts): a new
 * account that deposits 50,000.00 and minutes later stakes 20,000.00 on its first bet is alerted
 * (high) by the next scan, once; a first bet under the 1,000.00 floor is not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  pool = await upcomingPool(admin);
});
afterAll(() => t.close());

type Alert = { alertType: string; severity: string; description: string; evidence: Record<string, unknown>; user: { id: string } };

/** A new real customer who deposits `deposit` and then places a first single of `stake`. */
async function depositThenBet(deposit: number, stake: number) {
  const s = await realCustomerLogin(t);
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  const d = await s.post("/api/wallet/deposits", { method: "crypto", amount: deposit });
  expect(d.status, await d.clone().text()).toBe(201);
  const bet = await placeOk(s, [selectionOf(pool.next((e) => e.sport === "soccer"))], stake);
  return { userId: await currentUserId(s), betId: bet.bet.id as string };
}

async function firstBetAlerts(userId: string): Promise<Alert[]> {
  expect((await admin.post("/api/admin/fraud/scan")).status).toBe(200);
  const res = await admin.get("/api/admin/fraud-alerts?timeWindow=1h");
  expect(res.status).toBe(200);
  return ((await res.json()) as Alert[]).filter((a) => a.alertType === "large_first_bet" && a.user.id === userId);
}

describe("a large first bet soon after the first deposit", () => {
  it("20,000.00 staked minutes after depositing 50,000.00: one high alert, and the rule is listed with it", async () => {
    const { userId, betId } = await depositThenBet(5_000_000, 2_000_000);
    const alerts = await firstBetAlerts(userId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: "high", evidence: { betId, stake: 2_000_000, deposit: 5_000_000, shareOfDeposit: 0.4 } });
    expect(alerts[0].description).toMatch(/^First bet of \$20,000\.00 placed (less than a minute|\d+ minutes?) after the account's first deposit of \$50,000\.00 \(40% of it\)$/);
    // A second scan raises it no more.
    expect(await firstBetAlerts(userId)).toHaveLength(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts WHERE alert_type = 'large_first_bet' AND user_id = ?", [userId])).toBe(1);
    const precision = (await (await admin.get("/api/admin/fraud/rule-precision")).json()) as { alertType: string; open: number }[];
    expect(precision.find((p) => p.alertType === "large_first_bet")).toMatchObject({ open: 1 });
  });

  it("a first bet under the 1,000.00 floor is not alerted, however large a share of the deposit", async () => {
    const { userId } = await depositThenBet(100_000, 99_000);
    expect(await firstBetAlerts(userId)).toEqual([]);
  });
});
