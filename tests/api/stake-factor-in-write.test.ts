/**
 * The stake factor is checked inside the placement write: a trader lowering a customer's factor
 * after the use case has priced the bet refuses it with BET.STAKE_TOO_HIGH, nothing written. The
 * use case reads no limit figures before the write (the write checks them), so the race is made with
 * a hook on the Bets port: the factor is lowered just before the plan is written.
 */
import { describe, expect, it } from "vitest";
import { demoLogin } from "../fixtures/test-app.ts";
import { balanceOf, countRows, placeOk, selectionOf } from "../fixtures/builders.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { Ports } from "../../domain/ports/index.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

/** Ports whose placement write is preceded at once by a trader setting the customer's factor to `bp`. */
function lowerBeforeWrite(userId: string, bp: number): Ports {
  const ports = libsqlPorts(t.database);
  const real = ports.bets.place.bind(ports.bets);
  const place = async (...args: Parameters<typeof real>) => {
    await t.database.client.execute({
      sql: "INSERT INTO customer_stake_factors (user_id, factor_bp, updated_at, updated_by) VALUES (?, ?, ?, NULL) ON CONFLICT (user_id) DO UPDATE SET factor_bp = excluded.factor_bp",
      args: [userId, bp, Date.now()],
    });
    return real(...args);
  };
  return { ...ports, bets: Object.assign(Object.create(ports.bets), { place }) };
}

describe("the stake factor inside the placement write", () => {
  it("lowered between the pricing and the write: BET.STAKE_TOO_HIGH, nothing written; at the old factor the same bet is placed", async () => {
    const s = await demoLogin(t, "customer");
    const me = (await (await s.get("/api/auth/user")).json()) as { id: string };
    const user = (await libsqlPorts(t.database).users.findById(me.id))!;
    const sel = selectionOf(t.pool.next());
    const before = await balanceOf(s);
    const bets = () => countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [user.id]);
    const txs = () => countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions");
    const txsBefore = await txs();
    const res = await placeBet(
      { actor: { kind: "user", user, sessionId: "test" }, ports: lowerBeforeWrite(user.id, 1), clock: { now: () => new Date() }, ids: randomIds },
      { selections: [sel], stake: 5000, betType: "single" },
      null,
    );
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.code).toBe("BET.STAKE_TOO_HIGH");
    expect(await bets()).toBe(0);
    expect(await txs()).toBe(txsBefore);
    expect(await balanceOf(s)).toBe(before);
    // Back at full factor the same bet goes through the ordinary path.
    await t.database.client.execute({ sql: "DELETE FROM customer_stake_factors WHERE user_id = ?", args: [user.id] });
    await placeOk(s, [sel], 5000);
    expect(await bets()).toBe(1);
  });
});
