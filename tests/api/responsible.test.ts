/**
 * Responsible gambling through the API with a fixed clock: deposit limits (a first or lower limit
 * at once, a higher one or a removal 24 hours later; rolling windows that let a deposit drop out
 * exactly 24 hours after it was made), the first-deposit limit prompt, time-outs, self-exclusion
 * with its return and cooling-off, and the 15-minute break (cannot be lifted or shortened;
 * withdrawals still allowed), the reality-check
 * interval and session statistics from real sessions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deferUpcomingEvents, demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced, placeOk, selectionOf, upcomingPool,
} from "../fixtures/builders.ts";
import { put, registerCustomer } from "../fixtures/accounts.ts";
import { addMonthsUtc } from "../../domain/responsible/exclusion.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  // These tests move the clock up to a week ahead and still bet pre-match.
  await deferUpcomingEvents(t, 30 * 86_400_000);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

const H = 3_600_000;
/** A fixed start, on the hour, shortly after the seed's "now" so the seeded events are still open. */
const T0 = new Date(Math.floor(Date.now() / H) * H + H);
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A demo customer signed in at T0 whose session outlives the test's clock moves. */
async function customer(opts: { promptAnswered?: boolean } = {}) {
  t.clock.set(T0);
  const s = await demoLogin(t, "customer");
  const id = await currentUserId(s);
  await t.database.client.execute({ sql: "UPDATE sessions SET expires_at = ? WHERE user_id = ?", args: [T0.getTime() + 400 * 24 * H, id] });
  if (opts.promptAnswered !== false) await put(s, "/api/responsible/limit-prompt", { declined: true });
  return { s, id };
}

async function state(s: Session) {
  const res = await s.get("/api/responsible");
  expect(res.status).toBe(200);
  return res.json();
}
const deposit = (s: Session, amount: number) => s.post("/api/wallet/deposits", { method: "bank", amount });
const setLimit = (s: Session, type: "deposit" | "loss", period: "daily" | "weekly" | "monthly", amount: number | null) =>
  put(s, "/api/responsible/limits", { type, period, amount });

describe("GET /api/responsible", () => {
  it("a new customer has no limits (the spec's defaults only as suggestions), the prompt unanswered, no exclusion", async () => {
    const { s } = await customer({ promptAnswered: false });
    const none = { amount: null, used: 0, pending: null };
    expect(await state(s)).toEqual({
      depositLimits: { daily: none, weekly: none, monthly: none },
      lossLimits: { daily: none, weekly: none, monthly: none },
      suggestedLimits: {
        deposit: { daily: 50_000, weekly: 150_000, monthly: 500_000 },
        loss: { daily: 20_000, weekly: 50_000, monthly: 100_000 },
      },
      limitPromptAnswered: false,
      exclusion: { active: false, kind: null, until: null, reason: null, stage: null, returnAccessAt: null, inherited: false, registerListed: false },
      realityCheckMinutes: 60,
      session: { startedAt: T0.toISOString(), minutes: 0, netWinLoss: 0, openStakes: 0, todayMinutes: expect.any(Number), weeklyAverageMinutes: 0, longestMinutes: 0 },
    });
  });

  it("is for customers only", async () => {
    await expectError(await new Session(t).get("/api/responsible"), 401, "AUTH.REQUIRED");
    await expectError(await (await demoLogin(t, "trader")).get("/api/responsible"), 403, "AUTH.FORBIDDEN");
  });
});

describe("deposit limits across the 24-hour boundary", () => {
  it("a first limit applies at once and refuses the deposit that would pass it, with period, limit and used", async () => {
    const { s, id } = await customer();
    const res = await setLimit(s, "deposit", "daily", 50_000);
    expect(res.status).toBe(200);
    expect((await res.json()).depositLimits.daily).toEqual({ amount: 50_000, used: 0, pending: null });
    expect((await deposit(s, 30_000)).status).toBe(201);
    const refused = await expectError(await deposit(s, 20_001), 422, "RG.DEPOSIT_LIMIT");
    expect(refused.error.details).toEqual({ period: "daily", limit: 50_000, used: 30_000 });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [id])).toBe(1);
    expect((await deposit(s, 20_000)).status).toBe(201); // reaching the limit exactly is allowed
    expect((await state(s)).depositLimits.daily.used).toBe(50_000);
    await expectLedgerBalanced(t.database);
  });

  it("daily is a rolling 24 hours: a deposit stops counting exactly 24 hours after it was made", async () => {
    const { s } = await customer();
    await setLimit(s, "deposit", "daily", 50_000);
    await deposit(s, 30_000); // at T0
    t.clock.set(at(24 * H - 1));
    await expectError(await deposit(s, 25_000), 422, "RG.DEPOSIT_LIMIT");
    expect((await state(s)).depositLimits.daily.used).toBe(30_000);
    t.clock.set(at(24 * H));
    expect((await state(s)).depositLimits.daily.used).toBe(0);
    expect((await deposit(s, 25_000)).status).toBe(201);
  });

  it("weekly and monthly windows count 7 and 30 days", async () => {
    const { s } = await customer();
    await setLimit(s, "deposit", "weekly", 100_000);
    await deposit(s, 60_000); // T0
    t.clock.set(at(6 * 24 * H));
    await expectError(await deposit(s, 50_000), 422, "RG.DEPOSIT_LIMIT");
    t.clock.set(at(7 * 24 * H));
    expect((await deposit(s, 50_000)).status).toBe(201);
    const st = await state(s);
    expect(st.depositLimits.weekly.used).toBe(50_000);
    expect(st.depositLimits.monthly).toEqual({ amount: null, used: 110_000, pending: null });
  });

  it("an increase waits 24 hours (the old limit holds until then); a decrease applies at once and cancels it", async () => {
    const { s } = await customer();
    await setLimit(s, "deposit", "daily", 20_000);
    t.clock.set(at(H));
    const raised = await (await setLimit(s, "deposit", "daily", 80_000)).json();
    expect(raised.depositLimits.daily).toEqual({ amount: 20_000, used: 0, pending: { amount: 80_000, effectiveAt: at(25 * H).toISOString() } });
    await expectError(await deposit(s, 30_000), 422, "RG.DEPOSIT_LIMIT");
    t.clock.set(at(25 * H - 1));
    await expectError(await deposit(s, 30_000), 422, "RG.DEPOSIT_LIMIT");
    t.clock.set(at(25 * H));
    expect((await state(s)).depositLimits.daily).toEqual({ amount: 80_000, used: 0, pending: null });
    expect((await deposit(s, 30_000)).status).toBe(201);

    // Raise again, then lower before it applies: the lower limit is immediate and the raise is gone.
    await setLimit(s, "deposit", "daily", 100_000);
    const lowered = await (await setLimit(s, "deposit", "daily", 40_000)).json();
    expect(lowered.depositLimits.daily).toEqual({ amount: 40_000, used: 30_000, pending: null });
    await expectError(await deposit(s, 10_001), 422, "RG.DEPOSIT_LIMIT");
  });

  it("a removal also waits 24 hours", async () => {
    const { s } = await customer();
    await setLimit(s, "deposit", "daily", 10_000);
    const removing = await (await setLimit(s, "deposit", "daily", null)).json();
    expect(removing.depositLimits.daily.pending).toEqual({ amount: null, effectiveAt: at(24 * H).toISOString() });
    t.clock.set(at(24 * H - 1));
    await expectError(await deposit(s, 10_001), 422, "RG.DEPOSIT_LIMIT");
    t.clock.set(at(24 * H));
    expect((await state(s)).depositLimits.daily).toEqual({ amount: null, used: 0, pending: null });
    expect((await deposit(s, 10_001)).status).toBe(201);
  });

  it("every change is audited, and bad input is a 400", async () => {
    const { s, id } = await customer();
    await setLimit(s, "loss", "weekly", 5_000);
    await setLimit(s, "loss", "weekly", 9_000);
    const rows = await t.database.client.execute({
      sql: "SELECT action, after FROM audit_log WHERE entity_id = ? AND action LIKE 'responsible.%' ORDER BY created_at, rowid",
      args: [id],
    });
    expect(rows.rows.map((r) => [r.action, JSON.parse(String(r.after)).applies])).toEqual([
      ["responsible.limit_prompt_declined", undefined],
      ["responsible.loss_limit", "immediately"],
      ["responsible.loss_limit", "after_cooling_off"],
    ]);
    await expectInvalidFields(await setLimit(s, "deposit", "daily", 0), "amount");
    await expectInvalidFields(await put(s, "/api/responsible/limits", { type: "spend", period: "daily", amount: 100 }), "type");
    await expectInvalidFields(await put(s, "/api/responsible/limits", { type: "loss", period: "hourly", amount: 100 }), "period");
    await expectInvalidFields(await put(s, "/api/responsible/limit-prompt", { declined: false }), "declined");
  });
});

describe("the first-deposit limit prompt", () => {
  it("is answered by declining it (PUT /api/responsible/limit-prompt), and stays answered", async () => {
    const { s } = await customer({ promptAnswered: false });
    await expectError(await deposit(s, 10_000), 409, "RG.LIMIT_PROMPT_REQUIRED");
    const res = await put(s, "/api/responsible/limit-prompt", { declined: true });
    expect((await res.json()).limitPromptAnswered).toBe(true);
    expect((await deposit(s, 10_000)).status).toBe(201);
  });

  it("setting a loss limit does not answer it; setting a deposit limit does", async () => {
    const { s } = await customer({ promptAnswered: false });
    await setLimit(s, "loss", "daily", 10_000);
    expect((await state(s)).limitPromptAnswered).toBe(false);
    await setLimit(s, "deposit", "monthly", 100_000);
    expect((await state(s)).limitPromptAnswered).toBe(true);
  });
});

const X = { stage: "period", returnAccessAt: null, inherited: false, registerListed: false };

describe("time-outs and self-exclusion", () => {
  it("a time-out stops bets and deposits until its end, allows withdrawals, cannot be shortened, and ends by itself", async () => {
    const { s } = await customer();
    const sel = selectionOf(pool.next());
    const res = await s.post("/api/responsible/timeout", { period: "1w", reason: "Taking a break" });
    expect(res.status).toBe(200);
    const until = at(7 * 24 * H).toISOString();
    expect((await res.json()).exclusion).toEqual({ active: true, kind: "timeout", until, reason: "Taking a break", ...X });

    const bet = await expectError(await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 403, "RG.SELF_EXCLUDED");
    expect(bet.error.details).toEqual({ kind: "timeout", until, stage: "period", returnAccessAt: null });
    await expectError(await deposit(s, 10_000), 403, "RG.SELF_EXCLUDED");
    expect((await s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 })).status).toBe(201);

    // Not shorter, not a break on top, not the same again.
    await expectError(await s.post("/api/responsible/timeout", { period: "24h" }), 409, "RG.EXCLUSION_ACTIVE");
    await expectError(await s.post("/api/responsible/break"), 409, "RG.EXCLUSION_ACTIVE");
    t.clock.set(at(1));
    await expectError(await s.post("/api/responsible/timeout", { period: "24h" }), 409, "RG.EXCLUSION_ACTIVE");
    await expectError(await s.post("/api/responsible/exclusion/return"), 409, "RG.EXCLUSION_ACTIVE");

    t.clock.set(at(7 * 24 * H - 1));
    await expectError(await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 403, "RG.SELF_EXCLUDED");
    t.clock.set(at(7 * 24 * H));
    expect((await state(s)).exclusion.active).toBe(false);
    expect((await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" })).status).toBe(201);
    expect((await deposit(s, 10_000)).status).toBe(201);
    await expectLedgerBalanced(t.database);
  });

  it("time-outs are 24 hours to 6 weeks and self-exclusion 6 months to permanent: each endpoint refuses the other's periods", async () => {
    const { s } = await customer();
    for (const period of ["6m", "1y", "5y", "permanent", "3m", "2w"])
      await expectInvalidFields(await s.post("/api/responsible/timeout", { period }), "period");
    for (const period of ["24h", "1w", "1m", "6w", "3m"])
      await expectInvalidFields(await s.post("/api/responsible/exclusion", { period }), "period");
    const six = await (await s.post("/api/responsible/timeout", { period: "6w" })).json();
    expect(six.exclusion.until).toBe(at(42 * 24 * H).toISOString());
  });

  it("a self-exclusion can follow a time-out; nothing shorter can follow it; permanent never ends and has no return", async () => {
    const { s } = await customer();
    await s.post("/api/responsible/timeout", { period: "24h" });
    const longer = await (await s.post("/api/responsible/exclusion", { period: "6m" })).json();
    expect(longer.exclusion).toMatchObject({ kind: "self_exclusion", until: addMonthsUtc(T0, 6).toISOString(), stage: "period" });
    await expectError(await s.post("/api/responsible/timeout", { period: "6w" }), 409, "RG.EXCLUSION_ACTIVE");
    const perm = await (await s.post("/api/responsible/exclusion", { period: "permanent" })).json();
    expect(perm.exclusion).toEqual({ active: true, kind: "self_exclusion", until: null, reason: null, ...X });
    t.clock.set(at(380 * 24 * H));
    await expectError(await deposit(s, 10_000), 403, "RG.SELF_EXCLUDED");
    await expectError(await s.post("/api/responsible/exclusion", { period: "5y" }), 409, "RG.EXCLUSION_ACTIVE");
    await expectError(await s.post("/api/responsible/exclusion/return"), 409, "RG.EXCLUSION_ACTIVE");
  });

  it("at the end of a self-exclusion gambling stays closed until the customer asks to return, then 24 hours more", async () => {
    const { s } = await customer();
    const sel = selectionOf(pool.next());
    await s.post("/api/responsible/exclusion", { period: "6m" });
    const end = addMonthsUtc(T0, 6);
    // No early lifting.
    t.clock.set(new Date(end.getTime() - 1));
    const early = await expectError(await s.post("/api/responsible/exclusion/return"), 409, "RG.EXCLUSION_ACTIVE");
    expect(early.error.details).toMatchObject({ stage: "period" });
    // The period is over: still closed, a month later too.
    t.clock.set(new Date(end.getTime() + 30 * 24 * H));
    expect((await state(s)).exclusion).toMatchObject({ active: true, stage: "awaiting_return" });
    const closed = await expectError(await deposit(s, 10_000), 403, "RG.SELF_EXCLUDED");
    expect(closed.error.details).toMatchObject({ stage: "awaiting_return" });
    await expectError(await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 403, "RG.SELF_EXCLUDED");
    // Positive action, then the cooling-off.
    const asked = new Date(end.getTime() + 30 * 24 * H);
    const res = await s.post("/api/responsible/exclusion/return");
    expect(res.status).toBe(200);
    const accessAt = new Date(asked.getTime() + 24 * H).toISOString();
    expect((await res.json()).exclusion).toMatchObject({ active: true, stage: "cooling_off", returnAccessAt: accessAt });
    await expectError(await s.post("/api/responsible/exclusion/return"), 409, "RG.EXCLUSION_ACTIVE");
    t.clock.set(new Date(asked.getTime() + 24 * H - 1));
    await expectError(await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 403, "RG.SELF_EXCLUDED");
    t.clock.set(new Date(asked.getTime() + 24 * H));
    expect((await state(s)).exclusion.active).toBe(false);
    expect((await deposit(s, 10_000)).status).toBe(201);
    await expectError(await s.post("/api/responsible/exclusion/return"), 409, "RG.NOT_EXCLUDED");
  });

  it("the database refuses to change or remove an exclusion, and to record a return before the end or without the cooling-off", async () => {
    const { s, id } = await customer();
    await s.post("/api/responsible/exclusion", { period: "6m" });
    await expect(t.database.client.execute({ sql: "UPDATE responsible_exclusions SET ends_at = 1 WHERE user_id = ?", args: [id] }))
      .rejects.toThrow(/RG.EXCLUSION_IMMUTABLE/);
    await expect(t.database.client.execute({ sql: "DELETE FROM responsible_exclusions WHERE user_id = ?", args: [id] }))
      .rejects.toThrow(/RG.EXCLUSION_IMMUTABLE/);
    await expect(t.database.client.execute({
      sql: "UPDATE responsible_exclusions SET return_requested_at = ?, return_access_at = ? WHERE user_id = ?",
      args: [T0.getTime(), T0.getTime() + 24 * H, id],
    })).rejects.toThrow(/RG.EXCLUSION_IMMUTABLE/);
    const end = addMonthsUtc(T0, 6).getTime();
    await expect(t.database.client.execute({
      sql: "UPDATE responsible_exclusions SET return_requested_at = ?, return_access_at = ? WHERE user_id = ?",
      args: [end, end + 24 * H - 1, id],
    })).rejects.toThrow(/RG.EXCLUSION_IMMUTABLE/);
  });

  it("'Take a 15 Minute Break' is a 15-minute time-out", async () => {
    const { s } = await customer();
    const sel = selectionOf(pool.next());
    const res = await s.post("/api/responsible/break");
    expect(res.status).toBe(200);
    expect((await res.json()).exclusion).toEqual({ active: true, kind: "timeout", until: at(15 * 60_000).toISOString(), reason: "Reality check break", ...X });
    t.clock.set(at(15 * 60_000 - 1));
    const r = await expectError(await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" }), 403, "RG.SELF_EXCLUDED");
    expect(r.error.details).toMatchObject({ kind: "timeout" });
    t.clock.set(at(15 * 60_000));
    expect((await s.post("/api/bets", { selections: [sel], stake: 1_000, betType: "single" })).status).toBe(201);
  });

  it("refuses bad periods", async () => {
    const { s } = await customer();
    await expectInvalidFields(await s.post("/api/responsible/exclusion", { period: "2w" }), "period");
  });
});

describe("reality check and session statistics", () => {
  it("shows the interval from the customer's settings", async () => {
    const { s } = await customer();
    expect((await put(s, "/api/account/settings", { realityCheckMinutes: 30 })).status).toBe(200);
    expect((await state(s)).realityCheckMinutes).toBe(30);
  });

  it("counts time since sign-in and the session's net win/loss from the ledger, a pending stake as open, not lost", async () => {
    const { s } = await customer();
    const sel = selectionOf(pool.next());
    t.clock.set(at(10 * 60_000));
    const bet = await placeOk(s, [sel], 2_500);
    t.clock.set(at(35 * 60_000));
    const st = await state(s);
    // Pending: the stake is not lost yet, it is on an open bet.
    expect(st.session).toMatchObject({ startedAt: T0.toISOString(), minutes: 35, netWinLoss: 0, openStakes: 2_500, longestMinutes: 35 });
    // Settled won: the return comes back into the session's figure.
    const admin = await demoLogin(t, "admin");
    const settle = await admin.post(`/api/admin/settle-bet/${bet.bet.id}`, { override: EARLY, status: "won", actualReturn: bet.bet.potentialReturn });
    expect(settle.status).toBe(200);
    expect((await state(s)).session).toMatchObject({ netWinLoss: bet.bet.potentialReturn - 2_500, openStakes: 0 });
    expect(await balanceOf(s)).toBe(100_000 - 2_500 + bet.bet.potentialReturn);
  });

  it("a bet settled lost counts its stake as lost; one still pending stays open", async () => {
    const { s } = await customer();
    t.clock.set(at(5 * 60_000));
    const lost = await placeOk(s, [selectionOf(pool.next())], 1_500);
    const open = await placeOk(s, [selectionOf(pool.next())], 700);
    expect((await state(s)).session).toMatchObject({ netWinLoss: 0, openStakes: 2_200 });
    const admin = await demoLogin(t, "admin");
    expect((await admin.post(`/api/admin/settle-bet/${lost.bet.id}`, { override: EARLY, status: "lost", actualReturn: 0 })).status).toBe(200);
    expect((await state(s)).session).toMatchObject({ netWinLoss: -1_500, openStakes: 700 });
    expect(open.bet.status).toBe("pending");
  });

  it("keeps earlier sessions after sign-out for today's total, the weekly average and the longest session", async () => {
    // A real account signs in twice on one UTC day: 08:00-08:50, then 10:00 until now (10:30).
    const day = new Date(Date.UTC(T0.getUTCFullYear(), T0.getUTCMonth(), T0.getUTCDate() + 1, 8));
    const atDay = (min: number) => new Date(day.getTime() + min * 60_000);
    t.clock.set(day);
    const r = await registerCustomer(t);
    t.clock.set(atDay(50));
    expect((await r.session.get("/api/responsible")).status).toBe(200); // seen 50 minutes in
    expect((await r.session.post("/api/logout")).status).toBe(200);
    t.clock.set(atDay(120));
    const again = new Session(t);
    expect((await again.post("/api/auth/login", { email: r.email, password: r.password })).status).toBe(200);
    t.clock.set(atDay(150));
    const st = await state(again);
    expect(st.session).toEqual({
      startedAt: atDay(120).toISOString(),
      minutes: 30,
      netWinLoss: 0,
      openStakes: 0,
      todayMinutes: 50 + 30,
      weeklyAverageMinutes: Math.floor(80 / 7),
      longestMinutes: 50,
    });
  });
});
