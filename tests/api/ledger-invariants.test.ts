/**
 * The ledger invariants the database enforces on its own (migrations/0024_ledger_invariants.sql),
 * tried with raw SQL around the API: each must be refused and leave money exactly as it was.
 *   - an account opens with balance 0 (and re-inserting an existing one cannot reset it);
 *   - a cached balance moves only through the postings trigger;
 *   - postings are added only in the write that inserted their transaction;
 *   - every transaction's postings sum to zero when the write commits.
 * The legitimate shapes (a balanced transaction of many postings, written through the statements
 * every adapter uses, alone or in a group commit) still pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InStatement } from "@libsql/client";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectLedgerBalanced } from "../fixtures/builders.ts";
import { ledgerStatements } from "../../adapters/libsql/ledger-statements.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const exec = (sql: string, args: (string | number | null)[] = []) => t.database.client.execute({ sql, args });
const batch = (statements: InStatement[]) => t.database.client.batch(statements, "write");
let n = 0;
const txId = () => `tx_invariant_${++n}`;
const insertTx = (id: string): InStatement => ({
  sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'adjustment', NULL, 0, NULL)",
  args: [id],
});
const insertPosting = (tx: string, account: string, amount: number): InStatement => ({
  sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, 0)",
  args: [tx, account, amount],
});

/** Everything money-shaped, to show a refusal changed nothing. */
async function moneySnapshot() {
  const rs = await exec(
    `SELECT (SELECT COUNT(*) FROM ledger_transactions) AS txs, (SELECT COUNT(*) FROM ledger_postings) AS postings,
            (SELECT group_concat(id || '=' || balance, ';') FROM (SELECT id, balance FROM ledger_accounts ORDER BY id)) AS balances,
            (SELECT COUNT(*) FROM ledger_accounts) AS accounts, (SELECT COUNT(*) FROM ledger_open_transactions) AS open`,
  );
  return { ...rs.rows[0] };
}

async function customerWallet() {
  const c = await demoLogin(t, "customer");
  return { c, wallet: `wallet:${await currentUserId(c)}` };
}

describe("an account opens with balance 0", () => {
  it("refuses a new account with a non-zero balance (wallet, house-like or pool), and creates nothing", async () => {
    const before = await moneySnapshot();
    for (const [id, kind, balance] of [
      ["wallet:ghost", "wallet", 100000],
      ["fantasy_pool:ghost", "fantasy_pool", 5000],
      ["house_2", "house", -1],
    ] as const) {
      await expect(
        exec("INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, ?, NULL, ?, 0)", [id, kind, balance]),
      ).rejects.toThrow(/LEDGER\.OPENING_BALANCE/);
    }
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses an account opened already pointing at a posting", async () => {
    await expect(
      exec("INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at, last_posting_id) VALUES ('fantasy_pool:cursor', 'fantasy_pool', NULL, 0, 0, 1)"),
    ).rejects.toThrow(/LEDGER\.OPENING_BALANCE/);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_accounts WHERE id = 'fantasy_pool:cursor'")).toBe(0);
  });

  it("opens an account at 0, and re-inserting an existing one (plain, OR REPLACE, upsert) cannot reset or change its balance", async () => {
    const { c, wallet } = await customerWallet();
    expect(await balanceOf(c)).toBe(100000);
    const user = wallet.slice("wallet:".length);
    await exec("INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, 0)", [wallet, user]);
    await exec("INSERT OR REPLACE INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, 0)", [wallet, user]);
    await exec("INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'wallet', ?, 0, 0) ON CONFLICT (id) DO UPDATE SET balance = 0", [wallet, user]);
    expect(await balanceOf(c)).toBe(100000);
    // A new account does open, at 0.
    await exec("INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES ('fantasy_pool:fresh', 'fantasy_pool', NULL, 0, 0)");
    expect(Number((await exec("SELECT balance FROM ledger_accounts WHERE id = 'fantasy_pool:fresh'")).rows[0].balance)).toBe(0);
  });

  it("refuses deleting an account or changing what it is", async () => {
    const { wallet } = await customerWallet();
    const before = await moneySnapshot();
    await expect(exec("DELETE FROM ledger_accounts WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    await expect(exec("UPDATE ledger_accounts SET kind = 'house' WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    await expect(exec("UPDATE ledger_accounts SET id = 'wallet:other' WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    expect(await moneySnapshot()).toEqual(before);
  });
});

describe("a balance moves only through the postings trigger", () => {
  it("refuses a direct UPDATE of a cached balance, up or down, even by zero", async () => {
    const { c, wallet } = await customerWallet();
    const before = await moneySnapshot();
    await expect(exec("UPDATE ledger_accounts SET balance = 99999999 WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    await expect(exec("UPDATE ledger_accounts SET balance = balance - 1 WHERE id = 'house'")).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    await expect(exec("UPDATE ledger_accounts SET balance = balance WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    expect(await balanceOf(c)).toBe(100000);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses forging the trigger's marker: naming an old posting, another account's posting, or a posting that does not exist", async () => {
    const { wallet } = await customerWallet();
    const mine = (await exec("SELECT id, amount FROM ledger_postings WHERE account_id = ? ORDER BY id DESC LIMIT 1", [wallet])).rows[0];
    const other = (await exec("SELECT id, amount FROM ledger_postings WHERE account_id <> ? ORDER BY id DESC LIMIT 1", [wallet])).rows[0];
    const before = await moneySnapshot();
    // Replaying this account's last posting (its own amount again).
    await expect(
      exec("UPDATE ledger_accounts SET balance = balance + ?, last_posting_id = ? WHERE id = ?", [Number(mine.amount), Number(mine.id), wallet]),
    ).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    // Borrowing a newer posting of another account.
    await expect(
      exec("UPDATE ledger_accounts SET balance = balance + ?, last_posting_id = ? WHERE id = ?", [Number(other.amount), Number(other.id), wallet]),
    ).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    // A posting id from the future.
    await expect(
      exec("UPDATE ledger_accounts SET balance = balance + 5, last_posting_id = last_posting_id + 1000000 WHERE id = ?", [wallet]),
    ).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    // Moving the marker alone (to open the way for a later edit).
    await expect(exec("UPDATE ledger_accounts SET last_posting_id = NULL WHERE id = ?", [wallet])).rejects.toThrow(/LEDGER\.BALANCE_BY_POSTINGS_ONLY/);
    expect(await moneySnapshot()).toEqual(before);
  });
});

describe("postings only with their transaction, in the same write", () => {
  it("refuses a one-sided posting appended to an old transaction", async () => {
    const { c, wallet } = await customerWallet();
    const old = (await exec("SELECT transaction_id FROM ledger_postings WHERE account_id = ? LIMIT 1", [wallet])).rows[0].transaction_id as string;
    const before = await moneySnapshot();
    await expect(exec("INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, 50000, 0)", [old, wallet])).rejects.toThrow(
      /LEDGER\.TRANSACTION_CLOSED/,
    );
    expect(await balanceOf(c)).toBe(100000);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses even a balanced pair appended to an old transaction", async () => {
    const { wallet } = await customerWallet();
    const old = (await exec("SELECT transaction_id FROM ledger_postings WHERE account_id = ? LIMIT 1", [wallet])).rows[0].transaction_id as string;
    const before = await moneySnapshot();
    await expect(batch([insertPosting(old, "promotions", -700), insertPosting(old, wallet, 700)])).rejects.toThrow(/LEDGER\.TRANSACTION_CLOSED/);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses re-opening an old transaction (directly, or by INSERT OR REPLACE of its row)", async () => {
    const old = (await exec("SELECT id FROM ledger_transactions LIMIT 1")).rows[0].id as string;
    const before = await moneySnapshot();
    await expect(exec("INSERT INTO ledger_open_transactions (transaction_id) VALUES (?)", [old])).rejects.toThrow(/LEDGER\.TRANSACTION_CLOSED/);
    await expect(exec("INSERT OR REPLACE INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'adjustment', NULL, 0, NULL)", [old])).rejects.toThrow(
      /LEDGER\.TRANSACTION_CLOSED|LEDGER\.IMMUTABLE|constraint failed/,
    );
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses a posting to a transaction that does not exist", async () => {
    const before = await moneySnapshot();
    await expect(batch([insertPosting("tx_nowhere", "promotions", -1), insertPosting("tx_nowhere", "house", 1)])).rejects.toThrow(/LEDGER\.TRANSACTION_CLOSED/);
    expect(await moneySnapshot()).toEqual(before);
  });
});

describe("every transaction's postings sum to zero, checked in the write", () => {
  it("refuses a write that leaves a transaction one-sided (in a batch, and as single statements)", async () => {
    const { c, wallet } = await customerWallet();
    const before = await moneySnapshot();
    const tx = txId();
    await expect(batch([insertTx(tx), insertPosting(tx, wallet, 50000)])).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await expect(batch([insertTx(tx), insertPosting(tx, "promotions", -300), insertPosting(tx, wallet, 200)])).rejects.toThrow(/FOREIGN KEY constraint failed/);
    // Outside a batch each statement is its own write: the transaction row alone cannot commit.
    await expect(exec("INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'adjustment', NULL, 0, NULL)", [tx])).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
    expect(await balanceOf(c)).toBe(100000);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses a transaction with no postings", async () => {
    const before = await moneySnapshot();
    await expect(batch([insertTx(txId())])).rejects.toThrow(/FOREIGN KEY constraint failed/);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("refuses closing an unbalanced transaction by hand (deleting or zeroing its open row, or filling the barrier)", async () => {
    const { wallet } = await customerWallet();
    const before = await moneySnapshot();
    const tx = txId();
    await expect(batch([insertTx(tx), insertPosting(tx, wallet, 900), { sql: "DELETE FROM ledger_open_transactions WHERE transaction_id = ?", args: [tx] }])).rejects.toThrow(
      /LEDGER\.UNBALANCED/,
    );
    await expect(
      batch([insertTx(tx), insertPosting(tx, wallet, 900), { sql: "UPDATE ledger_open_transactions SET amount_sum = 0 WHERE transaction_id = ?", args: [tx] }]),
    ).rejects.toThrow(/LEDGER\.UNBALANCED/);
    await expect(batch([insertTx(tx), insertPosting(tx, wallet, 900), { sql: "INSERT INTO ledger_commit_barrier (transaction_id) VALUES (?)", args: [tx] }])).rejects.toThrow(
      /LEDGER\.IMMUTABLE/,
    );
    // An empty transaction cannot be closed by hand either.
    await expect(batch([insertTx(tx), { sql: "DELETE FROM ledger_open_transactions WHERE transaction_id = ?", args: [tx] }])).rejects.toThrow(/LEDGER\.UNBALANCED/);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("accepts a balanced transaction written by hand, and leaves nothing open", async () => {
    const { c, wallet } = await customerWallet();
    const tx = txId();
    await batch([insertTx(tx), insertPosting(tx, "promotions", -1500), insertPosting(tx, wallet, 1000), insertPosting(tx, wallet, 500)]);
    expect(await balanceOf(c)).toBe(101500);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_open_transactions")).toBe(0);
    await expectLedgerBalanced(t.database);
  });

  it("accepts what the adapters write: many postings whose running sum touches zero midway", async () => {
    const { c, wallet } = await customerWallet();
    // The running sum is back at 0 after the second posting; ledgerStatements declares the count,
    // so the transaction stays open until the last one.
    const postings = [
      { accountId: "promotions", amount: -100 },
      { accountId: wallet, amount: 100 },
      { accountId: "house", amount: -40 },
      { accountId: wallet, amount: 40 },
      ...Array.from({ length: 600 }, (_, i) => ({ accountId: i % 2 ? "house" : "promotions", amount: -(i + 1) })),
      { accountId: wallet, amount: (600 * 601) / 2 },
    ];
    await batch(ledgerStatements({ id: txId(), kind: "adjustment", reference: null, createdAt: new Date(0), createdBy: null, postings }));
    expect(await balanceOf(c)).toBe(100000 + 140 + (600 * 601) / 2);
    await expectLedgerBalanced(t.database);
  });

  it("a declared posting count is kept: a transaction with fewer postings than declared cannot commit, even balanced", async () => {
    const { c, wallet } = await customerWallet();
    const before = await moneySnapshot();
    const tx = txId();
    await expect(
      batch([
        { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count) VALUES (?, 'adjustment', NULL, 0, NULL, 3)", args: [tx] },
        insertPosting(tx, "promotions", -100),
        insertPosting(tx, wallet, 100),
      ]),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
    // Nor can the count be edited down by hand.
    await expect(
      batch([
        { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count) VALUES (?, 'adjustment', NULL, 0, NULL, 3)", args: [tx] },
        insertPosting(tx, "promotions", -100),
        insertPosting(tx, wallet, 100),
        { sql: "UPDATE ledger_open_transactions SET expected_postings = 2 WHERE transaction_id = ?", args: [tx] },
      ]),
    ).rejects.toThrow(/LEDGER\.UNBALANCED/);
    expect(await balanceOf(c)).toBe(100000);
    expect(await moneySnapshot()).toEqual(before);
  });

  it("in a group commit, an unbalanced write is refused alone and the writes grouped with it commit", async () => {
    const gc = t.database.groupCommit!;
    expect(gc).toBeDefined();
    const { c, wallet } = await customerWallet();
    const good = (amount: number) =>
      ledgerStatements({ id: txId(), kind: "adjustment", reference: null, createdAt: new Date(0), createdBy: null, postings: [
        { accountId: "promotions", amount: -amount },
        { accountId: wallet, amount },
      ] });
    const bad = txId();
    const outcomes = await Promise.allSettled([gc.write(good(10)), gc.write([insertTx(bad), insertPosting(bad, wallet, 5000)]), gc.write(good(20))]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(await balanceOf(c)).toBe(100030);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE id = ?", [bad])).toBe(0);
  });
});

describe("after all of the above", () => {
  it("the ledger is balanced: every transaction sums to zero and every cached balance is its postings' sum", async () => {
    await expectLedgerBalanced(t.database);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_open_transactions")).toBe(0);
  });
});
