/**
 * Settlement exceptions and same game multis with a void leg: a void leg re-grades at or below the
 * quote (the subset table is capped at the whole bet's price, an older table above it too), and a
 * settlement a database guard refuses becomes an exception for operators while the rest of the
 * market settles (GET /api/admin/settlement-exceptions), never a 500.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import { balanceOf, expectError, expectLedgerBalanced, milli, selectionOf, type ApiEvent, type Selection } from "../fixtures/builders.ts";
import { EARLY } from "../fixtures/settle.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

const soccer = (e: ApiEvent) => e.sport === "soccer" && e.markets.length >= 4 && e.markets.every((m) => m.status === "open");
const quote = async (s: Session, legs: Selection[]) =>
  (await (await s.post("/api/betting/same-game-multis/quote", { selections: legs.map(({ odds: _o, ...l }) => l) })).json()) as { odds: string };
const placeSgm = async (s: Session, legs: Selection[], stake: number) => {
  const res = await s.post("/api/bets", { selections: legs, stake, betType: "same_game_multi" });
  expect(res.status).toBe(201);
  return (await res.json()).bet as { id: string; totalOdds: string; potentialReturn: number };
};
const sql = (text: string, args: (string | number)[]) => t.database.client.execute({ sql: text, args });
const exceptions = async (s: Session, status: "open" | "all" = "open") => {
  const res = await s.get(`/api/admin/settlement-exceptions?status=${status}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { betId: string; code: string; message: string; attemptedStatus: string; attemptedReturn: number; resolvedAt: string | null; marketId: string; via: string; potentialReturn: number; betStatus: string }[] }).items;
};
const betOf = async (s: Session, id: string) => ((await (await s.get("/api/bets")).json()) as { id: string; status: string; actualReturn: number | null }[]).find((b) => b.id === id)!;

describe("a same game multi with a void leg re-grades at or below its quote", () => {
  it("pays the remaining legs' subset price when it is below the whole, and the whole price when a stored subset is above it", async () => {
    const c = await demoLogin(t, "customer");
    const admin = await demoLogin(t, "admin");
    const e = t.pool.forMutation(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0), selectionOf(e, 3, 0)];
    const full = milli((await quote(c, legs)).odds);
    const rest = milli((await quote(c, legs.slice(1))).odds);
    const a = await placeSgm(c, legs, 1_000);
    const b = await placeSgm(c, legs, 1_000);
    expect(milli(a.totalOdds)).toBe(full);
    expect(a.potentialReturn).toBe(Number((1_000n * full) / 1000n));
    // Bet b's table as one stored before subsets were capped: the two legs left priced above the whole.
    const tableB = JSON.parse(String((await sql("SELECT sgm_prices FROM bets WHERE id = ?", [b.id])).rows[0].sgm_prices)) as Record<string, number>;
    const restKey = [`${b.id}-2`, `${b.id}-3`].sort().join("|");
    tableB[restKey] = Number(full) + 5_000;
    await sql("UPDATE bets SET sgm_prices = ? WHERE id = ?", [JSON.stringify(tableB), b.id]);
    const start = await balanceOf(c);

    expect((await admin.post(`/api/admin/markets/${legs[0].marketId}/settle`, { override: EARLY, void: true })).status).toBe(200);
    expect((await admin.post(`/api/admin/markets/${legs[1].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[1].outcomeId })).status).toBe(200);
    expect((await admin.post(`/api/admin/markets/${legs[2].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[2].outcomeId })).status).toBe(200);

    const capped = rest < full ? rest : full;
    const expectedA = Math.max(1_000, Number((1_000n * capped) / 1000n));
    expect(await betOf(c, a.id)).toMatchObject({ status: "won", actualReturn: expectedA });
    expect(expectedA).toBeLessThanOrEqual(a.potentialReturn);
    // b: capped at the whole bet's price, exactly its potential return.
    expect(await betOf(c, b.id)).toMatchObject({ status: "won", actualReturn: Number((1_000n * full) / 1000n) });
    expect(await balanceOf(c)).toBe(start + expectedA + Number((1_000n * full) / 1000n));
    expect((await exceptions(admin, "all")).filter((x) => x.betId === a.id || x.betId === b.id)).toEqual([]);
    await expectLedgerBalanced(t.database);
  });
});

describe("a settlement a database guard refuses", () => {
  it("becomes an exception listed for operators, the rest of the market settles, and a retry adds nothing", async () => {
    const c = await demoLogin(t, "customer");
    const other = await demoLogin(t, "customer");
    const admin = await demoLogin(t, "admin");
    const e = t.pool.forMutation(soccer);
    const legs = [selectionOf(e, 0, 0), selectionOf(e, 1, 0)];
    const stuck = await placeSgm(c, legs, 1_000);
    const fine = await placeSgm(other, legs, 500);
    const single = await (await other.post("/api/bets", { selections: [legs[1]], stake: 700, betType: "single" })).json();
    // Forced: the bet's stored table says the whole bet is worth 5.00 more than it was struck at (bad
    // data), so grading asks for a return above the potential return and the database guard refuses it.
    const table = JSON.parse(String((await sql("SELECT sgm_prices FROM bets WHERE id = ?", [stuck.id])).rows[0].sgm_prices)) as Record<string, number>;
    const fullKey = [`${stuck.id}-1`, `${stuck.id}-2`].sort().join("|");
    table[fullKey] = Number(milli(stuck.totalOdds)) + 5_000;
    await sql("UPDATE bets SET sgm_prices = ? WHERE id = ?", [JSON.stringify(table), stuck.id]);
    const cStart = await balanceOf(c);
    const oStart = await balanceOf(other);

    expect((await admin.post(`/api/admin/markets/${legs[0].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[0].outcomeId })).status).toBe(200);
    const res = await admin.post(`/api/admin/markets/${legs[1].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[1].outcomeId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.market.status).toBe("closed");

    const wonFine = Number((500n * milli(fine.totalOdds)) / 1000n);
    const wonSingle = Number((700n * milli(legs[1].odds)) / 1000n);
    expect(await betOf(other, fine.id)).toMatchObject({ status: "won", actualReturn: wonFine });
    expect(await betOf(other, single.bet.id)).toMatchObject({ status: "won", actualReturn: wonSingle });
    expect(await balanceOf(other)).toBe(oStart + wonFine + wonSingle);
    expect(await betOf(c, stuck.id)).toMatchObject({ status: "pending", actualReturn: null });
    expect(await balanceOf(c)).toBe(cStart);

    const attempted = Number((1_000n * (milli(stuck.totalOdds) + 5_000n)) / 1000n);
    const listed = (await exceptions(admin)).filter((x) => x.betId === stuck.id);
    expect(listed).toEqual([
      expect.objectContaining({
        betId: stuck.id, code: "BET.RETURN_ABOVE_POTENTIAL", message: "The graded return is above the bet's potential return",
        attemptedStatus: "won", attemptedReturn: attempted, marketId: legs[1].marketId, via: "market.settle",
        potentialReturn: stuck.potentialReturn, betStatus: "pending", resolvedAt: null,
      }),
    ]);
    const audit = await sql("SELECT action FROM audit_log WHERE entity_id = ? AND action = 'bet.settle_refused'", [stuck.id]);
    expect(audit.rows).toHaveLength(1);

    // The same settlement again (a retry, the results job): 200, still one exception, one audit record.
    expect((await admin.post(`/api/admin/markets/${legs[1].marketId}/settle`, { override: EARLY, winningOutcomeId: legs[1].outcomeId })).status).toBe(200);
    expect((await exceptions(admin)).filter((x) => x.betId === stuck.id)).toHaveLength(1);
    expect((await sql("SELECT action FROM audit_log WHERE entity_id = ? AND action = 'bet.settle_refused'", [stuck.id])).rows).toHaveLength(1);

    // Settling it by hand at the refused figure is a 409 with the guard, nothing written ...
    const refused = await expectError(await admin.post(`/api/admin/settle-bet/${stuck.id}`, { override: EARLY, status: "won", actualReturn: attempted }), 409, "BET.SETTLEMENT_REFUSED");
    expect(refused.error.details).toEqual({ guard: "BET.RETURN_ABOVE_POTENTIAL" });
    expect(await balanceOf(c)).toBe(cStart);
    // ... voiding it resolves the exception.
    const legIds = [`${stuck.id}-1`, `${stuck.id}-2`];
    const voided = await admin.post(`/api/admin/settle-bet/${stuck.id}`, { override: EARLY, status: "void", reasonCode: "void_by_rule", reason: "A guard refused its settlement: voided by hand", actualReturn: 1_000, legResults: legIds.map((legId) => ({ legId, result: "void" })) });
    expect(voided.status).toBe(200);
    expect((await exceptions(admin)).filter((x) => x.betId === stuck.id)).toEqual([]);
    const all = (await exceptions(admin, "all")).filter((x) => x.betId === stuck.id);
    expect(all).toHaveLength(1);
    expect(all[0].resolvedAt).not.toBeNull();
    expect(all[0].betStatus).toBe("void");
    expect(await balanceOf(c)).toBe(cStart + 1_000);
    await expectLedgerBalanced(t.database);
  });

  it("is listed to admins only, and the query is validated", async () => {
    expect((await new Session(t).get("/api/admin/settlement-exceptions")).status).toBe(401);
    for (const role of ["customer", "trader"] as const)
      expect((await (await demoLogin(t, role)).get("/api/admin/settlement-exceptions")).status).toBe(403);
    const admin = await demoLogin(t, "admin");
    await expectError(await admin.get("/api/admin/settlement-exceptions?status=closed"), 400, "REQUEST.INVALID");
    await expectError(await admin.get("/api/admin/settlement-exceptions?limit=0"), 400, "REQUEST.INVALID");
  });
});
