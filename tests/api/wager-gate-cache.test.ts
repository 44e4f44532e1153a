/**
 * What a server keeps of a customer's wager gates (adapters/libsql/wager-gate-cache.ts: the wager
 * snapshot of a customer with no loss limit and no exclusion, and the account settings) is never used
 * once those rows changed, whoever changed them. Rows written by plain SQL between two bets, as another
 * server on the same database or an operator's script would, decide the second bet. The counter that
 * makes this so (migration 0063) moves with every change to a gate row and not with a write of the
 * same values.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { currentUserId, expectError, placeOk, selectionOf, type Selection } from "../fixtures/builders.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

const sql = (statement: string, args: (string | number | null)[] = []) => t.database.client.execute({ sql: statement, args });
const counter = async (userId: string) => Number((await sql("SELECT wager_gate_version FROM users WHERE id = ?", [userId])).rows[0].wager_gate_version);

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}
const single = (s: Session, sel: Selection, stake: number) => s.post("/api/bets", { selections: [sel], stake, betType: "single" });

describe("the counter", () => {
  it("moves with an insert, a change and a delete of each gate row, and not with an update that writes the same values", async () => {
    const { id } = await customer();
    const now = Date.now();
    let last = await counter(id);
    const moves = async (statement: string, args: (string | number | null)[], by: number) => {
      await sql(statement, args);
      const next = await counter(id);
      expect(next - last, statement).toBe(by);
      last = next;
    };
    await moves("INSERT INTO user_settings (user_id, odds_format, price_change_policy, reality_check_minutes, updated_at) VALUES (?, 'decimal', 'refuse', 60, ?)", [id, now], 1);
    await moves("UPDATE user_settings SET price_change_policy = 'refuse' WHERE user_id = ?", [id], 0);
    await moves("UPDATE user_settings SET price_change_policy = 'accept_any' WHERE user_id = ?", [id], 1);
    await moves("DELETE FROM user_settings WHERE user_id = ?", [id], 1);
    await moves("INSERT INTO responsible_limits (user_id, type, period, amount, updated_at) VALUES (?, 'loss', 'daily', 5000, ?)", [id, now], 1);
    await moves("UPDATE responsible_limits SET amount = 5000 WHERE user_id = ?", [id], 0);
    await moves("UPDATE responsible_limits SET pending_amount = 9000, pending_effective_at = ? WHERE user_id = ?", [now + 86_400_000, id], 1);
    await moves("DELETE FROM responsible_limits WHERE user_id = ?", [id], 1);
    await moves("INSERT INTO register_checks (user_id, listed, checked_at, reference) VALUES (?, 0, ?, 'r1') ON CONFLICT (user_id) DO UPDATE SET checked_at = excluded.checked_at", [id, now], 1);
    await moves("UPDATE register_checks SET listed = 0, checked_at = ? WHERE user_id = ?", [now, id], 0);
    await moves("UPDATE register_checks SET checked_at = ? WHERE user_id = ?", [now + 1, id], 1);
    await moves("INSERT INTO responsible_exclusions (id, user_id, kind, started_at, ends_at, reason) VALUES (?, ?, 'timeout', ?, ?, NULL)", [`x-${id}`, id, now, now + 60_000], 1);
  });
});

describe("a bet after another writer changed the customer's gates", () => {
  it("an exclusion written after a bet refuses the next one (403 RG.SELF_EXCLUDED)", async () => {
    const { s, id } = await customer();
    const sel = selectionOf(t.pool.next());
    await placeOk(s, [sel], 100);
    await placeOk(s, [sel], 100);
    const now = Date.now();
    await sql("INSERT INTO responsible_exclusions (id, user_id, kind, started_at, ends_at, reason) VALUES (?, ?, 'timeout', ?, ?, NULL)", [`x2-${id}`, id, now - 1000, now + 3_600_000]);
    await expectError(await single(s, sel, 100), 403, "RG.SELF_EXCLUDED");
  });

  it("a loss limit written after a bet applies to the next one (422 RG.LOSS_LIMIT)", async () => {
    const { s, id } = await customer();
    const sel = selectionOf(t.pool.next());
    await placeOk(s, [sel], 500);
    await placeOk(s, [sel], 500);
    await sql("INSERT INTO responsible_limits (user_id, type, period, amount, updated_at) VALUES (?, 'loss', 'daily', 1500, ?)", [id, Date.now()]);
    // 1,000 staked and pending counts as lost: 600 more would pass the 1,500 limit.
    await expectError(await single(s, sel, 600), 422, "RG.LOSS_LIMIT");
    await placeOk(s, [sel], 500);
  });

  it("a price-change policy written after a bet decides the next one", async () => {
    const { s, id } = await customer();
    const sel = selectionOf(t.pool.next());
    await placeOk(s, [sel], 100);
    // Refused under the default policy: the slip's price is not the current one.
    const stale = { ...sel, odds: sel.odds === "1.50" ? "1.60" : "1.50" };
    await expectError(await single(s, stale, 100), 409, "BET.ODDS_CHANGED");
    await sql(
      "INSERT INTO user_settings (user_id, odds_format, price_change_policy, reality_check_minutes, updated_at) VALUES (?, 'decimal', 'accept_any', 60, ?)",
      [id, Date.now()],
    );
    const placed = await placeOk(s, [stale], 100);
    expect(placed.bet.totalOdds).toBe(sel.odds);
  });

  it("the customer's own settings change is read back at once", async () => {
    const { s } = await customer();
    const sel = selectionOf(t.pool.next());
    await placeOk(s, [sel], 100);
    const res = await s.request("PUT", "/api/account/settings", { priceChangePolicy: "accept_any" });
    expect(res.status, await res.text()).toBe(200);
    const stale = { ...sel, odds: sel.odds === "1.50" ? "1.60" : "1.50" };
    expect((await placeOk(s, [stale], 100)).bet.totalOdds).toBe(sel.odds);
  });
});
