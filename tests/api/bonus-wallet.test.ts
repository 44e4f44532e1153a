/**
 * The bonus wallet (docs/money.md "Bonus funds") through the API on a real database:
 * the deposit bonus lands in the bonus account, not cash; it cannot be withdrawn before wagering;
 * stakes take cash first, then bonus, and returns split by the rule; wagering counts only settled
 * qualifying stakes, none hedged by the customer's bet on another outcome of the same market;
 * release converts exactly; expiry; one welcome offer; Send Bonus refused to a
 * suspended customer inside its write; the bonus account cannot go negative (raw SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectLedgerBalanced, listEvents, selectionOf, type Selection } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { runBonusUpkeep } from "../../domain/wallet/bonus-account.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer } from "../../domain/wallet/ledger.ts";
import { bonusAccountId } from "../../domain/wallet/bonus.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let admin: Session;
let ports: ReturnType<typeof libsqlPorts>;
let high: Selection[] = [];
let low: Selection[] = [];
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  ports = libsqlPorts(t.database);
  const events = await listEvents(admin, "status=upcoming&limit=200");
  for (const e of events)
    for (let m = 0; m < e.markets.length; m++)
      for (let o = 0; o < e.markets[m].outcomes.length; o++) {
        const sel = selectionOf(e, m, o);
        const odds = Number(sel.odds);
        if (odds >= 1.5 && odds <= 4) high.push(sel);
        else if (odds < 1.5) low.push(sel);
      }
  high = high.filter((s, i, a) => a.findIndex((x) => x.eventId === s.eventId) === i);
  low = low.filter((s, i, a) => a.findIndex((x) => x.eventId === s.eventId) === i);
});
afterAll(() => t.close());

async function customer() {
  const s = await demoLogin(t, "customer");
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return { s, id: await currentUserId(s) };
}

const deposit = async (s: Session, amount: number) => {
  const res = await s.post("/api/wallet/deposits", { method: "bank", amount });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { bonus: number; balance: number };
};
const bonusOf = async (s: Session) => {
  const res = await s.get("/api/wallet/bonus");
  expect(res.status).toBe(200);
  return (await res.json()) as { cash: number; bonus: number; active: boolean; wagered: number; required: number; progressText: string | null; expiresAt: string | null };
};
async function bet(s: Session, sel: Selection, stake: number) {
  const res = await s.post("/api/bets", { selections: [sel], stake, betType: "single" });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as { bet: { id: string; potentialReturn: number; stake: number }; balance: number };
}
const settle = async (id: string, status: "won" | "lost" | "void", actualReturn: number) => {
  const res = await admin.post(`/api/admin/settle-bet/${id}`, { status, actualReturn, override: EARLY, ...(status === "void" ? { reasonCode: "void_by_rule" } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
};
const rowOf = async (sql: string, args: (string | number)[]) => (await t.database.client.execute({ sql, args })).rows[0] as unknown as Record<string, number | string>;

describe("bonus wallet", () => {
  it("a deposit bonus goes to the bonus account; more than cash is refused; stake cash then bonus; returns split; release is exact", async () => {
    const { s, id } = await customer();
    const start = await bonusOf(s);
    // 500.00 by bank (no fee): bonus 10% = 50.00 to the bonus account, cash +500.00.
    const d = await deposit(s, 50_000);
    expect(d.bonus).toBe(5_000);
    const b1 = await bonusOf(s);
    expect(b1).toMatchObject({ cash: start.cash + 50_000, bonus: 5_000, active: true, wagered: 0, required: 50_000 });
    expect(b1.progressText).toBe("$0.00 of $500.00 wagered at 1.50+");
    // A second deposit of the same person gets no welcome offer.
    expect((await deposit(s, 10_000)).bonus).toBe(0);
    expect((await bonusOf(s)).bonus).toBe(5_000);

    // Withdrawing more than cash (bonus would cover it) is refused, nothing written.
    const cash = start.cash + 60_000;
    const payments = await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [id]);
    await expectError(await s.post("/api/wallet/withdrawals", { method: "bank", amount: cash + 100 }), 422, "WALLET.BONUS_NOT_WITHDRAWABLE");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [id])).toBe(payments);
    expect((await bonusOf(s)).cash).toBe(cash);

    // Stake cash + 20.00: cash 0, 20.00 from the bonus (bets.bonus_stake).
    const sel = high[0];
    const placed = await bet(s, sel, cash + 2_000);
    expect(placed.balance).toBe(0);
    expect(await rowOf("SELECT bonus_stake FROM bets WHERE id = ?", [placed.bet.id])).toMatchObject({ bonus_stake: 2_000 });
    expect(await bonusOf(s)).toMatchObject({ cash: 0, bonus: 3_000, wagered: 0 });

    // Won: bonus share floor(R x 2000 / stake) to bonus, the rest to cash. Settled stake >= 500.00
    // at >= 1.50 meets the wagering, so the bonus (3,000 + share) is released to cash, exactly.
    const R = placed.bet.potentialReturn;
    const share = Math.floor((R * 2_000) / placed.bet.stake);
    await settle(placed.bet.id, "won", R);
    const payout = await rowOf(
      `SELECT SUM(CASE WHEN p.account_id = ? THEN p.amount ELSE 0 END) AS bonus, SUM(CASE WHEN p.account_id = ? THEN p.amount ELSE 0 END) AS cash
       FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id WHERE x.reference = ? AND x.kind = 'bet_payout'`,
      [bonusAccountId(id), `wallet:${id}`, placed.bet.id],
    );
    expect(payout).toMatchObject({ bonus: share, cash: R - share });
    const after = await bonusOf(s);
    expect(after).toMatchObject({ cash: R + 3_000, bonus: 0, active: false });
    const release = await rowOf(
      `SELECT p.amount FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id WHERE x.kind = 'bonus_release' AND p.account_id = ?`,
      [`wallet:${id}`],
    );
    expect(release.amount).toBe(3_000 + share);
    // Now it is all cash and withdrawable.
    expect((await s.post("/api/wallet/withdrawals", { method: "bank", amount: 5_000 })).status).toBe(201);
    await expectLedgerBalanced(t.database);
  });

  it("wagering counts only settled stakes at the minimum odds: not below it, not void, not pending", async () => {
    const { s } = await customer();
    await deposit(s, 20_000); // bonus 20.00, requirement 200.00
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, required: 20_000, wagered: 0 });
    const lowBet = await bet(s, low[0], 30_000);
    await settle(lowBet.bet.id, "lost", 0);
    const voided = await bet(s, high[1], 30_000);
    await settle(voided.bet.id, "void", 30_000);
    await bet(s, high[2], 30_000); // pending
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, wagered: 0, active: true });
    const counted = await bet(s, high[3], 15_000);
    await settle(counted.bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, wagered: 15_000, active: true });
    expect((await bonusOf(s)).progressText).toBe("$150.00 of $200.00 wagered at 1.50+");
    const more = await bet(s, high[4], 5_000);
    await settle(more.bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 0, active: false });
    await expectLedgerBalanced(t.database);
  });

  it("a hedged pair leaves wagering unchanged: both sides of one market, or every outcome of one, count nothing; a bet alone counts", async () => {
    const { s } = await customer();
    await deposit(s, 20_000); // bonus 20.00, requirement 200.00
    const events = await listEvents(admin, "status=upcoming&limit=200");
    const within = (e: (typeof events)[number], n: number) =>
      e.markets.findIndex((m) => m.status === "open" && m.outcomes.length === n && m.outcomes.every((o) => Number(o.odds) >= 1.5));
    const two = events.find((e) => within(e, 2) >= 0)!;
    const three = events.find((e) => e.id !== two.id && within(e, 3) >= 0)!;
    const alone = high.find((x) => x.eventId !== two.id && x.eventId !== three.id)!;
    // 43.41 on one side and 56.59 on the other of one two-way market: one wins, one loses.
    const sideA = await bet(s, selectionOf(two, within(two, 2), 0), 4_341);
    const sideB = await bet(s, selectionOf(two, within(two, 2), 1), 5_659);
    await settle(sideA.bet.id, "won", sideA.bet.potentialReturn);
    await settle(sideB.bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, wagered: 0, active: true });
    // Home, draw and away of one match: together they cover every outcome.
    const m = within(three, 3);
    const covers = [await bet(s, selectionOf(three, m, 0), 2_000), await bet(s, selectionOf(three, m, 1), 2_000), await bet(s, selectionOf(three, m, 2), 2_000)];
    await settle(covers[0].bet.id, "lost", 0);
    await settle(covers[1].bet.id, "won", covers[1].bet.potentialReturn);
    await settle(covers[2].bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, wagered: 0, active: true });
    // A bet on its own counts its whole stake.
    const single = await bet(s, alone, 15_000);
    await settle(single.bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 2_000, wagered: 15_000, active: true });
    // The requirement met by unhedged stakes only, the bonus is released (and not left for the expiry test).
    const last = await bet(s, high.find((x) => x.eventId !== two.id && x.eventId !== three.id && x.eventId !== alone.eventId)!, 5_000);
    await settle(last.bet.id, "lost", 0);
    expect(await bonusOf(s)).toMatchObject({ bonus: 0, active: false });
    await expectLedgerBalanced(t.database);
  });

  it("an unreleased bonus expires after 30 days to the house (scheduler upkeep)", async () => {
    const { s, id } = await customer();
    await deposit(s, 10_000); // bonus 10.00
    const b = await bonusOf(s);
    expect(b.bonus).toBe(1_000);
    expect(new Date(b.expiresAt!).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(30 * 86_400_000);
    const house = Number((await rowOf("SELECT balance FROM ledger_accounts WHERE id = 'house'", [])).balance);
    const real = t.clock.now();
    t.clock.set(new Date(real.getTime() + 30 * 86_400_000 + 1_000));
    try {
      const r = await runBonusUpkeep({ ports, clock: t.clock, ids: randomIds });
      expect(r.expired).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.set(real);
    }
    expect(await bonusOf(s)).toMatchObject({ bonus: 0, active: false });
    expect(Number((await rowOf("SELECT balance FROM ledger_accounts WHERE id = 'house'", [])).balance)).toBe(house + 1_000);
    expect(await rowOf("SELECT status FROM bonus_grants WHERE user_id = ?", [id])).toMatchObject({ status: "expired" });
  });

  it("Send Bonus credits the bonus account, and is refused to a suspended customer, also inside the write", async () => {
    const { s, id } = await customer();
    const ok = await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 1_500, reason: "goodwill" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ amount: 1_500, bonusBalance: 1_500 });
    expect((await bonusOf(s)).bonus).toBe(1_500);
    // Suspended: refused before the write ...
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [id] });
    const postings = await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ?", [bonusAccountId(id)]);
    const refused = await expectError(await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 1_000, reason: "again" }), 409, "RG.MARKETING_REFUSED");
    expect(refused.error.message).toMatch(/suspended/);
    // ... and inside it (the port's write asserts it, whatever the caller read).
    const tx = ledgerTransaction({ id: randomIds.next("tx"), kind: "adjustment", reference: "bonus: x", createdAt: new Date(), createdBy: null },
      transfer(PROMOTIONS_ACCOUNT, bonusAccountId(id), 1_000));
    if (!tx.ok) throw new Error("tx");
    const audit = { id: randomIds.next("aud"), actorId: null, actorRole: "admin", action: "customer.bonus", entityType: "user", entityId: id, before: null, after: null, createdAt: new Date() };
    expect(await ports.bonuses.credit(tx.value, id, audit, new Date())).toBe("refused");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ?", [bonusAccountId(id)])).toBe(postings);
  });

  it("the database refuses a posting that takes a bonus account below zero (raw SQL)", async () => {
    const { id } = await customer();
    const c = t.database.client;
    await expect(c.batch([
      { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, posting_count) VALUES ('tx_neg_bonus', 'adjustment', NULL, 0, 2)", args: [] },
      { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('tx_neg_bonus', ?, -1, 0), ('tx_neg_bonus', 'house', 1, 0)", args: [bonusAccountId(id)] },
    ], "write")).rejects.toThrow(/ledger_accounts_wallet_nonneg_ck/);
  });
});
