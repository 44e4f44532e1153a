/**
 * Recovery timing of the payments reconciler (api/jobs/payment-reconciler.ts), with an injected
 * clock and hand-driven timers (no sleeps): after a restart, the payments a dead process left in
 * flight are younger than the grace, so the start pass leaves them; one more pass runs when the
 * grace after the start has passed, and the customer's payments read completed then, not a minute
 * later at the next interval.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, realCustomerLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { currentUserId, expectLedgerBalanced } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { SimulatedPaymentProvider } from "../../adapters/payments/simulated-provider.ts";
import { LibsqlProviderMemory } from "../../adapters/payments/provider-memory.ts";
import { PaymentReconciler, type ReconcilerTimers } from "../../api/jobs/payment-reconciler.ts";
import { ledgerTransaction, PAYMENTS_HELD_ACCOUNT, transfer, walletAccountId } from "../../domain/wallet/ledger.ts";
import type { PaymentRecord } from "../../domain/ports/payments.ts";

const GRACE_MS = 30_000;
const INTERVAL_MS = 60_000;

let t: TestApp;
let ports: ReturnType<typeof libsqlPorts>;
let provider: SimulatedPaymentProvider;
beforeAll(async () => {
  t = await makeTestApp();
  provider = new SimulatedPaymentProvider({ memory: new LibsqlProviderMemory(t.database.client) });
  ports = libsqlPorts(t.database, { paymentProvider: provider });
});
afterAll(() => t.close());

/** A clock the test moves, and timers the test fires: each scheduled run with when it is due. */
function handDriven(start: Date) {
  let now = start.getTime();
  const scheduled: { kind: "after" | "every"; ms: number; run: () => void; cancelled: boolean }[] = [];
  const add = (kind: "after" | "every") => (ms: number, run: () => void) => {
    const entry = { kind, ms, run, cancelled: false };
    scheduled.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  };
  const timers: ReconcilerTimers = { after: add("after"), every: add("every") };
  return { clock: { now: () => new Date(now) }, timers, scheduled, advance: (ms: number) => void (now += ms), at: () => now };
}

const basePayment = (userId: string, createdAt: Date, o: Partial<PaymentRecord>): PaymentRecord => ({
  id: randomIds.next("pay"), userId, direction: "deposit", method: "card", amount: 10_000, fee: 320, bonus: 0, state: "pending",
  providerReference: null, failureReason: null, transactionId: null, settleTransactionId: null, reviewedBy: null, reviewedAt: null,
  reviewReason: null, createdAt, updatedAt: createdAt, ...o,
});

/** What a process killed mid-request leaves: a deposit the provider charged but nobody booked, and a withdrawal's hold before the payout. */
async function leftInFlight(userId: string, createdAt: Date) {
  const deposit = basePayment(userId, createdAt, { amount: 20_000, fee: 610 });
  expect((await ports.payments.openDeposit({ payment: deposit, depositLimits: [], idempotency: null })).kind).toBe("opened");
  await provider.charge({ reference: deposit.id, userId, method: "card", amount: 20_000 });
  const hold = ledgerTransaction(
    { id: randomIds.next("tx"), kind: "withdrawal", reference: null, createdAt, createdBy: userId },
    transfer(walletAccountId(userId), PAYMENTS_HELD_ACCOUNT, 15_000),
  );
  if (!hold.ok) throw new Error("hold");
  const withdrawal = basePayment(userId, createdAt, { direction: "withdrawal", method: "bank", amount: 15_000, fee: 0, transactionId: hold.value.id });
  hold.value.reference = withdrawal.id;
  expect((await ports.payments.openWithdrawal({ payment: withdrawal, hold: hold.value, walletAccountId: walletAccountId(userId) })).kind).toBe("opened");
  return [deposit.id, withdrawal.id];
}

async function statesSeenBy(s: Session, ids: string[]) {
  const res = await s.get("/api/wallet/payments");
  expect(res.status).toBe(200);
  const items = ((await res.json()) as { items: { id: string; state: string }[] }).items;
  return ids.map((id) => items.find((p) => p.id === id)?.state);
}

async function customer() {
  const s = await realCustomerLogin(t);
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return { s, id: await currentUserId(s) };
}

describe("after a restart, payments left in flight", () => {
  it("are settled by a pass when the grace after the start has passed, not at the next interval", async () => {
    const c = await customer();
    const restart = new Date(Date.now() + 60_000);
    // The process died 5 s before the restart, in the middle of both payments.
    const ids = await leftInFlight(c.id, new Date(restart.getTime() - 5_000));
    const time = handDriven(restart);
    const job = new PaymentReconciler({ ports, clock: time.clock, ids: randomIds }, { intervalMs: INTERVAL_MS, graceMs: GRACE_MS, timers: time.timers, log: () => {} });

    await job.start();
    // The start pass must leave payments younger than the grace alone (another instance may be answering them).
    expect(job.lastRun?.summary.checked).toBe(0);
    expect(await statesSeenBy(c.s, ids)).toEqual(["pending", "pending"]);
    // A pass is due at the grace after the start, besides the interval.
    const followUp = time.scheduled.find((x) => x.kind === "after");
    expect(followUp?.ms).toBe(GRACE_MS);
    expect(time.scheduled.find((x) => x.kind === "every")?.ms).toBe(INTERVAL_MS);

    time.advance(GRACE_MS);
    followUp!.run();
    await job.runOnce({ needLease: false }); // joins the pass the timer started
    expect(job.lastRun?.summary).toMatchObject({ checked: 2, completed: 2 });
    // Pending for 5 s before the restart + the grace: 35 s at most, not the 65-95 s of waiting for the interval.
    expect(await statesSeenBy(c.s, ids)).toEqual(["completed", "completed"]);
    expect(time.at() - (restart.getTime() - 5_000)).toBe(GRACE_MS + 5_000);
    await expectLedgerBalanced(t.database);

    job.stop();
    expect(time.scheduled.every((x) => x.cancelled)).toBe(true);
  });

  it("schedule no extra pass when the interval comes first or there is no grace", async () => {
    for (const [intervalMs, graceMs, extra] of [[10_000, 30_000, false], [0, 30_000, true], [60_000, 0, false], [0, 0, false]] as const) {
      const time = handDriven(new Date());
      const job = new PaymentReconciler({ ports, clock: time.clock, ids: randomIds }, { intervalMs, graceMs, timers: time.timers, log: () => {} });
      await job.start();
      expect(time.scheduled.some((x) => x.kind === "after"), `interval ${intervalMs}, grace ${graceMs}`).toBe(extra);
      expect(time.scheduled.some((x) => x.kind === "every")).toBe(intervalMs > 0);
      job.stop();
    }
  });
});
