/**
 * The guards the database enforces on its own (migrations/0001_guards.sql), checked by going
 * around the API: the ledger and the audit log are append-only, a wallet cannot be overdrawn,
 * a settled bet stays settled, a bet's terms are fixed, and prices are re-checked inside the
 * placement write. Settlements and event changes made through the API leave audit rows.
 */
import { describe, expect, it } from "vitest";
import { demoLogin } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectLedgerBalanced, placeOk, selectionOf } from "../fixtures/builders.ts";
import { EARLY } from "../fixtures/settle.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

const exec = (sql: string, args: (string | number)[] = []) => t.database.client.execute({ sql, args });

describe("append-only ledger and audit log", () => {
  it("refuses UPDATE and DELETE on ledger_postings", async () => {
    const before = await exec("SELECT COUNT(*) AS n, SUM(amount) AS s FROM ledger_postings");
    expect(Number(before.rows[0].n)).toBeGreaterThan(0);
    await expect(exec("UPDATE ledger_postings SET amount = 1")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    await expect(exec("DELETE FROM ledger_postings")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    const after = await exec("SELECT COUNT(*) AS n, SUM(amount) AS s FROM ledger_postings");
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it("refuses UPDATE and DELETE on ledger_transactions", async () => {
    await expect(exec("UPDATE ledger_transactions SET kind = 'bet_payout'")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    await expect(exec("DELETE FROM ledger_transactions")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
  });

  it("refuses UPDATE and DELETE on audit_log", async () => {
    const n = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    expect(n).toBeGreaterThan(0); // the seed settled bets and finished events
    await expect(exec("UPDATE audit_log SET actor_role = 'customer'")).rejects.toThrow(/AUDIT\.IMMUTABLE/);
    await expect(exec("DELETE FROM audit_log")).rejects.toThrow(/AUDIT\.IMMUTABLE/);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log")).toBe(n);
  });
});

describe("money and bets", () => {
  it("refuses a posting that would overdraw a wallet, and leaves the balance as it was", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const tx = `tx_test_overdraft_${Date.now()}`;
    await expect(
      t.database.client.batch(
        [
          { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'bet_stake', NULL, ?, NULL)", args: [tx, Date.now()] },
          { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, ?)", args: [tx, `wallet:${id}`, -100001, Date.now()] },
          { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, 'house', ?, ?)", args: [tx, 100001, Date.now()] },
        ],
        "write",
      ),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(await balanceOf(c)).toBe(100000);
  });

  it("refuses settling a settled bet again, or changing its terms, behind the API's back", async () => {
    const c = await demoLogin(t, "customer");
    const admin = await demoLogin(t, "admin");
    const placed = await placeOk(c, [selectionOf(t.pool.next())], 1000);
    await expect(exec("UPDATE bets SET stake = 1 WHERE id = ?", [placed.bet.id])).rejects.toThrow(/BET\.TERMS_IMMUTABLE/);
    await expect(exec("UPDATE bets SET potential_return = 99999999 WHERE id = ?", [placed.bet.id])).rejects.toThrow(/BET\.TERMS_IMMUTABLE/);
    expect((await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "lost", actualReturn: 0 })).status).toBe(200);
    await expect(exec("UPDATE bets SET status = 'won' WHERE id = ?", [placed.bet.id])).rejects.toThrow(/BET\.NOT_PENDING/);
    const rs = await exec("SELECT status, stake, potential_return FROM bets WHERE id = ?", [placed.bet.id]);
    expect(rs.rows[0]).toMatchObject({ status: "lost", stake: 1000, potential_return: placed.bet.potentialReturn });
  });

  it("refuses a bet leg at a price other than the current one, inside the write", async () => {
    const c = await demoLogin(t, "customer");
    const placed = await placeOk(c, [selectionOf(t.pool.next())], 1000);
    const leg = (await exec("SELECT * FROM bet_legs WHERE bet_id = ?", [placed.bet.id])).rows[0];
    await expect(
      exec(
        `INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name)
         VALUES (?, ?, 2, ?, ?, ?, ?, 'pending', 'x', 'x', 'x')`,
        [`${placed.bet.id}-2`, placed.bet.id, String(leg.event_id), String(leg.market_id), String(leg.outcome_id), Number(leg.odds_milli) + 10],
      ),
    ).rejects.toThrow(/BET\.ODDS_CHANGED/);
  });

  it("refuses moving an event backwards or re-finishing it", async () => {
    const finished = (await exec("SELECT id FROM events WHERE status = 'finished' LIMIT 1")).rows[0].id as string;
    await expect(exec("UPDATE events SET status = 'live' WHERE id = ?", [finished])).rejects.toThrow(/EVENT\.INVALID_TRANSITION/);
    await expect(exec("UPDATE events SET status = 'finished' WHERE id = ?", [finished])).rejects.toThrow(/EVENT\.INVALID_TRANSITION/);
  });
});

describe("audit rows written through the API", () => {
  it("a settlement and an event status change each write one audit row naming the admin", async () => {
    const admin = await demoLogin(t, "admin");
    const adminId = await currentUserId(admin);
    const c = await demoLogin(t, "customer");
    const event = t.pool.forMutation();
    const placed = await placeOk(c, [selectionOf(event)], 1000);

    expect((await admin.post(`/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "void", actualReturn: 1000, reasonCode: "void_by_rule" })).status).toBe(200);
    expect((await admin.patch(`/api/admin/events/${event.id}`, { status: "live" })).status).toBe(200);

    const rows = (
      await exec("SELECT actor_id, actor_role, action, entity_type, entity_id, before, after FROM audit_log WHERE entity_id IN (?, ?)", [
        placed.bet.id,
        event.id,
      ])
    ).rows.map((r) => ({ ...r, before: JSON.parse(String(r.before)), after: JSON.parse(String(r.after)) }));
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor_id: adminId,
          actor_role: "admin",
          action: "bet.settle",
          entity_type: "bet",
          entity_id: placed.bet.id,
          before: { status: "pending", actualReturn: null },
          after: expect.objectContaining({ status: "void", actualReturn: 1000 }),
        }),
        expect.objectContaining({
          actor_id: adminId,
          actor_role: "admin",
          action: "event.status",
          entity_type: "event",
          entity_id: event.id,
          before: { status: "upcoming" },
          after: { status: "live" },
        }),
      ]),
    );
    expect(rows.length).toBe(2);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});

describe("price history (migration 0005)", () => {
  it("appends every price change with old and new price, whoever makes it, and refuses edits", async () => {
    const o = await exec("SELECT id, market_id, price_milli FROM outcomes ORDER BY id LIMIT 1");
    const { id, market_id, price_milli } = o.rows[0] as unknown as { id: string; market_id: string; price_milli: number };
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM price_changes");
    await exec("UPDATE outcomes SET price_milli = ?, updated_at = 1234 WHERE id = ?", [price_milli + 10, id]);
    await exec("UPDATE outcomes SET updated_at = 1300 WHERE id = ?", [id]); // no price change: no row
    const rows = await exec("SELECT outcome_id, market_id, old_price_milli, new_price_milli, changed_at FROM price_changes ORDER BY id DESC LIMIT 1");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM price_changes")).toBe(before + 1);
    expect({ ...rows.rows[0] }).toEqual({ outcome_id: id, market_id, old_price_milli: price_milli, new_price_milli: price_milli + 10, changed_at: 1234 });
    await expect(exec("UPDATE price_changes SET new_price_milli = 1")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
    await expect(exec("DELETE FROM price_changes")).rejects.toThrow(/LEDGER\.IMMUTABLE/);
  });
});

describe("connection settings", () => {
  it("foreign keys are enforced on every statement, also after batch writes (one connection per process)", async () => {
    await t.database.client.batch([{ sql: "SELECT 1", args: [] }], "write");
    await t.database.client.batch([{ sql: "SELECT 1", args: [] }], "write");
    await expect(exec("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s-x', 'no-such-user', 0, 1)")).rejects.toThrow(/FOREIGN KEY/);
    const fk = await exec("PRAGMA foreign_keys");
    expect(Number(Object.values(fk.rows[0])[0])).toBe(1);
  });
});
