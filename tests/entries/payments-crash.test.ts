/**
 * Durable payments under SIGKILL: the server is killed in the middle of a
 * deposit, withdrawal and betting load (the simulated provider takes 300 ms, so many payments are
 * in flight), then restarted on the same database; on start it reconciles pending payments with the
 * provider, whose records live in their own table. Afterwards:
 *   - no payment is left pending;
 *   - every payment shown completed was completed by the provider (its record says approved), and
 *     none the provider completed is shown failed;
 *   - every customer's cash = demo grant + completed deposits (net of fee) - completed withdrawals
 *     - stakes + returns (the ledger's bet movements on the wallet) + bonus released to cash; and
 *     their bonus account = the completed deposits' bonuses + bet movements on it - released -
 *     expired (bonus funds are not cash: docs/money.md "Bonus funds");
 *   - nothing is held any more (payments_held is 0), the ledger balances, and every acknowledged
 *     deposit or withdrawal is there, completed.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeServer } from "./node-server.ts";

const dir = mkdtempSync(join(tmpdir(), "sportsbook-pay-crash-"));
const dbUrl = `file:${join(dir, "crash.db")}`;
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  const started = await startNodeServer({
      DATABASE_URL: dbUrl, LOG_REQUESTS: "0", RATE_LIMITS: "off", FEED_INTERVAL_MS: "1000",
      PAYMENT_LATENCY_MS: "300", PAYMENT_RECONCILE_GRACE_MS: "0", PAYMENT_RECONCILE_INTERVAL_MS: "0", FRAUD_SCAN_INTERVAL_MS: "0", FANTASY_INTERVAL_MS: "0",
    });
  child = started.child;
  return started.base;
}

const json = { "content-type": "application/json" };
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };

describe("SIGKILL during deposits and withdrawals", () => {
  it("after restart and reconciliation every balance is what the completed payments and bets say", async () => {
    const base = await start();
    const login = async () =>
      (await fetch(`${base}/api/demo/login`, { method: "POST", headers: json, body: JSON.stringify({ role: "customer" }) })).headers.getSetCookie()[0].split(";")[0];
    const customers = await Promise.all(Array.from({ length: 16 }, login));
    for (const cookie of customers) {
      const res = await fetch(`${base}/api/responsible/limit-prompt`, { method: "PUT", headers: { ...json, cookie }, body: JSON.stringify({ declined: true }) });
      expect(res.status).toBe(200);
    }
    const events = (await (await fetch(`${base}/api/events?status=upcoming&limit=30`)).json()) as Ev[];
    const selections = events.flatMap((e) => e.markets[0].outcomes.map((o) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: o.odds })));

    const acknowledged: { paymentId: string; kind: "deposit" | "withdrawal" }[] = [];
    let stop = false;
    let n = 0;
    // Amounts ending in 13 cents are declined by the simulator, so failures are part of the load.
    const payer = (kind: "deposit" | "withdrawal") => async () => {
      while (!stop) {
        const k = n++;
        const cookie = customers[k % customers.length];
        const amount = kind === "deposit" ? 5_000 + (k % 7) * 1_000 + (k % 4 === 0 ? 13 : 0) : 5_000 + (k % 5) * 500 + (k % 3 === 0 ? 13 : 0);
        try {
          const res = await fetch(`${base}/api/wallet/${kind === "deposit" ? "deposits" : "withdrawals"}`, {
            method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ method: "bank", amount }),
          });
          if (res.status === 201) acknowledged.push({ paymentId: ((await res.json()) as { paymentId: string }).paymentId, kind });
          else await res.body?.cancel();
        } catch {
          return; // the server is gone
        }
      }
    };
    const better = async () => {
      while (!stop) {
        const k = n++;
        try {
          const res = await fetch(`${base}/api/bets`, {
            method: "POST", headers: { ...json, cookie: customers[k % customers.length] },
            body: JSON.stringify({ selections: [selections[k % selections.length]], stake: 100 + (k % 5) * 10, betType: "single" }),
          });
          await res.body?.cancel();
        } catch {
          return;
        }
      }
    };
    const workers = [
      ...Array.from({ length: 10 }, payer("deposit")), ...Array.from({ length: 10 }, payer("withdrawal")), better(), better(),
    ];
    // Kill it mid-load, once 20 payments have been acknowledged (on data, not after a fixed time).
    while (acknowledged.length <= 20) await new Promise((r) => setTimeout(r, 10));
    const killed = child!;
    const exited = new Promise((r) => killed.once("exit", r));
    killed.kill("SIGKILL");
    await exited;
    stop = true;
    await Promise.all(workers);

    const db = createClient({ url: dbUrl });
    try {
      const rows = async (sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows;
      const leftPending = Number((await rows("SELECT COUNT(*) AS n FROM payments WHERE state = 'pending'"))[0].n);
      // The kill caught payments in flight (otherwise this test proves nothing about recovery).
      expect(leftPending).toBeGreaterThan(0);

      const restartedAt = Date.now();
      const again = await start(); // reconciles before it serves
      expect((await fetch(`${again}/api/health`)).status).toBe(200);

      expect(await rows("SELECT id FROM payments WHERE state IN ('pending', 'awaiting_approval')")).toEqual([]);
      expect(Number((await rows("SELECT COUNT(*) AS n FROM payments WHERE updated_at >= ?", [restartedAt]))[0].n)).toBeGreaterThanOrEqual(leftPending);
      // Completed means the provider completed it; failed means it did not (or never received it).
      expect(await rows(
        `SELECT p.id, p.state, o.approved FROM payments p
         LEFT JOIN simulated_provider_operations o ON o.reference = p.id AND o.kind = CASE p.direction WHEN 'deposit' THEN 'charge' ELSE 'payout' END
         WHERE (p.state = 'completed' AND (o.approved IS NULL OR o.approved <> 1 OR o.provider_reference IS NOT p.provider_reference))
            OR (p.state = 'failed' AND o.approved = 1)`,
      )).toEqual([]);
      expect(Number((await rows("SELECT COUNT(*) AS n FROM payments WHERE state = 'failed'"))[0].n)).toBeGreaterThan(0);
      for (const a of acknowledged) expect((await rows("SELECT state FROM payments WHERE id = ?", [a.paymentId]))[0]?.state, a.paymentId).toBe("completed");

      // Every customer's balance from first principles.
      const wallets = await rows(`SELECT a.user_id, a.balance FROM ledger_accounts a JOIN users u ON u.id = a.user_id
                                  WHERE a.kind = 'wallet' AND EXISTS (SELECT 1 FROM payments p WHERE p.user_id = a.user_id)`);
      expect(wallets.length).toBe(customers.length);
      for (const w of wallets) {
        const [pay] = await rows(
          `SELECT COALESCE(SUM(CASE WHEN direction = 'deposit' AND state = 'completed' THEN amount - fee ELSE 0 END), 0) AS deposits,
                  COALESCE(SUM(CASE WHEN direction = 'deposit' AND state = 'completed' THEN bonus ELSE 0 END), 0) AS bonuses,
                  COALESCE(SUM(CASE WHEN direction = 'withdrawal' AND state = 'completed' THEN amount ELSE 0 END), 0) AS withdrawals
           FROM payments WHERE user_id = ?`, [String(w.user_id)]);
        const movements = async (accountId: string) => (await rows(
          `SELECT COALESCE(SUM(CASE WHEN t.kind = 'demo_grant' THEN p.amount ELSE 0 END), 0) AS grants,
                  COALESCE(SUM(CASE WHEN t.kind IN ('bet_stake', 'bet_payout', 'bet_refund', 'bet_resettlement', 'cash_out') THEN p.amount ELSE 0 END), 0) AS bets,
                  COALESCE(SUM(CASE WHEN t.kind IN ('bonus_release', 'bonus_expired') THEN p.amount ELSE 0 END), 0) AS closed
           FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id WHERE p.account_id = ?`, [accountId]))[0];
        const led = await movements(`wallet:${w.user_id}`);
        expect(Number(w.balance), String(w.user_id)).toBe(Number(led.grants) + Number(pay.deposits) - Number(pay.withdrawals) + Number(led.bets) + Number(led.closed));
        const bon = await movements(`bonus:${w.user_id}`);
        const [bonusAccount] = await rows("SELECT balance FROM ledger_accounts WHERE id = ?", [`bonus:${w.user_id}`]);
        expect(Number(bonusAccount.balance), `bonus:${w.user_id}`).toBe(Number(pay.bonuses) + Number(bon.bets) + Number(bon.closed));
      }
      expect(Number((await rows("SELECT balance FROM ledger_accounts WHERE id = 'payments_held'"))[0].balance)).toBe(0);
      expect(await rows("SELECT transaction_id, SUM(amount) AS s FROM ledger_postings GROUP BY transaction_id HAVING s <> 0")).toEqual([]);
      expect(
        await rows("SELECT a.id FROM ledger_accounts a WHERE a.balance <> COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)"),
      ).toEqual([]);

      // The customer sees the truth too: nothing "Pending" after reconciliation.
      const mine = (await (await fetch(`${again}/api/wallet/payments?limit=500`, { headers: { cookie: customers[0] } })).json()) as { items: { stateLabel: string }[] };
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.filter((p) => p.stateLabel === "Pending")).toEqual([]);
    } finally {
      db.close();
    }
  }, 300_000);
});
