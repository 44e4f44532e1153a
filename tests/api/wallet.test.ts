/**
 * The wallet through the API: payment methods, deposits (fees, bonus, limits of the method, the
 * limit prompt, verification, idempotency, provider declines), withdrawals (full verification,
 * overdraft refused by the database, provider declines booked back), and the history from the
 * ledger as JSON and CSV. Ledger invariants after each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey, placeOk,
  selectionOf, upcomingPool,
} from "../fixtures/builders.ts";
import { put, registerCustomer, verifiedCustomer } from "../fixtures/accounts.ts";
import { SimulatedPaymentProvider } from "../../adapters/payments/simulated-provider.ts";
import { configFromEnv } from "../../api/bootstrap.ts";

/** The provider declines charges of 40.40 and payouts of 60.60, so the tests can reach both refusals. */
const provider = new SimulatedPaymentProvider({
  decline: (op) =>
    op.kind === "charge" && op.amount === 4_040 ? "Insufficient funds on card" : op.kind === "payout" && op.amount === 6_060 ? "Account closed" : null,
});
let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp({ paymentProvider: provider });
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

/** A demo customer (verified full, 1,000.00) who has answered the deposit-limit prompt. */
async function customer() {
  const s = await demoLogin(t, "customer");
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return { s, id: await currentUserId(s) };
}

const paymentsOf = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [userId]);
const postingsOf = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ?", [`wallet:${userId}`]);

async function postingsOfTx(txId: string) {
  const rs = await t.database.client.execute({
    sql: "SELECT account_id, amount FROM ledger_postings WHERE transaction_id = ? ORDER BY id",
    args: [txId],
  });
  return rs.rows.map((r) => [String(r.account_id), Number(r.amount)]);
}

describe("configuration", () => {
  it("the payment provider answers after 3 seconds in production unless PAYMENT_LATENCY_MS says otherwise", () => {
    expect(configFromEnv({}, "/d").paymentLatencyMs).toBe(3000);
    expect(configFromEnv({ PAYMENT_LATENCY_MS: "0" }, "/d").paymentLatencyMs).toBe(0);
    expect(configFromEnv({ PAYMENT_LATENCY_MS: "250" }, "/d").paymentLatencyMs).toBe(250);
  });
});

describe("GET /api/wallet/methods", () => {
  it("lists the four methods of the spec with fee text and limits in cents, to anyone", async () => {
    const res = await new Session(t).get("/api/wallet/methods");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      methods: [
        { id: "card", name: "Credit/Debit Card", processingTime: "Instant", feeText: "2.9% + $0.30", minAmount: 1_000, maxAmount: 1_000_000 },
        { id: "paypal", name: "PayPal", processingTime: "Instant", feeText: "3.4% + $0.30", minAmount: 500, maxAmount: 500_000 },
        { id: "crypto", name: "Bitcoin", processingTime: "10-60 minutes", feeText: "Network fees", minAmount: 2_000, maxAmount: 5_000_000 },
        { id: "bank", name: "Bank Transfer", processingTime: "1-3 business days", feeText: "Free", minAmount: 5_000, maxAmount: 2_500_000 },
      ],
    });
  });
});

describe("POST /api/wallet/deposits", () => {
  it("card 250.00: fee 2.9% + 0.30 kept by the house, 10% bonus as its own transaction from promotions", async () => {
    const c = await customer();
    const res = await c.s.post("/api/wallet/deposits", { method: "card", amount: 25_000 });
    expect(res.status).toBe(201);
    const body = await res.json();
    // fee = floor(25000 x 2.9%) + 30 = 725 + 30; bonus = 2500; credited = 25000 - 755 + 2500
    expect(body).toEqual({
      paymentId: expect.stringMatching(/^pay_/), state: "completed", transactionId: expect.stringMatching(/^tx_/), providerReference: expect.stringMatching(/^ch_/),
      method: "card", amount: 25_000, fee: 755, bonus: 2_500, credited: 26_745, balance: 124_245,
    });
    // The bonus goes to the bonus account (docs/money.md "Bonus funds"): cash is 100,000 + 25,000 - 755.
    expect(await balanceOf(c.s)).toBe(124_245);
    expect(await postingsOfTx(body.transactionId)).toEqual([
      ["payments", -25_000], [`wallet:${c.id}`, 25_000], [`wallet:${c.id}`, -755], ["house", 755],
    ]);
    const bonus = await t.database.client.execute({
      sql: "SELECT t.id, t.kind FROM ledger_transactions t JOIN payments p ON p.id = t.reference WHERE p.settle_transaction_id = ? AND t.kind = 'deposit_bonus'",
      args: [body.transactionId],
    });
    expect(bonus.rows).toHaveLength(1);
    expect(await postingsOfTx(String(bonus.rows[0].id))).toEqual([["promotions", -2_500], [`bonus:${c.id}`, 2_500]]);
    const pay = await t.database.client.execute({ sql: "SELECT direction, method, amount, fee, bonus, state, provider_reference FROM payments WHERE user_id = ?", args: [c.id] });
    expect(pay.rows.map((r) => ({ ...r }))).toEqual([
      { direction: "deposit", method: "card", amount: 25_000, fee: 755, bonus: 2_500, state: "completed", provider_reference: body.providerReference },
    ]);
    await expectLedgerBalanced(t.database);
  });

  it("bank transfer has no fee and no bonus under 100.00; the bonus is capped at 50.00", async () => {
    const c = await customer();
    const small = await c.s.post("/api/wallet/deposits", { method: "paypal", amount: 9_999 });
    // paypal fee = floor(9999 x 3.4%) + 30 = 339 + 30
    expect(await small.json()).toMatchObject({ amount: 9_999, fee: 369, bonus: 0, credited: 9_630, balance: 109_630 });
    const big = await c.s.post("/api/wallet/deposits", { method: "bank", amount: 100_000 });
    // The bonus goes to the bonus account: cash is 109,630 + 100,000.
    expect(await big.json()).toMatchObject({ amount: 100_000, fee: 0, bonus: 5_000, credited: 105_000, balance: 209_630 });
    await expectLedgerBalanced(t.database);
  });

  it("refuses amounts outside the method's minimum and maximum with 422, writing nothing", async () => {
    const c = await customer();
    const before = await postingsOf(c.id);
    const low = await expectError(await c.s.post("/api/wallet/deposits", { method: "bank", amount: 4_999 }), 422, "WALLET.AMOUNT_BELOW_MIN");
    expect(low.error.details).toEqual({ method: "bank", minAmount: 5_000 });
    await expectError(await c.s.post("/api/wallet/deposits", { method: "paypal", amount: 500_001 }), 422, "WALLET.AMOUNT_ABOVE_MAX");
    expect(await postingsOf(c.id)).toBe(before);
    expect(await paymentsOf(c.id)).toBe(0);
  });

  it("before the first deposit the customer must set a deposit limit or decline: 409 RG.LIMIT_PROMPT_REQUIRED", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const charges = provider.log.length;
    await expectError(await s.post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 409, "RG.LIMIT_PROMPT_REQUIRED");
    expect(provider.log.length).toBe(charges); // nothing was charged
    expect(await paymentsOf(id)).toBe(0);
    // Setting a deposit limit answers the prompt.
    expect((await put(s, "/api/responsible/limits", { type: "deposit", period: "daily", amount: 50_000 })).status).toBe(200);
    expect((await s.post("/api/wallet/deposits", { method: "card", amount: 5_000 })).status).toBe(201);
  });

  it("a customer at verification none cannot deposit (403 KYC.LEVEL_REQUIRED); at basic they can", async () => {
    const r = await registerCustomer(t);
    await put(r.session, "/api/responsible/limit-prompt", { declined: true });
    const refused = await expectError(await r.session.post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 403, "KYC.LEVEL_REQUIRED");
    expect(refused.error.details).toEqual({ required: "basic", current: "none" });
    const v = await verifiedCustomer(t, "basic");
    await put(v.session, "/api/responsible/limit-prompt", { declined: true });
    const ok = await v.session.post("/api/wallet/deposits", { method: "card", amount: 5_000 });
    expect(ok.status).toBe(201);
    expect((await ok.json()).balance).toBe(5_000 - (145 + 30));
    await expectLedgerBalanced(t.database);
  });

  it("a declined charge is 422 WALLET.PAYMENT_DECLINED, moves no money, and the payment says failed", async () => {
    const c = await customer();
    const before = await postingsOf(c.id);
    await expectError(await c.s.post("/api/wallet/deposits", { method: "card", amount: 4_040 }), 422, "WALLET.PAYMENT_DECLINED");
    expect(await balanceOf(c.s)).toBe(100_000);
    expect(await postingsOf(c.id)).toBe(before);
    const { items } = await (await c.s.get("/api/wallet/payments")).json();
    expect(items).toEqual([expect.objectContaining({
      direction: "deposit", method: "card", amount: 4_040, state: "failed", stateLabel: "Failed, nothing was taken", failureReason: "Insufficient funds on card",
    })]);
  });

  it("Idempotency-Key: a repeat answers as the first and charges once; the key with another body is 409", async () => {
    const c = await customer();
    const headers = { "idempotency-key": "dep-1" };
    const charges = provider.log.filter((l) => l.kind === "charge").length;
    const first = await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 }, headers);
    expect(first.status).toBe(201);
    const again = await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(provider.log.filter((l) => l.kind === "charge").length).toBe(charges + 1);
    expect(await paymentsOf(c.id)).toBe(1);
    await expectError(await c.s.post("/api/wallet/deposits", { method: "bank", amount: 20_000 }, headers), 409, "WALLET.IDEMPOTENCY_CONFLICT");
    expect(await balanceOf(c.s)).toBe(100_000 + 10_000); // the 1,000 bonus is in the bonus account
  });

  it("the same key sent twice at once deposits once; the other charge is refunded", async () => {
    const c = await customer();
    const headers = { "idempotency-key": "dep-race" };
    const [a, b] = await Promise.all([
      c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 }, headers),
      c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 }, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await paymentsOf(c.id)).toBe(1);
    expect(await balanceOf(c.s)).toBe(110_000);
    await expectLedgerBalanced(t.database);
  });

  it("refuses staff, visitors and bad input", async () => {
    const admin = await demoLogin(t, "admin");
    await expectError(await admin.post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 401, "AUTH.REQUIRED");
    const c = await customer();
    await expectInvalidFields(await c.s.post("/api/wallet/deposits", { method: "cheque", amount: 5_000 }), "method");
    await expectInvalidFields(await c.s.post("/api/wallet/deposits", { method: "card", amount: 0 }), "amount");
    await expectInvalidFields(await c.s.post("/api/wallet/deposits", { method: "card", amount: 50.5 }), "amount");
    await expectUnknownKey(await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000, bonus: 5_000 }), "bonus");
    await expectInvalidFields(await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000 }, { "idempotency-key": "" }), "idempotency-key");
  });

  it("a suspended account cannot deposit (403 AUTH.ACCOUNT_SUSPENDED) but can still withdraw its own money", async () => {
    const c = await customer();
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [c.id] });
    await expectError(await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 403, "AUTH.ACCOUNT_SUSPENDED");
    await expectError(await c.s.get("/api/wallet/transactions"), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(await paymentsOf(c.id)).toBe(0);
    const out = await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 5_000 });
    expect(out.status).toBe(201);
    expect(await out.json()).toMatchObject({ state: "completed", amount: 5_000, balance: 95_000 });
  });
});

describe("POST /api/wallet/withdrawals", () => {
  it("debits the wallet to the payment provider for a fully verified customer", async () => {
    const c = await customer();
    const res = await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 30_000 });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      paymentId: expect.stringMatching(/^pay_/), state: "completed", transactionId: expect.stringMatching(/^tx_/), providerReference: expect.stringMatching(/^po_/),
      method: "bank", amount: 30_000, balance: 70_000,
    });
    // The hold, written before the provider was asked; then the payout out of the hold.
    expect(await postingsOfTx(body.transactionId)).toEqual([[`wallet:${c.id}`, -30_000], ["payments_held", 30_000]]);
    const settle = await t.database.client.execute({ sql: "SELECT settle_transaction_id AS id FROM payments WHERE id = ?", args: [body.paymentId] });
    expect(await postingsOfTx(String(settle.rows[0].id))).toEqual([["payments_held", -30_000], ["payments", 30_000]]);
    await expectLedgerBalanced(t.database);
  });

  it("needs full verification: basic is 403 KYC.LEVEL_REQUIRED", async () => {
    const v = await verifiedCustomer(t, "basic");
    const r = await expectError(await v.session.post("/api/wallet/withdrawals", { method: "bank", amount: 5_000 }), 403, "KYC.LEVEL_REQUIRED");
    expect(r.error.details).toEqual({ required: "full", current: "basic" });
  });

  it("the database refuses an overdraft: 422 WALLET.INSUFFICIENT_FUNDS, nothing written", async () => {
    const c = await customer();
    const before = await postingsOf(c.id);
    await expectError(await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 100_001 }), 422, "WALLET.INSUFFICIENT_FUNDS");
    expect(await postingsOf(c.id)).toBe(before);
    expect(await paymentsOf(c.id)).toBe(0);
    await expectError(await c.s.post("/api/wallet/withdrawals", { method: "paypal", amount: 499 }), 422, "WALLET.AMOUNT_BELOW_MIN");
  });

  it("two withdrawals racing for one balance: only one passes", async () => {
    const c = await customer();
    const results = await Promise.all([0, 1, 2].map(() => c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 60_000 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    expect(await balanceOf(c.s)).toBe(40_000);
    await expectLedgerBalanced(t.database);
  });

  it("a payout the provider declines is booked back: 422 WALLET.PAYMENT_DECLINED and the balance is whole", async () => {
    const c = await customer();
    await expectError(await c.s.post("/api/wallet/withdrawals", { method: "paypal", amount: 6_060 }), 422, "WALLET.PAYMENT_DECLINED");
    expect(await balanceOf(c.s)).toBe(100_000);
    const rows = await t.database.client.execute({ sql: "SELECT direction, state, failure_reason FROM payments WHERE user_id = ? ORDER BY created_at, rowid", args: [c.id] });
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([{ direction: "withdrawal", state: "failed", failure_reason: "Account closed" }]);
    const { items } = await (await c.s.get("/api/wallet/payments")).json();
    expect(items[0]).toMatchObject({ state: "failed", stateLabel: "Failed, returned to your balance", method: "paypal" });
    await expectLedgerBalanced(t.database);
  });
});

describe("GET /api/wallet/transactions and transactions.csv", () => {
  it("lists the wallet's ledger transactions newest first, each with the balance after it, filterable", async () => {
    const c = await customer();
    const dep = await (await c.s.post("/api/wallet/deposits", { method: "card", amount: 20_000 })).json();
    const sel = selectionOf(pool.next());
    const bet = await placeOk(c.s, [sel], 1_500);
    await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 5_000 });

    const res = await c.s.get("/api/wallet/transactions");
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(["withdrawal", "bet_stake", "deposit", "demo_grant"]);
    expect(items.map((i: { amount: number }) => i.amount)).toEqual([-5_000, -1_500, 20_000 - 610, 100_000]);
    expect(items[0].balanceAfter).toBe(await balanceOf(c.s));
    for (let i = 0; i < items.length - 1; i++) expect(items[i].balanceAfter - items[i].amount).toBe(items[i + 1].balanceAfter);
    expect(items[2]).toEqual({
      id: dep.transactionId, kind: "deposit", amount: 19_390, balanceAfter: 119_390, createdAt: expect.any(String),
      reference: expect.stringMatching(/^pay_/), description: "Deposit by Credit/Debit Card (fee $6.10)", status: "completed",
    });
    expect(items[1].reference).toBe(bet.bet.id);
    expect(items[1].description).toMatch(/^Stake: /);

    const deposits = await (await c.s.get("/api/wallet/transactions?kind=deposit")).json();
    expect(deposits.items.map((i: { kind: string }) => i.kind)).toEqual(["deposit"]);
    const bonuses = await (await c.s.get("/api/wallet/transactions?kind=bonus")).json();
    expect(bonuses.items.map((i: { kind: string }) => i.kind)).toEqual(["demo_grant"]);
    const limited = await (await c.s.get("/api/wallet/transactions?limit=2")).json();
    expect(limited.items).toHaveLength(2);
    await expectInvalidFields(await c.s.get("/api/wallet/transactions?kind=fees"), "kind");
    await expectInvalidFields(await c.s.get("/api/wallet/transactions?from=yesterday"), "from");
  });

  it("filters by time: from inclusive, to exclusive", async () => {
    const day1 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
    const day2 = new Date(day1.getTime() + 3 * 3_600_000);
    t.clock.set(day1);
    try {
      const c = await customer();
      await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
      t.clock.set(day2);
      await c.s.post("/api/wallet/deposits", { method: "bank", amount: 20_000 });
      const q = (from: Date, to?: Date) =>
        c.s.get(`/api/wallet/transactions?kind=deposit&from=${from.toISOString()}${to ? `&to=${to.toISOString()}` : ""}`).then((r) => r.json());
      expect((await q(day1, day2)).items.map((i: { amount: number }) => i.amount)).toEqual([10_000]);
      expect((await q(day2)).items.map((i: { amount: number }) => i.amount)).toEqual([20_000]);
      expect((await q(new Date(day1.getTime() + 1))).items.map((i: { amount: number }) => i.amount)).toEqual([20_000]);
    } finally {
      t.clock.set(null as unknown as Date);
    }
  });

  it("exports the same lines as a CSV attachment with escaped fields", async () => {
    const c = await customer();
    await c.s.post("/api/wallet/deposits", { method: "paypal", amount: 1_234 });
    const json = await (await c.s.get("/api/wallet/transactions")).json();
    const res = await c.s.get("/api/wallet/transactions.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("Date,Type,Description,Amount,Balance After,Reference,Status,Transaction ID");
    expect(lines).toHaveLength(json.items.length + 2); // header, lines, final empty string
    // paypal fee = floor(1234 x 3.4%) + 30 = 41 + 30 = 71
    expect(lines[1]).toBe(`${json.items[0].createdAt},deposit,Deposit by PayPal (fee $0.71),11.63,1011.63,${json.items[0].reference},completed,${json.items[0].id}`);
    const kinds = (await (await c.s.get("/api/wallet/transactions.csv?kind=bonus")).text()).split("\r\n").filter(Boolean).slice(1).map((l) => l.split(",")[1]);
    expect(kinds).toEqual(["demo_grant"]);
    await expectError(await new Session(t).get("/api/wallet/transactions.csv"), 401, "AUTH.REQUIRED");
  });
});
