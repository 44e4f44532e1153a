/**
 * Crash safety: the server is killed with SIGKILL in the middle of a placement and settlement load
 * and restarted on the same database. Every bet that got a success response is there with its legs
 * and stake; every settlement that got a success response is there with its payout; nothing is
 * half-written: no bet without legs or stake, no unbalanced transaction, every cached balance equals
 * the sum of its postings.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeServer } from "./node-server.ts";
import { EARLY } from "../fixtures/settle.ts";

const dir = mkdtempSync(join(tmpdir(), "sportsbook-crash-"));
const dbUrl = `file:${join(dir, "crash.db")}`;
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  const started = await startNodeServer({ DATABASE_URL: dbUrl, LOG_REQUESTS: "0", RATE_LIMITS: "off", FEED_INTERVAL_MS: "200" });
  child = started.child;
  return started.base;
}

const json = { "content-type": "application/json" };
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };

describe("SIGKILL during placement and settlement", () => {
  it("keeps every acknowledged write and no partial one", async () => {
    const base = await start();
    const login = async (role: string) =>
      (await fetch(`${base}/api/demo/login`, { method: "POST", headers: json, body: JSON.stringify({ role }) })).headers.getSetCookie()[0].split(";")[0];
    const customers = await Promise.all(Array.from({ length: 20 }, () => login("customer")));
    const admin = await login("admin");
    const events = (await (await fetch(`${base}/api/events?status=upcoming&limit=50`)).json()) as Ev[];
    const selections = events.flatMap((e) => e.markets[0].outcomes.map((o) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: o.odds })));

    const placed = new Map<string, { stake: number }>();
    const settled = new Map<string, number>();
    let stop = false;
    let i = 0;
    const placer = async () => {
      while (!stop) {
        const n = i++;
        const first = selections[n % selections.length];
        const second = selections[(n + 7) % selections.length];
        const legs = n % 3 === 0 && second.eventId !== first.eventId ? [first, second] : [first];
        try {
          const res = await fetch(`${base}/api/bets`, {
            method: "POST",
            headers: { ...json, cookie: customers[n % customers.length] },
            body: JSON.stringify({ selections: legs, stake: 100 + (n % 5) * 10, betType: legs.length > 1 ? "multiple" : "single" }),
          });
          if (res.status === 201) {
            const body = (await res.json()) as { bet: { id: string; stake: number } };
            placed.set(body.bet.id, { stake: body.bet.stake });
          } else await res.body?.cancel();
        } catch {
          return; // the server is gone
        }
      }
    };
    const settler = async () => {
      while (!stop) {
        const candidates = [...placed.keys()].filter((id) => !settled.has(id));
        const id = candidates[Math.floor(Math.random() * candidates.length)];
        if (!id) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        try {
          const res = await fetch(`${base}/api/admin/settle-bet/${id}`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ override: EARLY, status: "lost", actualReturn: 0 }) });
          if (res.status === 200) settled.set(id, 0);
          else await res.body?.cancel();
        } catch {
          return;
        }
      }
    };
    const workers = [...Array.from({ length: 12 }, placer), settler(), settler()];
    // Kill it mid-load: once 50 bets have been acknowledged (on data, not after a fixed time, so a
    // loaded machine only makes the wait longer), while the placers and settlers are still going.
    while (placed.size <= 50) await new Promise((r) => setTimeout(r, 10));
    const killed = child!;
    const exited = new Promise((r) => killed.once("exit", r));
    killed.kill("SIGKILL");
    await exited;
    stop = true;
    await Promise.all(workers);

    // Restart on the same database: it opens, migrates nothing new, and serves.
    const again = await start();
    expect((await fetch(`${again}/api/health`)).status).toBe(200);

    const db = createClient({ url: dbUrl });
    try {
      const rows = async (sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows;
      for (const [id, { stake }] of placed) {
        const [bet] = await rows("SELECT stake, status FROM bets WHERE id = ?", [id]);
        expect(bet, `acknowledged bet ${id}`).toBeTruthy();
        expect(Number(bet.stake)).toBe(stake);
        if (settled.has(id)) expect(bet.status).toBe("lost");
      }
      expect(await rows("SELECT id FROM bets b WHERE NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id)")).toEqual([]);
      expect(await rows("SELECT id FROM bets b WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.kind = 'bet_stake' AND t.reference = b.id)")).toEqual([]);
      expect(await rows("SELECT transaction_id, SUM(amount) AS s FROM ledger_postings GROUP BY transaction_id HAVING s <> 0")).toEqual([]);
      expect(await rows("SELECT id FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)")).toEqual([]);
      expect(
        await rows("SELECT a.id FROM ledger_accounts a WHERE a.balance <> COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)"),
      ).toEqual([]);
      expect(await rows("SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND balance < 0")).toEqual([]);
    } finally {
      db.close();
    }
  }, 300_000);
});
