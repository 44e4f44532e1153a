/**
 * Cash out through the API: the quote (stake x placed odds / current odds x 0.95, rounded down,
 * valid 10 seconds, stored in the database so any instance can accept it), accepting it in one
 * write (cashed_out, cash_out ledger transaction, audit), and every refusal: expired, moved,
 * suspended market, not pending, not yours. Ledger invariants after each.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, currentUserId, expectError, expectLedgerBalanced, milli, placeOk, selectionOf, siblingApps,
  type ApiEvent, type Selection,
} from "../fixtures/builders.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp({ realClock: true });

/** floor(stake x placed / current x 0.95), computed independently with BigInt. */
const expectedCashOut = (stake: number, placed: bigint, current: bigint) => Number((BigInt(stake) * placed * 95n) / (current * 100n));

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}
async function setPrice(outcomeId: string, priceMilli: bigint) {
  await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [Number(priceMilli), Date.now(), outcomeId] });
}
async function setMarket(marketId: string, status: "open" | "suspended") {
  await t.database.client.execute({ sql: "UPDATE markets SET status = ? WHERE id = ?", args: [status, marketId] });
}
/** A single on an event no other test will use, so its prices can be moved. */
async function placedSingle(c: { s: Session }, stake = 1_000): Promise<{ event: ApiEvent; sel: Selection; betId: string }> {
  const event = t.pool.forMutation();
  const sel = selectionOf(event);
  const placed = await placeOk(c.s, [sel], stake);
  return { event, sel, betId: placed.bet.id };
}
const quote = (s: Session, betId: string) => s.post(`/api/bets/${betId}/cash-out/quote`);
const accept = (s: Session, betId: string, quoteId: string) => s.post(`/api/bets/${betId}/cash-out`, { quoteId });

describe("POST /api/bets/{id}/cash-out/quote", () => {
  it("quotes stake x placed odds / current odds x 0.95, rounded down, valid 10 seconds, stored", async () => {
    const c = await customer();
    const { sel, betId } = await placedSingle(c, 1_000);
    const current = milli(sel.odds) + 250n;
    await setPrice(sel.outcomeId, current);
    const now = new Date();
    t.clock.set(now);
    const res = await quote(c.s, betId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      quoteId: expect.stringMatching(/^coq_/),
      amount: expectedCashOut(1_000, milli(sel.odds), current),
      expiresAt: new Date(now.getTime() + 10_000).toISOString(),
    });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM cash_out_quotes WHERE id = ? AND bet_id = ?", [body.quoteId, betId])).toBe(1);
  });

  it("prices a multiple's legs together (the product)", async () => {
    const c = await customer();
    const [a, b] = [t.pool.forMutation(), t.pool.forMutation()].map((e) => selectionOf(e));
    const placed = await placeOk(c.s, [a, b], 2_000);
    await setPrice(b.outcomeId, milli(b.odds) - 100n);
    const body = await (await quote(c.s, placed.bet.id)).json();
    const placedMilli = (milli(a.odds) * milli(b.odds)) / 1000n;
    const currentMilli = (milli(a.odds) * (milli(b.odds) - 100n)) / 1000n;
    expect(body.amount).toBe(expectedCashOut(2_000, placedMilli, currentMilli));
  });

  it("is refused while a market is suspended (409 CASHOUT.MARKET_SUSPENDED), and GET /api/bets says so", async () => {
    const c = await customer();
    const { event, betId } = await placedSingle(c);
    let bets = await (await c.s.get("/api/bets")).json();
    expect(bets.find((b: { id: string }) => b.id === betId).cashOut).toEqual({ available: true });
    await setMarket(event.markets[0].id, "suspended");
    await expectError(await quote(c.s, betId), 409, "CASHOUT.MARKET_SUSPENDED");
    bets = await (await c.s.get("/api/bets")).json();
    expect(bets.find((b: { id: string }) => b.id === betId).cashOut).toEqual({ available: false, reason: `The ${event.markets[0].name} market is suspended` });
    await setMarket(event.markets[0].id, "open");
  });

  it("someone else's bet is 404 BET.NOT_FOUND; visitors and staff are refused", async () => {
    const c = await customer();
    const { betId } = await placedSingle(c);
    const other = await customer();
    await expectError(await quote(other.s, betId), 404, "BET.NOT_FOUND");
    await expectError(await quote(other.s, "bet_nope"), 404, "BET.NOT_FOUND");
    await expectError(await quote(new Session(t), betId), 401, "AUTH.REQUIRED");
    await expectError(await quote(await demoLogin(t, "admin"), betId), 403, "AUTH.FORBIDDEN");
  });
});

describe("POST /api/bets/{id}/cash-out", () => {
  it("settles the bet cashed_out for the quoted amount through a cash_out ledger transaction, audited, in one write", async () => {
    const c = await customer();
    const { sel, betId } = await placedSingle(c, 2_000);
    await setPrice(sel.outcomeId, milli(sel.odds) - 200n);
    const q = await (await quote(c.s, betId)).json();
    const before = await balanceOf(c.s);
    const res = await accept(c.s, betId, q.quoteId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      amount: q.amount,
      balance: before + q.amount,
      bet: { id: betId, status: "cashed_out", actualReturn: q.amount, settledAt: expect.any(String) },
    });
    expect(body.bet.cashOut).toBeUndefined();
    expect(await balanceOf(c.s)).toBe(before + q.amount);
    const tx = await t.database.client.execute({
      sql: `SELECT t.kind, p.account_id, p.amount FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
            WHERE t.reference = ? AND t.kind = 'cash_out' ORDER BY p.id`,
      args: [betId],
    });
    expect(tx.rows.map((r) => [r.account_id, r.amount])).toEqual([["house", -q.amount], [`wallet:${c.id}`, q.amount]]);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'bet.cash_out' AND entity_id = ?", [betId])).toBe(1);
    const listed = (await (await c.s.get("/api/bets")).json()).find((b: { id: string }) => b.id === betId);
    expect(listed).toMatchObject({ status: "cashed_out", actualReturn: q.amount });
    expect(listed.cashOut).toBeUndefined();
    await expectLedgerBalanced(t.database);
  });

  it("a second accept, or settling it afterwards, is 409 BET.NOT_PENDING and pays nothing more", async () => {
    const c = await customer();
    const { betId } = await placedSingle(c);
    const q = await (await quote(c.s, betId)).json();
    expect((await accept(c.s, betId, q.quoteId)).status).toBe(200);
    const balance = await balanceOf(c.s);
    await expectError(await accept(c.s, betId, q.quoteId), 409, "BET.NOT_PENDING");
    await expectError(await quote(c.s, betId), 409, "BET.NOT_PENDING");
    const admin = await demoLogin(t, "admin");
    await expectError(await admin.post(`/api/admin/settle-bet/${betId}`, { status: "lost", actualReturn: 0 }), 409, "BET.NOT_PENDING");
    expect(await balanceOf(c.s)).toBe(balance);
    await expectLedgerBalanced(t.database);
  });

  it("two accepts at once: exactly one pays", async () => {
    const c = await customer();
    const { betId } = await placedSingle(c);
    const q = await (await quote(c.s, betId)).json();
    const before = await balanceOf(c.s);
    const results = await Promise.all([accept(c.s, betId, q.quoteId), accept(c.s, betId, q.quoteId), accept(c.s, betId, q.quoteId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(c.s)).toBe(before + q.amount);
    await expectLedgerBalanced(t.database);
  });

  it("an expired quote is 409 CASHOUT.QUOTE_EXPIRED: valid until 10 seconds after it was given, not at 10 seconds", async () => {
    const c = await customer();
    const a = await placedSingle(c);
    const b = await placedSingle(c);
    const t0 = new Date();
    t.clock.set(t0);
    const qa = await (await quote(c.s, a.betId)).json();
    const qb = await (await quote(c.s, b.betId)).json();
    t.clock.set(new Date(t0.getTime() + 10_000));
    const balance = await balanceOf(c.s);
    const r = await expectError(await accept(c.s, a.betId, qa.quoteId), 409, "CASHOUT.QUOTE_EXPIRED");
    expect(r.error.details).toEqual({ expiresAt: qa.expiresAt });
    expect(await balanceOf(c.s)).toBe(balance);
    t.clock.set(new Date(t0.getTime() + 9_999));
    expect((await accept(c.s, b.betId, qb.quoteId)).status).toBe(200);
  });

  it("a price that moved since the quote is 409 CASHOUT.QUOTE_MOVED, nothing written; a fresh quote works", async () => {
    const c = await customer();
    const { sel, betId } = await placedSingle(c);
    const q = await (await quote(c.s, betId)).json();
    await setPrice(sel.outcomeId, milli(sel.odds) + 10n);
    const balance = await balanceOf(c.s);
    await expectError(await accept(c.s, betId, q.quoteId), 409, "CASHOUT.QUOTE_MOVED");
    expect(await balanceOf(c.s)).toBe(balance);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE id = ? AND status = 'pending'", [betId])).toBe(1);
    const fresh = await (await quote(c.s, betId)).json();
    expect(fresh.amount).toBe(expectedCashOut(1_000, milli(sel.odds), milli(sel.odds) + 10n));
    expect((await accept(c.s, betId, fresh.quoteId)).status).toBe(200);
  });

  it("a market suspended after the quote is 409 CASHOUT.MARKET_SUSPENDED", async () => {
    const c = await customer();
    const { event, betId } = await placedSingle(c);
    const q = await (await quote(c.s, betId)).json();
    await setMarket(event.markets[0].id, "suspended");
    await expectError(await accept(c.s, betId, q.quoteId), 409, "CASHOUT.MARKET_SUSPENDED");
    await setMarket(event.markets[0].id, "open");
  });

  it("a quote of another bet or customer is 404 CASHOUT.QUOTE_NOT_FOUND; bad bodies are 400", async () => {
    const c = await customer();
    const a = await placedSingle(c);
    const b = await placedSingle(c);
    const qa = await (await quote(c.s, a.betId)).json();
    await expectError(await accept(c.s, b.betId, qa.quoteId), 404, "CASHOUT.QUOTE_NOT_FOUND");
    await expectError(await accept(c.s, b.betId, "coq_nope"), 404, "CASHOUT.QUOTE_NOT_FOUND");
    const other = await customer();
    await expectError(await accept(other.s, a.betId, qa.quoteId), 404, "BET.NOT_FOUND");
    await expectError(await c.s.post(`/api/bets/${a.betId}/cash-out`, {}), 400, "REQUEST.INVALID");
  });

  it("a quote from one server instance is accepted by another (quotes live in the database)", async () => {
    const c = await customer();
    const { betId } = await placedSingle(c);
    const q = await (await quote(c.s, betId)).json();
    const siblings = await siblingApps(t, 1);
    try {
      const res = await siblings.apps[0].request(`/api/bets/${betId}/cash-out`, {
        method: "POST",
        headers: { cookie: c.s.cookie, "content-type": "application/json" },
        body: JSON.stringify({ quoteId: q.quoteId }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).amount).toBe(q.amount);
    } finally {
      siblings.close();
    }
  });
});
