/**
 * The ledger holds on a connection with foreign keys off (SQLite's default), where 0024's commit-time
 * check (a deferred foreign key) does not run. Raw SQL on a second connection of the app's database
 * file, `PRAGMA foreign_keys = OFF`, tries the attacks (migrations/0054_ledger_any_connection.sql):
 *   - a one-sided posting, an unbalanced close: refused at the closing posting;
 *   - a one-sided transaction that never declares it is complete: it commits (nothing runs at
 *     COMMIT without the pragma) but its money is held: no posting of another transaction may touch
 *     the account until it balances, and the reconciliation alarms on it;
 *   - editing or deleting a posting, forging a balance, closing the open row by hand: refused.
 * Then the reconciliation job: alarms (kept, shown in GET /api/admin/system, logged) on an open
 * transaction, an unbalanced transaction and a balance that differs from its postings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client, type InStatement } from "@libsql/client";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectLedgerBalanced } from "../fixtures/builders.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { LedgerReconciler } from "../../api/jobs/ledger-reconciler.ts";

let t: TestApp;
let raw: Client;
beforeAll(async () => {
  t = await makeTestApp();
  raw = createClient({ url: t.url });
  await raw.execute("PRAGMA foreign_keys = OFF");
});
afterAll(() => {
  raw.close();
  t.close();
});

let n = 0;
const txId = () => `tx_fk_off_${++n}`;
const tx = (id: string, count: number | null): InStatement => ({
  sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count) VALUES (?, 'adjustment', NULL, 0, NULL, ?)",
  args: [id, count],
});
const posting = (id: string, account: string, amount: number): InStatement => ({
  sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, 0)",
  args: [id, account, amount],
});
const write = (statements: InStatement[]) => raw.batch(statements, "write");

async function money() {
  const rs = await raw.execute(
    `SELECT (SELECT COUNT(*) FROM ledger_transactions) AS txs, (SELECT COUNT(*) FROM ledger_postings) AS postings,
            (SELECT group_concat(id || '=' || balance, ';') FROM (SELECT id, balance FROM ledger_accounts ORDER BY id)) AS balances`,
  );
  return { ...rs.rows[0] };
}
async function customerWallet() {
  const c = await demoLogin(t, "customer");
  return { c, wallet: `wallet:${await currentUserId(c)}` };
}
const balance = async (account: string) => Number((await raw.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [account] })).rows[0].balance);

describe("raw SQL with foreign keys off", () => {
  it("the connection really has foreign keys off", async () => {
    expect(Number((await raw.execute("PRAGMA foreign_keys")).rows[0].foreign_keys)).toBe(0);
  });

  it("one-sided posting: a transaction declaring one posting of +100,000 to a wallet is refused, nothing written", async () => {
    const { wallet } = await customerWallet();
    const before = await money();
    await expect(write([tx(txId(), 1), posting(`tx_fk_off_${n}`, wallet, 100_000)])).rejects.toThrow(/LEDGER.UNBALANCED/);
    expect(await money()).toEqual(before);
  });

  it("unbalanced close: +100 and -50 declared as the whole transaction is refused at the second posting", async () => {
    const { wallet } = await customerWallet();
    const before = await money();
    const id = txId();
    await expect(write([tx(id, 2), posting(id, wallet, 100), posting(id, "house", -50)])).rejects.toThrow(/LEDGER.UNBALANCED/);
    await expect(write([tx(txId(), 3), posting(`tx_fk_off_${n}`, wallet, 100), posting(`tx_fk_off_${n}`, "house", -100), posting(`tx_fk_off_${n}`, "house", -7)]))
      .rejects.toThrow(/LEDGER.UNBALANCED/);
    expect(await money()).toEqual(before);
  });

  it("editing a posting, deleting one, forging a balance or closing the open row by hand: refused", async () => {
    const { wallet } = await customerWallet();
    const before = await money();
    const last = Number((await raw.execute("SELECT MAX(id) AS id FROM ledger_postings")).rows[0].id);
    await expect(raw.execute({ sql: "UPDATE ledger_postings SET amount = amount + 100000 WHERE id = ?", args: [last] })).rejects.toThrow();
    await expect(raw.execute({ sql: "DELETE FROM ledger_postings WHERE id = ?", args: [last] })).rejects.toThrow();
    await expect(raw.execute({ sql: "UPDATE ledger_accounts SET balance = balance + 100000 WHERE id = ?", args: [wallet] })).rejects.toThrow(/LEDGER.BALANCE_BY_POSTINGS_ONLY/);
    const id = txId();
    await expect(write([tx(id, 2), posting(id, wallet, 100_000), { sql: "DELETE FROM ledger_open_transactions WHERE transaction_id = ?", args: [id] }]))
      .rejects.toThrow(/LEDGER.UNBALANCED/);
    expect(await money()).toEqual(before);
  });

  it("a one-sided transaction left open commits, but its money is held: no other posting may touch the account until it balances", async () => {
    const { c, wallet } = await customerWallet();
    const start = await balance(wallet);
    const id = txId();
    // Declares two postings and sends one: nothing at COMMIT checks it with foreign keys off.
    await write([tx(id, 2), posting(id, wallet, 100_000)]);
    expect(await balance(wallet)).toBe(start + 100_000);
    // The money cannot move on: any posting of another transaction to the account is refused (a
    // stake, a withdrawal's hold and a transfer are all such postings), in or out.
    const spend = txId();
    await expect(write([tx(spend, 2), posting(spend, wallet, -100_000), posting(spend, "house", 100_000)])).rejects.toThrow(/LEDGER.ACCOUNT_HELD/);
    const more = txId();
    await expect(write([tx(more, 2), posting(more, "promotions", -5), posting(more, wallet, 5)])).rejects.toThrow(/LEDGER.ACCOUNT_HELD/);
    expect(await balance(wallet)).toBe(start + 100_000);
    // Through the API: a bet or a withdrawal from the held wallet is a 409 naming the hold, nothing written.
    const before = await money();
    const events = (await (await c.get("/api/events?status=upcoming&limit=5")).json()) as { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] }[];
    const [e] = events;
    const o = e.markets[0].outcomes[0];
    const bet = await c.post("/api/bets", { selections: [{ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: o.odds }], stake: 100, betType: "single" });
    expect(bet.status).toBe(409);
    expect(((await bet.json()) as { error: { code: string } }).error.code).toBe("LEDGER.ACCOUNT_HELD");
    expect(await money()).toEqual(before);

    // The reconciliation alarms on it; once the missing posting arrives the account is free and the alarm resolves.
    const lines: Record<string, unknown>[] = [];
    const job = new LedgerReconciler({ ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds }, { intervalMs: 0, log: (l) => lines.push(l) });
    const pass = await job.runOnce({ needLease: false });
    expect(pass?.findings.map((f) => [f.kind, f.subject])).toEqual([["open_transaction", id]]);
    expect(lines).toEqual([expect.objectContaining({ level: "error", job: "ledger-reconciliation" })]);
    const admin = await demoLogin(t, "admin");
    const sys = (await (await admin.get("/api/admin/system")).json()) as { status: string; ledgerAlarms: { kind: string; subject: string; detail: string }[] };
    expect(sys.status).toBe("degraded");
    expect(sys.ledgerAlarms).toEqual([expect.objectContaining({ kind: "open_transaction", subject: id })]);
    expect(sys.ledgerAlarms[0].detail).toMatch(/held/);

    await raw.execute(posting(id, "promotions", -100_000));
    expect(Number((await raw.execute({ sql: "SELECT COUNT(*) AS n FROM ledger_open_transactions WHERE transaction_id = ?", args: [id] })).rows[0].n)).toBe(0);
    expect((await job.runOnce({ needLease: false }))?.findings).toEqual([]);
    expect(((await (await admin.get("/api/admin/system")).json()) as { ledgerAlarms: unknown[] }).ledgerAlarms).toEqual([]);
    const free = txId();
    await write([tx(free, 2), posting(free, wallet, -1), posting(free, "house", 1)]);
  });
});

describe("the ledger reconciliation", () => {
  let own: TestApp;
  let conn: Client;
  beforeAll(async () => {
    // Its own database: the triggers are dropped here to plant what they would refuse.
    own = await makeTestApp();
    conn = createClient({ url: own.url });
  });
  afterAll(() => {
    conn.close();
    own.close();
  });

  it("a sound ledger raises nothing, and a second pass reads only the new postings", async () => {
    const job = new LedgerReconciler({ ports: libsqlPorts(own.database), clock: own.clock, ids: randomIds }, { intervalMs: 0, log: () => {} });
    const first = await job.runOnce({ needLease: false });
    expect(first?.findings).toEqual([]);
    expect(first!.checkedThrough).toBeGreaterThan(0);
    const second = await job.runOnce({ needLease: false });
    expect(second).toMatchObject({ checkedFrom: first!.checkedThrough, checkedThrough: first!.checkedThrough, findings: [] });
  });

  it("alarms on an unbalanced transaction and on a balance that differs from its postings, each once, until resolved", async () => {
    const lines: Record<string, unknown>[] = [];
    const job = new LedgerReconciler({ ports: libsqlPorts(own.database), clock: own.clock, ids: randomIds }, { intervalMs: 0, log: (l) => lines.push(l) });
    await job.runOnce({ needLease: false });
    const c = await demoLogin(own, "customer");
    const wallet = `wallet:${await currentUserId(c)}`;
    const old = String((await conn.execute({ sql: "SELECT transaction_id FROM ledger_postings WHERE account_id = ? ORDER BY id LIMIT 1", args: [wallet] })).rows[0].transaction_id);
    // What only a connection that drops the guards can do: a posting appended to a closed
    // transaction, and a balance edited by hand.
    await conn.executeMultiple(`
      DROP TRIGGER ledger_postings_to_open_transaction;
      DROP TRIGGER ledger_accounts_balance_by_postings;
      INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('${old}', '${wallet}', 2500, 0);
      UPDATE ledger_accounts SET balance = balance + 700 WHERE id = 'house';
    `);
    const pass = await job.runOnce({ needLease: false });
    expect(pass?.findings.map((f) => [f.kind, f.subject]).sort()).toEqual([["balance_mismatch", "house"], ["unbalanced_transaction", old]]);
    expect(lines.at(-1)).toMatchObject({ level: "error", job: "ledger-reconciliation" });
    // The mismatch of an account no posting touched since is found again; the alarm is refreshed, not repeated.
    const again = await job.runOnce({ needLease: false });
    expect(again?.findings.map((f) => f.kind)).toEqual(["balance_mismatch"]);
    const alarms = await conn.execute("SELECT kind, subject FROM ledger_alarms WHERE resolved_at IS NULL ORDER BY kind");
    expect(alarms.rows.map((r) => [r.kind, r.subject])).toEqual([["balance_mismatch", "house"], ["unbalanced_transaction", old]]);
    const admin = await demoLogin(own, "admin");
    const sys = (await (await admin.get("/api/admin/system")).json()) as { ledgerAlarms: { kind: string }[] };
    expect(sys.ledgerAlarms.map((a) => a.kind).sort()).toEqual(["balance_mismatch", "unbalanced_transaction"]);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
